import { zodResolver } from '@hookform/resolvers/zod';
import { ZPassword } from '@tavolo/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';

const ZResetForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  });

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<{ message: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZResetForm), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password });
      toast.success('Your password has been changed. Sign in with the new one.');
      await navigate('/login', { replace: true });
    } catch (error) {
      if (isHttpError(error) && error.code === 'INVALID_TOKEN') {
        setFormError({ message: 'This reset link has expired or has already been used.', expired: true });
      } else {
        setFormError({ message: applyServerErrors(error, setError, ['password']), expired: false });
      }
    }
  });

  const requestNewLink = (
    <Link to="/auth/forgot-password" className={authLinkClassName}>
      Request a new link
    </Link>
  );

  return (
    <AuthLayout
      title="Choose a new password"
      description={token ? 'Other devices signed in to your account will be signed out.' : undefined}
      footer={
        <Link to="/login" className={authLinkClassName}>
          Back to sign in
        </Link>
      }
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError ? (
            <Alert>
              {formError.message} {formError.expired ? requestNewLink : null}
            </Alert>
          ) : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" pending={reset.isPending} pendingLabel="Saving…">
            Save new password
          </Button>
        </form>
      ) : (
        <Alert>This link is incomplete: it has no reset code. {requestNewLink}</Alert>
      )}
    </AuthLayout>
  );
}
