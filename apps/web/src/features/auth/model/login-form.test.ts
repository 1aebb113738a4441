import { ZLoginRequest } from '@tavolo/contract/auth';
import { describe, expect, it } from 'vitest';
import { readLoginForm } from './login-form';

/** What the form's old zod resolver reported: each field's first message, and the parsed values. */
function withZod(values: { email: string; password: string }) {
  const parsed = ZLoginRequest.safeParse(values);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const EMAILS = [
  '',
  ' ',
  'not-an-email',
  'giulia@example.com',
  'Giulia@Example.COM',
  'giulia.rossi+orders@mail.example.it',
  "o'brien@example.ie",
  'giulia@example',
  'giulia@example.c',
  '.giulia@example.com',
  'giulia..rossi@example.com',
  'giulia.@example.com',
  'giulia@-example.com',
  'giulia@exa_mple.com',
  'giulia @example.com',
  'giulia@example.com ',
  'giulia@@example.com',
  'giulià@example.com',
  `${'a'.repeat(242)}@example.com`,
  `${'a'.repeat(243)}@example.com`,
];
const PASSWORDS = ['', ' ', 'x', 'correct horse', 'p'.repeat(200), 'p'.repeat(201)];

describe('readLoginForm', () => {
  it('gives the messages and the request ZLoginRequest gives', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        expect({ email, password, ...readLoginForm({ email, password }) }).toEqual({
          email,
          password,
          ...withZod({ email, password }),
        });
      }
    }
  });
});
