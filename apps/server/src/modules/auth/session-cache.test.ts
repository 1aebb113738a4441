import { authEndpoints } from '@tavolo/contract/auth';
import { ordersEndpoints } from '@tavolo/contract/orders';
import type { TPermission } from '@tavolo/contract/permissions';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { settlementAccountsEndpoints } from '@tavolo/contract/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiCall,
  answerWithin,
  callApi,
  changeUnheard,
  createStaffMember,
  createTestApp,
  createTestDatabase,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { type CachedPrincipal, createSessionCache } from './session-cache';

// The session cache (decision 023) may only ever save a round trip, never answer with what has
// changed: every change to a session, a staff member, a role or an owner empties it, on this
// instance and on every other one through the database's NOTIFY.

const principal = (restaurantId: string, expiresAt = new Date(10_000)): CachedPrincipal => ({
  sessionId: 's',
  userType: 'staff',
  userId: 'u',
  staffId: 'u',
  name: 'Ada',
  restaurantId,
  permissions: new Set<TPermission>(['orders.view']),
  expiresAt,
});

describe('the cache itself', () => {
  function cacheAt(start = 0) {
    const clock = { now: start };
    const cache = createSessionCache({ maxAgeMs: 100, maxEntries: 2, now: () => clock.now });
    cache.setListening(true);
    return { cache, clock };
  }

  it('keeps an entry until its age reaches the limit or its session expires', () => {
    const { cache, clock } = cacheAt();
    cache.set('a', principal('r1', new Date(150)), cache.begin());
    clock.now = 99;
    expect(cache.get('a')?.restaurantId).toBe('r1');
    clock.now = 100;
    expect(cache.get('a')).toBeUndefined();

    cache.set('b', principal('r1', new Date(160)), cache.begin());
    clock.now = 159;
    expect(cache.get('b')).toBeDefined();
    clock.now = 160;
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the oldest entry beyond its size, and a read again makes an entry the newest', () => {
    const { cache } = cacheAt();
    cache.set('a', principal('r1'), cache.begin());
    cache.set('b', principal('r1'), cache.begin());
    cache.set('a', principal('r2'), cache.begin());
    cache.set('c', principal('r1'), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.restaurantId).toBe('r2');
    expect(cache.get('c')).toBeDefined();
  });

  it("forgets one restaurant's entries, or all of them with '*' or nothing", () => {
    const { cache } = cacheAt();
    cache.set('a', principal('r1'), cache.begin());
    cache.set('b', principal('r2'), cache.begin());
    cache.forget('r1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.forget('*');
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', principal('r3'), cache.begin());
    cache.forget();
    expect(cache.size).toBe(0);
  });

  it('refuses what a read that began before a change brings back after it', () => {
    const { cache } = cacheAt();
    const readAt = cache.begin();
    cache.forget('elsewhere');
    cache.set('a', principal('r1'), readAt);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', principal('r1'), cache.begin());
    expect(cache.get('a')).toBeDefined();
  });

  it('holds nothing while invalidations are not heard, and starts empty when they are again', () => {
    const { cache } = cacheAt();
    cache.set('a', principal('r1'), cache.begin());
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', principal('r1'), cache.begin());
    expect(cache.size).toBe(0);
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
  });
});

let shared: TestApp | undefined;
async function testApp(): Promise<TestApp> {
  shared ??= await createTestApp();
  return shared;
}
afterAll(() => shared?.close());

/** The status `token` is answered with by a call (by default, who am I). */
const status = async (t: TestApp, token: string, call: ApiCall = { endpoint: authEndpoints.me }) =>
  (await injectApi(t.app, call.endpoint, { ...call, token })).statusCode;
const ordersOf = (owner: Owner): ApiCall => ({
  endpoint: ordersEndpoints.listOrders,
  params: { restaurantId: owner.restaurantId },
});

describe('an instance with cached sessions', () => {
  it('serves a cached session without the database: a change the triggers do not see stays unseen', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(await status(t, waiter.token, ordersOf(owner))).toBe(200);
    // Behind the cache's back (triggers off): the waiter's role loses orders.view.
    await changeUnheard(t.database.db, sql`UPDATE roles SET permissions = '{}' WHERE id = ${waiter.roleId}`);
    expect(await status(t, waiter.token, ordersOf(owner))).toBe(200);
    // The same change with the triggers on is heard: at once embedded, by NOTIFY on PostgreSQL.
    await t.database.db.execute(sql`UPDATE roles SET permissions = '{}' WHERE id = ${waiter.roleId}`);
    const orders = () => status(t, waiter.token, ordersOf(owner));
    expect(await answerWithin(orders, 403, 1000)).toBe(403);
  });

  it('ends a session at once when it is revoked, through the API or straight in the database', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const second = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: owner.password },
    });
    const otherToken = second.json<{ token: string }>().token;
    expect(await status(t, owner.token)).toBe(200);
    expect(await status(t, otherToken)).toBe(200);
    await injectApi(t.app, authEndpoints.logOut, { token: owner.token });
    expect(await status(t, owner.token)).toBe(401);
    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL
      AND owner_id = (SELECT owner_id FROM restaurants WHERE id = ${owner.restaurantId})`);
    expect(await answerWithin(() => status(t, otherToken), 401, 1000)).toBe(401);
  });

  it("follows a staff member's deactivation, new role and new name on their next request", async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const cook = await createStaffMember(t, owner, 'Kitchen');
    const waiterRole = (await callApi(t.app, owner.token, rolesEndpoints.listRoles)).items.find(
      (role) => role.name === 'Waiter',
    )!;
    const me = async () => (await injectApi(t.app, authEndpoints.me, { token: cook.token })).json();
    expect((await me()).name).toBe('Kitchen Person');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: cook.staffId },
      body: { name: 'Chef Bruno' },
    });
    expect((await me()).name).toBe('Chef Bruno');
    const tables: ApiCall = {
      endpoint: tablesEndpoints.listTables,
      params: { restaurantId: owner.restaurantId },
    };
    expect(await status(t, cook.token, tables)).toBe(403);
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: cook.staffId },
      body: { roleId: waiterRole.id },
    });
    expect(await status(t, cook.token, tables)).toBe(200);
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: cook.staffId },
      body: { active: false },
    });
    expect(await status(t, cook.token)).toBe(401);
  });
});

describe('GET /auth/me from memory', () => {
  const me = async (t: TestApp, token: string) =>
    (await injectApi(t.app, authEndpoints.me, { token })).json();

  it('answers from memory: a rename the triggers do not see stays unseen, one they see is heard', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    expect((await me(t, owner.token)).restaurant.name).toBeTypeOf('string');
    await changeUnheard(
      t.database.db,
      sql`UPDATE restaurants SET name = 'Behind the cache' WHERE id = ${owner.restaurantId}`,
    );
    expect((await me(t, owner.token)).restaurant.name).not.toBe('Behind the cache');
    await t.database.db.execute(sql`UPDATE restaurants SET name = 'Heard' WHERE id = ${owner.restaurantId}`);
    const name = async () => (await me(t, owner.token)).restaurant.name;
    expect(await answerWithin(name, 'Heard', 1000)).toBe('Heard');
  });

  it('shows the profile, a payout account and a new email at once after each change', async () => {
    const t = await testApp();
    const owner = await registerOwner(t.app);
    const cook = await createStaffMember(t, owner, 'Kitchen');
    expect((await me(t, owner.token)).restaurant.payoutAccount).toBeNull();
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { name: 'Trattoria Nova', timezone: 'Asia/Tokyo' },
    });
    expect((await me(t, cook.token)).restaurant).toMatchObject({
      name: 'Trattoria Nova',
      timezone: 'Asia/Tokyo',
    });
    const account = await callApi(t.app, owner.token, settlementAccountsEndpoints.createSettlementAccount, {
      body: { bankName: 'Banca Uno', accountName: 'Trattoria', accountNumber: '11112222' },
    });
    expect((await me(t, owner.token)).restaurant.payoutAccount).toEqual({
      bankName: 'Banca Uno',
      accountNumberMasked: expect.stringContaining('2222'),
    });
    await callApi(t.app, owner.token, settlementAccountsEndpoints.deleteSettlementAccount, {
      params: { id: account.id },
    });
    expect((await me(t, owner.token)).restaurant.payoutAccount).toBeNull();
    // No endpoint changes an email yet: straight in the database, with the triggers on.
    await t.database.db.execute(
      sql`UPDATE staff SET email = 'bruno@example.test' WHERE id = ${cook.staffId}`,
    );
    const email = async () => (await me(t, cook.token)).email;
    expect(await answerWithin(email, 'bruno@example.test', 1000)).toBe('bruno@example.test');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  /** Asks instance B until it answers `expected`, for at most 100 ms after the change on A. */
  const seenWithin100ms = (ask: () => Promise<number>, expected: number) => answerWithin(ask, expected, 100);

  it('a logout, a deactivation, a role change and a rename on instance A reach instance B at once', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const owner = await registerOwner(a.app);
      const waiter = await createStaffMember(a, owner, 'Waiter');
      const cashier = await createStaffMember(a, owner, 'Cashier');
      const orders = ordersOf(owner);
      // B caches all three sessions.
      expect(await status(b, owner.token)).toBe(200);
      expect(await status(b, waiter.token, orders)).toBe(200);
      expect(await status(b, cashier.token)).toBe(200);

      await injectApi(a.app, authEndpoints.logOut, { token: owner.token });
      expect(await seenWithin100ms(() => status(b, owner.token), 401)).toBe(401);

      const owner2 = await injectApi(a.app, authEndpoints.logIn, {
        body: { email: owner.email, password: owner.password },
      });
      const ownerToken = owner2.json<{ token: string }>().token;
      await callApi(a.app, ownerToken, staffEndpoints.updateStaffMember, {
        params: { id: cashier.staffId },
        body: { active: false },
      });
      expect(await seenWithin100ms(() => status(b, cashier.token), 401)).toBe(401);

      await callApi(a.app, ownerToken, rolesEndpoints.updateRole, {
        params: { id: waiter.roleId },
        body: { permissions: ['menu.availability'] },
      });
      expect(await seenWithin100ms(() => status(b, waiter.token, orders), 403)).toBe(403);

      // What /auth/me shows beyond the session: the restaurant's profile.
      const restaurantName = async () =>
        (await injectApi(b.app, authEndpoints.me, { token: ownerToken })).json().restaurant.name;
      expect(await restaurantName()).not.toBe('Renamed on A');
      await callApi(a.app, ownerToken, restaurantsEndpoints.updateRestaurant, {
        params: { id: owner.restaurantId },
        body: { name: 'Renamed on A' },
      });
      expect(await answerWithin(restaurantName, 'Renamed on A', 100)).toBe('Renamed on A');
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
