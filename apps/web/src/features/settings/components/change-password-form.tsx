import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangePasswordRequest, ZChangePasswordRequest } from '@tavolo/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

const DONE = 'Your password was changed. You stay signed in here; every other device was signed out.';

/** One's own password: the current one, then the new one. Other sessions end. */
export function ChangePasswordForm() {
  const toast = useToast();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setDone(false);
    try {
      await change.mutateAsync(values);
      reset();
      setDone(true);
      toast.success(DONE);
    } catch (error) {
      const fields = isHttpError(error, 422) ? error.apiError?.fields : undefined;
      if (isHttpError(error, 422) && !fields) {
        // The server says no more than "wrong password"; it belongs under that field.
        setError('currentPassword', { type: 'server', message: 'is not right' }, { shouldFocus: true });
      } else {
        setFormError(applyServerErrors(error, setError, ['currentPassword', 'newPassword']));
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Change password"
      className="flex max-w-md flex-col gap-4"
    >
      {done ? <Alert tone="success">{DONE}</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <div>
        <Button type="submit" pending={isSubmitting} pendingLabel="Changing…">
          Change password
        </Button>
      </div>
    </form>
  );
}
