import type { Access } from '@tavolo/contract/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Principal } from '../core/principal';
import { createAuthorize, decidesAfterValidation, readToken } from './authenticate';

// The access check on its own, with requests made by hand: the declarations and requests the
// app's routes never produce (no declaration, a guest credential in the query next to staff
// permissions, a missing body) are still part of what it promises. The app-level rules (Bearer
// vs cookie, the origin check, revocation) are in modules/auth/sessions.test.ts.

type Shape = {
  method?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string> | undefined;
  query?: unknown;
  body?: unknown;
  access?: Access;
};

function request(shape: Shape) {
  const { method = 'GET', headers = {}, query = {}, body, access } = shape;
  return {
    method,
    headers,
    // Without the cookie plugin (or before it ran) a request has no `cookies` at all.
    cookies: 'cookies' in shape ? shape.cookies : {},
    query,
    body,
    routeOptions: { config: { access } },
  } as unknown as FastifyRequest;
}

const reply = {} as FastifyReply;

const cashier = (via: Principal['via']): Principal => ({
  sessionId: 'session-1',
  userType: 'staff',
  userId: 'staff-1',
  staffId: 'staff-1',
  name: 'Cleo Cashier',
  restaurantId: 'restaurant-1',
  permissions: new Set(['orders.view', 'payments.view', 'payments.manage'] as const),
  expiresAt: new Date('2030-01-01T00:00:00Z'),
  via,
});

describe('readToken', () => {
  it('takes the token after "Bearer " and says it came as a bearer token', () => {
    expect(readToken(request({ headers: { authorization: 'Bearer abc123' } }))).toEqual({
      token: 'abc123',
      via: 'bearer',
    });
  });

  it('tolerates extra spaces around a bearer token', () => {
    expect(readToken(request({ headers: { authorization: 'Bearer   abc123  ' } }))).toEqual({
      token: 'abc123',
      via: 'bearer',
    });
  });

  it('falls back to the session cookie when the Authorization header is not a bearer token', () => {
    const cookies = { tavolo_session: 'from-cookie' };
    const expected = { token: 'from-cookie', via: 'cookie' };
    expect(readToken(request({ headers: { authorization: 'Basic dXNlcjpwdw==' }, cookies }))).toEqual(
      expected,
    );
    expect(readToken(request({ headers: { authorization: 'Bearer    ' }, cookies }))).toEqual(expected);
  });

  it('finds nothing without a header or a cookie, also when no cookies were parsed', () => {
    expect(readToken(request({}))).toBeNull();
    expect(readToken(request({ cookies: undefined }))).toBeNull();
    expect(
      readToken(request({ headers: { authorization: 'Bearer ' }, cookies: { tavolo_session: '' } })),
    ).toBeNull();
  });
});

describe('decidesAfterValidation', () => {
  it('waits for the body only where a guest credential travels in it', () => {
    expect(decidesAfterValidation(undefined)).toBe(false);
    expect(decidesAfterValidation({ kind: 'public' })).toBe(false);
    expect(decidesAfterValidation({ kind: 'signed-in' })).toBe(false);
    expect(decidesAfterValidation({ kind: 'permission', anyOf: ['orders.view'] })).toBe(false);
    const guest = (where: 'header' | 'query' | 'body'): Access => ({
      kind: 'guest',
      credential: { in: where, name: 'credential' },
      staffAnyOf: ['orders.view'],
    });
    expect(decidesAfterValidation(guest('header'))).toBe(false);
    expect(decidesAfterValidation(guest('query'))).toBe(false);
    expect(decidesAfterValidation(guest('body'))).toBe(true);
  });
});

describe('authorize', () => {
  it('lets anyone through a route declaring no access or public access, without looking for a session', async () => {
    const resolve = vi.fn(async () => null);
    const authorize = createAuthorize(resolve);
    const headers = { authorization: 'Bearer not-a-session' };
    await expect(authorize(request({ headers }), reply)).resolves.toBeUndefined();
    await expect(authorize(request({ headers, access: { kind: 'public' } }), reply)).resolves.toBeUndefined();
    expect(resolve).not.toHaveBeenCalled();
  });

  it('hands the resolver the token and how it arrived', async () => {
    const resolve = vi.fn(async (_token: string, via: Principal['via']) => cashier(via));
    const authorize = createAuthorize(resolve);
    const access: Access = { kind: 'signed-in' };
    await authorize(request({ access, headers: { authorization: 'Bearer tok-1' } }), reply);
    await authorize(request({ access, cookies: { tavolo_session: 'tok-2' } }), reply);
    expect(resolve.mock.calls).toEqual([
      ['tok-1', 'bearer'],
      ['tok-2', 'cookie'],
    ]);
  });

  it('lets a guest presenting a query credential through without a session, even where staff may come too', async () => {
    const resolve = vi.fn(async () => null);
    const authorize = createAuthorize(resolve);
    const access: Access = {
      kind: 'guest',
      credential: { in: 'query', name: 'guestToken' },
      staffAnyOf: ['orders.view'],
    };
    await expect(
      authorize(request({ access, query: { guestToken: 'g-1' } }), reply),
    ).resolves.toBeUndefined();
    expect(resolve).not.toHaveBeenCalled();
    await expect(authorize(request({ access, query: {} }), reply)).rejects.toMatchObject({ status: 401 });
  });

  it('asks for a session when a body credential is looked for in a missing or null body', async () => {
    const authorize = createAuthorize(async () => null);
    const access: Access = {
      kind: 'guest',
      credential: { in: 'body', name: 'qrToken' },
      staffAnyOf: ['orders.create'],
    };
    for (const body of [undefined, null]) {
      await expect(authorize(request({ method: 'POST', access, body }), reply)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        status: 401,
      });
    }
  });

  it('does not check the origin of safe methods (OPTIONS too) made with the cookie', async () => {
    const authorize = createAuthorize(async (_token, via) => cashier(via));
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const r = request({
        method,
        access: { kind: 'permission', anyOf: ['orders.view'] },
        cookies: { tavolo_session: 'tok' },
        headers: { origin: 'https://evil.example', host: 'tavolo.test' },
      });
      await expect(authorize(r, reply)).resolves.toBeUndefined();
    }
  });
});
