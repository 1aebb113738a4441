import { authEndpoints, type TMeResponse } from '@tavolo/contract/auth';
import { pathOf } from '@tavolo/contract/endpoint';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { staffEndpoints } from '@tavolo/contract/staff';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

// PRODUCT.md §1: sessions, Bearer or cookie, revocation, and the 401/403 answers.
//
// The app is built inside the first test that needs it, never in `beforeAll`: building it runs
// the access rules Stryker mutates, and a failure in `beforeAll` is reported as a survived mutant
// (docs/testing.md).
let shared: TestApp | undefined;
async function testApp(): Promise<TestApp> {
  shared ??= await createTestApp();
  return shared;
}
afterAll(() => shared?.close());

const SIGN_IN = { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue' } };
const cookie = (token: string) => ({ tavolo_session: token });
const foreignOrigin = { origin: 'https://evil.example', host: 'tavolo.test' };

describe('where the token comes from', () => {
  it('uses the cookie when the Authorization header is not a bearer token, or an empty one', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    for (const authorization of ['Basic dXNlcjpwYXNzd29yZA==', 'Bearer ']) {
      const me = await injectApi(t.app, authEndpoints.me, {
        headers: { authorization },
        cookies: cookie(owner.token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json<TMeResponse>().restaurantId).toBe(owner.restaurantId);
    }
  });

  it('answers 401 with the sign-in error when neither carries a live session', async () => {
    const t = await testApp();
    const me = await injectApi(t.app, authEndpoints.me, {
      headers: { authorization: 'Basic dXNlcjpwYXNzd29yZA==' },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(SIGN_IN);
  });
});

describe('the origin check of cookie sessions', () => {
  it('lets cookie reads (GET, HEAD) from another origin through: only writes are checked', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    for (const method of ['GET', 'HEAD'] as const) {
      // HEAD is no endpoint of its own: Fastify answers it for every GET.
      const read = await t.app.inject({
        method,
        url: pathOf(authEndpoints.me),
        cookies: cookie(owner.token),
        headers: foreignOrigin,
      });
      expect(read.statusCode).toBe(200);
    }
  });

  it('does not apply to a Bearer token: an API client may write from anywhere', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const logout = await injectApi(t.app, authEndpoints.logOut, {
      token: owner.token,
      headers: { ...foreignOrigin },
    });
    expect(logout.statusCode).toBe(200);
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(401);
  });

  it('refuses a cookie write from another origin with a 403 that says why, and keeps the session', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const write = await injectApi(t.app, authEndpoints.logOut, {
      headers: foreignOrigin,
      cookies: cookie(owner.token),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-origin request refused' } });
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(200);
  });
});

describe('access before input', () => {
  it('answers 401 to an anonymous staff call before looking at its body or path', async () => {
    const t = await testApp();
    // A body that would be a 400 and an id that is no id: the missing session is the answer.
    const create = await injectApi(t.app, tablesEndpoints.createTable, { body: { nonsense: true } });
    expect(create.statusCode).toBe(401);
    expect(create.json()).toEqual(SIGN_IN);
    // A guest route whose credential is a header: neither it nor a session is there.
    const order = await injectApi(t.app, ordersEndpoints.getOrder, { params: { id: 'not-an-id' } });
    expect(order.statusCode).toBe(401);
    expect(order.json()).toEqual(SIGN_IN);
  });

  it('lets a guest-only route (the guest order stream) reach its own checks without asking for a session', async () => {
    const t = await testApp();
    // Staff never use this route: without its guestToken the request is malformed, not unsigned.
    const stream = await injectApi(t.app, ordersEndpoints.guestOrderStream, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(stream.statusCode).toBe(400);
    expect(errorOf(stream).code).not.toBe('UNAUTHENTICATED');
  });
});

describe('permissions', () => {
  it('a route allowing any of several permissions admits a role holding only one of them', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    // Reading tables takes tables.manage or orders.create; a waiter has only orders.create.
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const tables = await injectApi(t.app, tablesEndpoints.listTables, {
      token: waiter.token,
      params: { restaurantId: owner.restaurantId },
    });
    expect(tables.statusCode).toBe(200);
    // The kitchen has neither.
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const refused = await injectApi(t.app, tablesEndpoints.listTables, {
      token: kitchen.token,
      params: { restaurantId: owner.restaurantId },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
  });

  it('a staff session carries only the catalogue permissions of the role, whatever else the role row holds', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    // A permission no longer in the catalogue (a role saved by an older version).
    await t.database.db.execute(
      sql`UPDATE roles SET permissions = ARRAY['orders.view', 'orders.delete_everything'] WHERE id = ${kitchen.roleId}`,
    );
    const me = await injectApi(t.app, authEndpoints.me, { token: kitchen.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<TMeResponse>().permissions).toEqual(['orders.view']);
  });
});

describe('a staff member’s sessions', () => {
  it('end when the owner gives them a new password; they stay active and sign in with it', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const waiter = await createStaffMember(t, owner, 'Waiter');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: waiter.staffId },
      body: { password: 'a brand new secret' },
    });

    const old = await injectApi(t.app, authEndpoints.me, { token: waiter.token });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(SIGN_IN);
    const login = await injectApi(t.app, authEndpoints.logIn, {
      query: { staff: 'true' },
      body: { email: waiter.email, password: 'a brand new secret' },
    });
    expect(login.statusCode).toBe(200);
    // The owner's own session is untouched.
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(200);
  });

  it('end when they are deactivated, and stay ended when they are made active again', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const waiter = await createStaffMember(t, owner, 'Waiter');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: waiter.staffId },
      body: { active: false },
    });
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: waiter.staffId },
      body: { active: true },
    });

    expect((await injectApi(t.app, authEndpoints.me, { token: waiter.token })).statusCode).toBe(401);
    const login = await injectApi(t.app, authEndpoints.logIn, {
      query: { staff: 'true' },
      body: { email: waiter.email, password: waiter.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
