import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@tavolo/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the e-mail you sign in with and we'll send you a link to choose a new password."
      footer={
        <Link to="/login" className={authLinkClassName}>
          Back to sign in
        </Link>
      }
    >
      {request.isSuccess ? (
        <Alert tone="success">
          If an account exists for that e-mail, we've sent a link to reset the password. The link is valid for
          30 minutes.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" pending={request.isPending} pendingLabel="Sending…">
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
