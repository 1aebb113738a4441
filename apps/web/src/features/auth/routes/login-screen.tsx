import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest } from '@tavolo/contract/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { AuthLayout, authLinkClassName } from '../components/auth-layout';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';

const ZLoginForm = ZLoginRequest.extend({ staff: z.boolean() });

/** Where the protected route was headed when it sent the visitor here (same-origin paths only). */
function readReturnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  const search = typeof from?.search === 'string' ? from.search : '';
  return pathname.startsWith('/') && !pathname.startsWith('//') && pathname !== '/login'
    ? pathname + search
    : '/dashboard/overview';
}

export function LoginScreen() {
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '', staff: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSwitchHint(null);
    try {
      await login.mutateAsync(values);
      await navigate(readReturnPath(location.state), { replace: true });
    } catch (error) {
      // The server answers a wrong e-mail and a wrong password alike; so do we.
      if (isHttpError(error, 401)) {
        setSwitchHint(
          values.staff ? "Owner? Untick 'Sign in as staff'." : "Are you staff? Tick 'Sign in as staff'.",
        );
        setFormError('Incorrect e-mail or password.');
        setFailures((count) => count + 1);
      } else {
        setFormError(applyServerErrors(error, setError, ['email', 'password']));
      }
    }
  });

  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to run your restaurant."
      footer={
        <>
          New to Tavolo?{' '}
          <Link to="/signup" className={authLinkClassName}>
            Create an account
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
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <CheckboxField label="Sign in as staff" {...register('staff')} />
          <Link to="/auth/forgot-password" className={`${authLinkClassName} py-3 text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" pending={login.isPending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
