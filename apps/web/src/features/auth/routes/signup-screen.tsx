import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterRequest } from '@tavolo/contract/auth';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import {
  browserTimeZone,
  COMMON_CURRENCIES,
  currencyLabel,
  guessCurrency,
  listTimeZones,
} from '../../../lib/locale-options';
import { useRegister } from '../api/register';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';

const FIELDS = ['name', 'email', 'password', 'restaurantName', 'currency', 'timezone'] as const;

export function SignupScreen() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = useMemo(() => {
    const currency = guessCurrency(globalThis.navigator?.language);
    const timezone = browserTimeZone();
    const currencies = COMMON_CURRENCIES.includes(currency as (typeof COMMON_CURRENCIES)[number])
      ? [...COMMON_CURRENCIES]
      : [currency, ...COMMON_CURRENCIES];
    return {
      currency,
      timezone,
      currencyOptions: currencies.map((code) => ({ value: code, label: currencyLabel(code) })),
      timezoneOptions: listTimeZones(timezone).map((zone) => ({
        value: zone,
        label: zone.replaceAll('_', ' '),
      })),
    };
  }, []);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      restaurantName: '',
      currency: defaults.currency,
      timezone: defaults.timezone,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registration.mutateAsync(values);
      await navigate('/dashboard/overview', { replace: true });
    } catch (error) {
      if (isHttpError(error, 409)) {
        setError(
          'email',
          { type: 'server', message: t('auth.field.alreadyRegistered') },
          { shouldFocus: true },
        );
        setFormError(t('auth.signup.emailTaken'));
      } else {
        setFormError(applyServerErrors(error, setError, FIELDS));
      }
    }
  });

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      description={t('auth.signup.description')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to="/login" className={authLinkClassName}>
            {t('auth.signup.signIn')}
          </Link>
        </>
      }
    >
      <RedirectIfSignedIn disabled={registration.isPending || registration.isSuccess} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={t('auth.signup.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('auth.label.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('auth.label.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.label.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('auth.signup.restaurantName')}
          autoComplete="organization"
          error={errors.restaurantName?.message}
          {...register('restaurantName')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('auth.signup.currency')}
            options={defaults.currencyOptions}
            error={errors.currency?.message}
            {...register('currency')}
          />
          <SelectField
            label={t('auth.signup.timezone')}
            options={defaults.timezoneOptions}
            error={errors.timezone?.message}
            {...register('timezone')}
          />
        </div>
        <Button type="submit" pending={registration.isPending} pendingLabel={t('auth.signup.pending')}>
          {t('auth.signup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
