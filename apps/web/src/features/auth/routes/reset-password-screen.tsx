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
import { t } from '../../../lib/i18n/i18n';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';

const ZResetForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: () => t('auth.reset.mismatch'),
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
      toast.success(t('auth.reset.done'));
      await navigate('/login', { replace: true });
    } catch (error) {
      if (isHttpError(error) && error.code === 'INVALID_TOKEN') {
        setFormError({ message: t('auth.reset.expired'), expired: true });
      } else {
        setFormError({ message: applyServerErrors(error, setError, ['password']), expired: false });
      }
    }
  });

  const requestNewLink = (
    <Link to="/auth/forgot-password" className={authLinkClassName}>
      {t('auth.reset.newLink')}
    </Link>
  );

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      description={token ? t('auth.reset.description') : undefined}
      footer={
        <Link to="/login" className={authLinkClassName}>
          {t('auth.backToSignIn')}
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
            label={t('auth.reset.password')}
            type="password"
            autoComplete="new-password"
            hint={t('auth.label.passwordHint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label={t('auth.reset.confirm')}
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" pending={reset.isPending} pendingLabel={t('auth.reset.pending')}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      ) : (
        <Alert>
          {t('auth.reset.incomplete')} {requestNewLink}
        </Alert>
      )}
    </AuthLayout>
  );
}
