import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isHttpError } from '../../../lib/api-client';
import { useCurrentDevice, wasDeviceLocked } from '../../../lib/current-device';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { landingPath } from '../../../lib/landing';
import { useLogin } from '../api/login';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';
import { DeviceSignIn } from '../components/device-sign-in';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';
import { checkLoginField, type LoginFields, type LoginFormErrors, readLoginForm } from '../model/login-form';

/** Where the protected route was headed when it sent the visitor here (same-origin paths only). */
function readReturnPath(state: unknown, landing: string): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  const search = typeof from?.search === 'string' ? from.search : '';
  return pathname.startsWith('/') && !pathname.startsWith('//') && pathname !== '/login'
    ? pathname + search
    : landing;
}

/**
 * Signing in. On a shared device (PRODUCT.md §9) the staff's names and a PIN pad come first; the
 * e-mail form is a tap away.
 */
export function LoginScreen() {
  const device = useCurrentDevice();
  const [usePassword, setUsePassword] = useState(false);
  if (device.isPending) return <Loading fullScreen />;
  if (device.data && !usePassword) {
    return (
      <>
        <RedirectIfSignedIn />
        <DeviceSignIn
          device={device.data}
          locked={wasDeviceLocked()}
          onUsePassword={() => setUsePassword(true)}
        />
      </>
    );
  }
  return <PasswordLogin />;
}

function PasswordLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  /** After a refused sign-in, the other switch: said whether or not the account exists. */
  const [switchHint, setSwitchHint] = useState<string | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  const [failures, setFailures] = useState(0);

  // A refused sign-in moves the focus to the message (each time), so keyboards and readers find it.
  useEffect(() => {
    if (failures > 0) errorBox.current?.focus();
  }, [failures]);
  // A plain form rather than react-hook-form and a zod resolver: this is the dashboard's first
  // page. As before, fields are checked on submit, then again as they change.
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const fields = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const staffBox = useRef<HTMLInputElement>(null);

  const showError = (field: LoginFields, message: string | undefined, focus: boolean) => {
    setErrors((current) => ({ ...current, [field]: message }));
    if (focus) fields[field].current?.focus();
  };

  const recheck = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as LoginFields;
    if (submitted) showError(field, checkLoginField(field, event.target.value), false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const staff = staffBox.current?.checked ?? false;
    const read = readLoginForm({
      email: fields.email.current?.value ?? '',
      password: fields.password.current?.value ?? '',
    });
    if (!read.ok) {
      setErrors(read.errors);
      fields[read.errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setSwitchHint(null);
    try {
      const me = await login.mutateAsync({ ...read.request, staff });
      await navigate(readReturnPath(location.state, landingPath(me)), { replace: true });
    } catch (error) {
      // The server answers a wrong e-mail and a wrong password alike; so do we.
      if (isHttpError(error, 401)) {
        setSwitchHint(staff ? t('auth.login.hintOwner') : t('auth.login.hintStaff'));
        setFormError(t('auth.login.incorrect'));
        setFailures((count) => count + 1);
      } else {
        setFormError(
          applyServerErrors<{ email: string; password: string }>(
            error,
            (field, { message }, options) =>
              showError(field as LoginFields, message, Boolean(options?.shouldFocus)),
            ['email', 'password'],
          ),
        );
      }
    }
  };

  return (
    <AuthLayout
      title={t('auth.login.title')}
      description={t('auth.login.description')}
      footer={
        <>
          {t('auth.login.newHere')}{' '}
          <Link to="/signup" className={authLinkClassName}>
            {t('auth.login.createAccount')}
          </Link>
        </>
      }
    >
      <RedirectIfSignedIn disabled={login.isPending || login.isSuccess} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError ? (
          <div ref={errorBox} tabIndex={-1} className="rounded-lg outline-none focus-visible:outline-2">
            <Alert>
              <p>{formError}</p>
              {switchHint ? <p className="mt-1 font-medium">{switchHint}</p> : null}
            </Alert>
          </div>
        ) : null}
        <TextField
          label={t('auth.label.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          name="email"
          ref={fields.email}
          onChange={recheck}
          error={errors.email}
        />
        <TextField
          label={t('auth.label.password')}
          type="password"
          autoComplete="current-password"
          name="password"
          ref={fields.password}
          onChange={recheck}
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <CheckboxField label={t('auth.login.asStaff')} name="staff" ref={staffBox} />
          <Link to="/auth/forgot-password" className={`${authLinkClassName} py-3 text-sm`}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" pending={login.isPending} pendingLabel={t('auth.login.pending')}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
