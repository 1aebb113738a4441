import { authEndpoints, type TMeResponse, type TSessionResponse } from '@tavolo/contract/auth';
import { PERMISSIONS } from '@tavolo/contract/permissions';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerWithin,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  registerOwner,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_ACCOUNT: '4', LOGIN_LIMIT_PER_IP: '12' } });
});
afterAll(() => t.close());

const registration = (email = uniqueEmail()) => ({
  name: 'Bea Owner',
  email,
  password: 'long enough password',
  restaurantName: 'Osteria Due',
  currency: 'USD',
  timezone: 'America/New_York',
});

/** Each login test comes from its own address so the per-IP limit is only hit where intended. */
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('POST /auth/register', () => {
  it('creates the owner, the restaurant with default roles, and a session (cookie + token)', async () => {
    const response = await injectApi(t.app, authEndpoints.register, { body: registration() });
    expect(response.statusCode).toBe(201);
    const session = response.json<TSessionResponse>();
    expect(session).toMatchObject({ userType: 'owner', staffId: null });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = response.cookies.find((c) => c.name === 'tavolo_session');
    expect(cookie).toMatchObject({ value: session.token, httpOnly: true, sameSite: 'Lax', path: '/' });

    const restaurant = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: session.token!,
      params: { id: session.restaurantId },
    });
    expect(restaurant.json()).toMatchObject({
      name: 'Osteria Due',
      currency: 'USD',
      timezone: 'America/New_York',
    });
    const roles = await t.database.db.execute(
      sql`SELECT name FROM roles WHERE restaurant_id = ${session.restaurantId} ORDER BY name`,
    );
    expect((roles as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual([
      'Cashier',
      'Kitchen',
      'Manager',
      'Waiter',
    ]);
  });

  it('leaves the token out of the body for the web app, which relies on the cookie', async () => {
    const response = await injectApi(t.app, authEndpoints.register, {
      headers: { 'x-session-transport': 'cookie' },
      body: registration(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('token');
    expect(response.cookies.find((c) => c.name === 'tavolo_session')?.value).toBeTruthy();
  });

  it('answers 409 DUPLICATE for an e-mail already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await registerOwner(t.app, { email });
    const response = await injectApi(t.app, authEndpoints.register, {
      body: registration(email.toUpperCase()),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'DUPLICATE',
      fields: { email: 'is already registered' },
    });
  });

  it('answers 400 VALIDATION_FAILED naming every bad field', async () => {
    const response = await injectApi(t.app, authEndpoints.register, {
      body: {
        name: '',
        email: 'not-an-email',
        password: 'short',
        restaurantName: 'X',
        currency: 'ABC',
        timezone: 'Mars/Olympus',
      },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual([
      'currency',
      'email',
      'name',
      'password',
      'timezone',
    ]);
    expect(error.fields?.password).toBe('must be at least 8 characters');
  });

  it('answers 400 MALFORMED_REQUEST for malformed JSON, never a 500', async () => {
    const response = await injectApi(t.app, authEndpoints.register, {
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann",',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('MALFORMED_REQUEST');
    expect(response.body).not.toContain('at ');
  });
});

describe('POST /auth/login', () => {
  it('signs an owner in and GET /auth/me describes the session (Bearer or cookie)', async () => {
    const owner = await registerOwner(t.app);
    const login = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email.toUpperCase(), password: owner.password },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    const session = login.json<TSessionResponse>();
    expect(session).toMatchObject({ restaurantId: owner.restaurantId, userType: 'owner', staffId: null });

    const viaBearer = await injectApi(t.app, authEndpoints.me, { token: session.token! });
    expect(viaBearer.statusCode).toBe(200);
    // The scheme's name in any case, as RFC 9110 has it.
    for (const scheme of ['bearer', 'BEARER'])
      expect(
        (
          await injectApi(t.app, authEndpoints.me, {
            headers: { authorization: `${scheme} ${session.token}` },
          })
        ).statusCode,
      ).toBe(200);
    const me = viaBearer.json<TMeResponse>();
    expect(me).toMatchObject({
      userType: 'owner',
      email: owner.email,
      restaurant: { name: 'Trattoria Uno', currency: 'EUR' },
    });
    expect(me.permissions.sort()).toEqual([...PERMISSIONS].sort());

    const viaCookie = await injectApi(t.app, authEndpoints.me, {
      cookies: { tavolo_session: session.token! },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const owner = await registerOwner(t.app);
    const wrong = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: 'not the password' },
      remoteAddress: freshIp(),
    });
    const unknown = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: uniqueEmail('nobody'), password: 'not the password' },
      remoteAddress: freshIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ code: 'LOGIN_FAILED', message: 'Incorrect e-mail or password' });
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
  });

  it('signs staff in with ?staff=true only, and refuses a deactivated member at once', async () => {
    const owner = await registerOwner(t.app);
    const member = await createStaffMember(t, owner, 'Waiter');
    const asOwner = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: member.email, password: member.password },
      remoteAddress: freshIp(),
    });
    expect(asOwner.statusCode).toBe(401);

    const me = await injectApi(t.app, authEndpoints.me, { token: member.token });
    expect(me.json()).toMatchObject({
      userType: 'staff',
      staffId: member.staffId,
      restaurantId: owner.restaurantId,
    });
    expect(me.json<TMeResponse>().permissions.sort()).toEqual([
      'menu.availability',
      'orders.create',
      'orders.manage',
      'orders.view',
      'payments.take',
      'reviews.view',
    ]);

    await t.database.db.execute(sql`UPDATE staff SET active = false WHERE id = ${member.staffId}`);
    const meNow = async () => (await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode;
    expect(await answerWithin(meNow, 401, 1000)).toBe(401);
    const again = await injectApi(t.app, authEndpoints.logIn, {
      query: { staff: 'true' },
      body: { email: member.email, password: member.password },
      remoteAddress: freshIp(),
    });
    expect(again.statusCode).toBe(401);
  });

  it('rate-limits attempts per account (429), even from different addresses', async () => {
    const owner = await registerOwner(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await injectApi(t.app, authEndpoints.logIn, {
        body: { email: owner.email, password: `guess number ${i}` },
        remoteAddress: freshIp(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: owner.password },
      remoteAddress: freshIp(),
    });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('RATE_LIMITED');
    // When to come back: the rest of the 10-minute window, in whole seconds.
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(errorOf(right).message).toBe(`Too many attempts; try again in ${retryAfter} seconds`);
  });

  it('rate-limits attempts per IP across accounts (429)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const response = await injectApi(t.app, authEndpoints.logIn, {
        body: { email: uniqueEmail('spray'), password: 'whatever123' },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /auth/me answers 401 without a token, with a forged one, and after logout', async () => {
    expect((await injectApi(t.app, authEndpoints.me)).statusCode).toBe(401);
    expect((await injectApi(t.app, authEndpoints.me, { token: 'forged-token-value' })).statusCode).toBe(401);

    const owner = await registerOwner(t.app);
    const logout = await injectApi(t.app, authEndpoints.logOut, { token: owner.token });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'tavolo_session')?.value).toBe('');
    const revoked = await injectApi(t.app, authEndpoints.me, { token: owner.token });
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked).code).toBe('UNAUTHENTICATED');
  });

  it('stores only a hash of the token', async () => {
    const owner = await registerOwner(t.app);
    const result = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${owner.token}`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(0);
  });

  it('refuses an expired session', async () => {
    const owner = await registerOwner(t.app);
    await t.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE owner_id =
      (SELECT owner_id FROM restaurants WHERE id = ${owner.restaurantId})`);
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write coming from another origin', async () => {
    const owner = await registerOwner(t.app);
    const crossSite = await injectApi(t.app, authEndpoints.logOut, {
      headers: { origin: 'https://evil.example', host: 'tavolo.test' },
      cookies: { tavolo_session: owner.token },
    });
    expect(crossSite.statusCode).toBe(403);
    const opaque = await injectApi(t.app, authEndpoints.logOut, {
      headers: { origin: 'null', host: 'tavolo.test' },
      cookies: { tavolo_session: owner.token },
    });
    expect(opaque.statusCode).toBe(403);
    const sameSite = await injectApi(t.app, authEndpoints.logOut, {
      headers: { origin: 'http://tavolo.test', host: 'tavolo.test' },
      cookies: { tavolo_session: owner.token },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('GET /auth/loginfail answers 401 LOGIN_FAILED', async () => {
    const response = await injectApi(t.app, authEndpoints.loginFailed);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('LOGIN_FAILED');
  });
});

describe('forgot and reset password', () => {
  const resetTokenFrom = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);

  it('answers 202 whether or not the e-mail exists, and mails a link only to a real account', async () => {
    const owner = await registerOwner(t.app);
    const before = t.mail.length;
    const unknown = await injectApi(t.app, authEndpoints.forgotPassword, {
      body: { email: uniqueEmail('ghost') },
      remoteAddress: freshIp(),
    });
    expect(unknown.statusCode).toBe(202);
    expect(t.mail.length).toBe(before);
    const known = await injectApi(t.app, authEndpoints.forgotPassword, {
      body: { email: owner.email },
      remoteAddress: freshIp(),
    });
    expect(known.statusCode).toBe(202);
    expect(t.mail.at(-1)).toMatchObject({ to: owner.email, subject: 'Reset your Tavolo password' });
    expect(t.mail.at(-1)!.text).toContain('http://tavolo.test/auth/reset-password?token=');
  });

  it('resets the password once, revokes old sessions, and refuses the token a second time', async () => {
    const owner = await registerOwner(t.app);
    await injectApi(t.app, authEndpoints.forgotPassword, {
      body: { email: owner.email },
      remoteAddress: freshIp(),
    });
    const token = resetTokenFrom(t.mail.at(-1)!.text);

    const reset = await injectApi(t.app, authEndpoints.resetPassword, {
      body: { token, password: 'brand new password' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(401);

    const oldPassword = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: owner.password },
      remoteAddress: freshIp(),
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: 'brand new password' },
      remoteAddress: freshIp(),
    });
    expect(newPassword.statusCode).toBe(200);

    const reuse = await injectApi(t.app, authEndpoints.resetPassword, {
      body: { token, password: 'another password' },
      remoteAddress: freshIp(),
    });
    expect(reuse.statusCode).toBe(400);
    expect(errorOf(reuse).code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired reset token and stores only its hash', async () => {
    const owner = await registerOwner(t.app);
    await injectApi(t.app, authEndpoints.forgotPassword, {
      body: { email: owner.email },
      remoteAddress: freshIp(),
    });
    const token = resetTokenFrom(t.mail.at(-1)!.text);
    const stored = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = ${token}`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);
    await t.database.db.execute(
      sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute'`,
    );
    const reset = await injectApi(t.app, authEndpoints.resetPassword, {
      body: { token, password: 'brand new password' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(400);
  });

  it('rate-limits reset requests per account (429)', async () => {
    const owner = await registerOwner(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await injectApi(t.app, authEndpoints.forgotPassword, {
        body: { email: owner.email },
        remoteAddress: freshIp(),
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });
});

describe('POST /auth/change-password', () => {
  const logInAs = (email: string, password: string, staff = false) =>
    injectApi(t.app, authEndpoints.logIn, {
      query: staff ? { staff: 'true' } : {},
      remoteAddress: freshIp(),
      body: { email, password },
    });

  it('needs the current password (422 naming it), then keeps this session and ends every other one', async () => {
    const owner = await registerOwner(t.app);
    const elsewhere = (await logInAs(owner.email, owner.password)).json<TSessionResponse>().token!;
    const wrong = await injectApi(t.app, authEndpoints.changePassword, {
      token: owner.token,
      body: { currentPassword: 'not it at all', newPassword: 'a better password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toMatchObject({ fields: { currentPassword: expect.any(String) } });
    expect((await injectApi(t.app, authEndpoints.me, { token: elsewhere })).statusCode).toBe(200);

    const right = await injectApi(t.app, authEndpoints.changePassword, {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'a better password' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ status: 'ok' });
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(200);
    expect((await injectApi(t.app, authEndpoints.me, { token: elsewhere })).statusCode).toBe(401);
    expect((await logInAs(owner.email, owner.password)).statusCode).toBe(401);
    expect((await logInAs(owner.email, 'a better password')).statusCode).toBe(200);
  });

  it("changes a staff member's own password", async () => {
    const owner = await registerOwner(t.app);
    const member = await createStaffMember(t, owner, 'Kitchen');
    const response = await injectApi(t.app, authEndpoints.changePassword, {
      token: member.token,
      body: { currentPassword: member.password, newPassword: 'kitchen secret 2' },
    });
    expect(response.statusCode).toBe(200);
    expect((await logInAs(member.email, 'kitchen secret 2', true)).statusCode).toBe(200);
  });

  it('rate-limits attempts per account (429), like login', async () => {
    const owner = await registerOwner(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await injectApi(t.app, authEndpoints.changePassword, {
        token: owner.token,
        body: { currentPassword: `guess ${i}`, newPassword: 'whatever it is' },
        remoteAddress: freshIp(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
  });
});

describe('POST /auth/switch-restaurant', () => {
  it("moves an owner's session to another restaurant they own, keeping the token", async () => {
    const owner = await registerOwner(t.app);
    const second = await injectApi(t.app, restaurantsEndpoints.createRestaurant, {
      token: owner.token,
      body: { name: 'Second Place', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    const secondId = second.json<{ id: string }>().id;
    const switched = await injectApi(t.app, authEndpoints.switchRestaurant, {
      token: owner.token,
      body: { restaurantId: secondId },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({
      restaurantId: secondId,
      userType: 'owner',
      staffId: null,
      expiresAt: expect.any(String),
    });
    expect(switched.cookies).toEqual([]);
    const me = await injectApi(t.app, authEndpoints.me, { token: owner.token });
    expect(me.json<TMeResponse>()).toMatchObject({
      restaurantId: secondId,
      restaurant: { name: 'Second Place' },
    });
    const firstTables = await injectApi(t.app, tablesEndpoints.listTables, {
      token: owner.token,
      params: { restaurantId: owner.restaurantId },
    });
    expect(firstTables.statusCode).toBe(404);
    const back = await injectApi(t.app, authEndpoints.switchRestaurant, {
      token: owner.token,
      body: { restaurantId: owner.restaurantId },
    });
    expect(back.json<TSessionResponse>().restaurantId).toBe(owner.restaurantId);
  });

  it("answers 403 to staff and 404 for a restaurant that is not the owner's", async () => {
    const owner = await registerOwner(t.app);
    const stranger = await registerOwner(t.app);
    const member = await createStaffMember(t, owner, 'Manager');
    const asStaff = await injectApi(t.app, authEndpoints.switchRestaurant, {
      token: member.token,
      body: { restaurantId: owner.restaurantId },
    });
    expect(asStaff.statusCode).toBe(403);
    for (const restaurantId of [stranger.restaurantId, '00000000-0000-4000-8000-000000000000']) {
      const response = await injectApi(t.app, authEndpoints.switchRestaurant, {
        token: owner.token,
        body: { restaurantId },
      });
      expect(response.statusCode).toBe(404);
    }
    const me = await injectApi(t.app, authEndpoints.me, { token: owner.token });
    expect(me.json<TMeResponse>().restaurantId).toBe(owner.restaurantId);
  });
});
