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
import { t } from '../../../lib/i18n/i18n';
import { useChangePassword } from '../api/change-password';

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
      toast.success(t('settings.password.changed'));
    } catch (error) {
      const fields = isHttpError(error, 422) ? error.apiError?.fields : undefined;
      if (isHttpError(error, 422) && !fields) {
        // The server says no more than "wrong password"; it belongs under that field.
        setError(
          'currentPassword',
          { type: 'server', message: t('settings.password.wrong') },
          { shouldFocus: true },
        );
      } else {
        setFormError(applyServerErrors(error, setError, ['currentPassword', 'newPassword']));
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.password.formLabel')}
      className="flex max-w-md flex-col gap-4"
    >
      {done ? <Alert tone="success">{t('settings.password.changed')}</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label={t('settings.password.current')}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label={t('settings.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('settings.password.newHint')}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <div>
        <Button type="submit" pending={isSubmitting} pendingLabel={t('settings.password.changing')}>
          {t('settings.password.submit')}
        </Button>
      </div>
    </form>
  );
}
