import type { TLoginRequest } from '@tavolo/contract/auth';
import { t } from '../../../lib/i18n/i18n';

/*
 * The sign-in form's checks, by hand: the sign-in screen is the dashboard's first page, and zod
 * with the contract's schemas would be a third of its scripts. They give the messages
 * ZLoginRequest gives (login-form.test.ts compares them, in English), in the person's language;
 * the server still validates with it.
 */

export type LoginFields = 'email' | 'password';
export type LoginFormErrors = Partial<Record<LoginFields, string>>;

// zod's z.email() pattern (ZEmail), which the server checks against.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const MAX_EMAIL = 254;
const MAX_PASSWORD = 200;

/** What is wrong with one field's value, as ZLoginRequest words it; undefined when nothing. */
export function checkLoginField(field: LoginFields, value: string): string | undefined {
  if (field === 'email')
    return EMAIL.test(value) && value.length <= MAX_EMAIL ? undefined : t('auth.field.email');
  if (value.length < 1) return t('auth.field.required');
  if (value.length > MAX_PASSWORD) return t('auth.field.tooLong', { count: MAX_PASSWORD });
  return undefined;
}

/** The request to send (the e-mail in lower case, as ZEmail keeps it), or what is wrong. */
export function readLoginForm(
  values: TLoginRequest,
): { ok: true; request: TLoginRequest } | { ok: false; errors: LoginFormErrors } {
  const errors: LoginFormErrors = {};
  for (const field of ['email', 'password'] as const) {
    const message = checkLoginField(field, values[field]);
    if (message) errors[field] = message;
  }
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, request: { email: values.email.toLowerCase(), password: values.password } };
}
