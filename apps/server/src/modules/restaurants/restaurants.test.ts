import type { TRestaurant } from '@tavolo/contract/restaurants';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  type Owner,
  registerOwner,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { createAccount, creditWallet } from '../../../test/money';
import { queryRows } from '../../db/client';

let t: TestApp;
let owner: Owner;
let otherOwner: Owner;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000' } });
  owner = await registerOwner(t.app, { restaurantName: 'Casa Mia' });
  otherOwner = await registerOwner(t.app, { restaurantName: 'Somewhere Else' });
});
afterAll(() => t.close());

describe('GET /api/restaurants/{id}', () => {
  it("answers the owner's own restaurant", async () => {
    const response = await t.app.inject({
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TRestaurant>()).toMatchObject({
      id: owner.restaurantId,
      name: 'Casa Mia',
      serviceChargePercent: 0,
    });
  });

  it("answers 404 for another tenant's restaurant, like one that does not exist", async () => {
    const other = await t.app.inject({
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(owner.token),
    });
    const missing = await t.app.inject({
      url: '/api/restaurants/00000000-0000-4000-8000-000000000000',
      headers: bearer(owner.token),
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(other)).toEqual(errorOf(missing));
    expect(other.body).not.toContain('Somewhere Else');
  });

  it('answers 401 without a session and 400 for an id that is not a UUID', async () => {
    expect((await t.app.inject({ url: `/api/restaurants/${owner.restaurantId}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/restaurants/42', headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'must be a valid id' } });
  });

  it('lets staff read their own restaurant only', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(
      (await t.app.inject({ url: `/api/restaurants/${owner.restaurantId}`, headers: bearer(waiter.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/restaurants/${otherOwner.restaurantId}`,
          headers: bearer(waiter.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/restaurants/{id}', () => {
  it('changes only the fields it carries', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Casa Mia',
      address: 'Via Roma 1, Bologna',
      serviceChargePercent: 12.5,
      currency: 'EUR',
    });
    const again = await t.app.inject({
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(again.json()).toMatchObject({ address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 });
  });

  it('clears an optional field sent as null', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { phone: '+39 051 123456' },
    });
    expect(response.json().phone).toBe('+39 051 123456');
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { phone: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, name: 'Casa Mia' });
  });

  it('answers 400 with fields for invalid values and unknown fields', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { name: '  ', serviceChargePercent: 101, currency: 'EURO', timezone: 'Nowhere/Town' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      name: 'is required',
      serviceChargePercent: 'must be at most 100',
      currency: 'must be an ISO 4217 currency code',
      timezone: 'must be an IANA time zone',
    });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { ownerId: otherOwner.restaurantId },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("answers 404 for another tenant's restaurant and leaves it untouched", async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { name: 'Hijacked' },
    });
    expect(response.statusCode).toBe(404);
    const theirs = await t.app.inject({
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(otherOwner.token),
    });
    expect(theirs.json().name).toBe('Somewhere Else');
  });

  it('answers 403 to staff without settings.manage (even a Manager)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(manager.token),
      payload: { name: 'Renamed by staff' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
  });
});

describe('GET and POST /api/restaurants', () => {
  it('lets an owner open a second restaurant and lists both, never another owner’s', async () => {
    // ISO 4217 codes are written in capitals, as the API document says; anything else is a 400.
    const lowerCase = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(owner.token),
      payload: { name: 'Casa Mia Due', currency: 'chf', timezone: 'Europe/Zurich' },
    });
    expect(lowerCase.statusCode).toBe(400);
    expect(lowerCase.json().error.fields).toEqual({ currency: 'must be an ISO 4217 currency code' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(owner.token),
      payload: { name: 'Casa Mia Due', currency: 'CHF', timezone: 'Europe/Zurich' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Casa Mia Due', currency: 'CHF' });
    const list = await t.app.inject({ url: '/api/restaurants', headers: bearer(owner.token) });
    const names = list.json<{ items: TRestaurant[] }>().items.map((r) => r.name);
    expect(names).toEqual(['Casa Mia', 'Casa Mia Due']);
    const second = created.json<TRestaurant>();
    expect(
      (await t.app.inject({ url: `/api/restaurants/${second.id}`, headers: bearer(otherOwner.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses staff opening a restaurant (403)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(manager.token),
      payload: { name: 'Side business', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /api/restaurants/{id}', () => {
  /** Rows per table: in total, and of each restaurant for the tables that carry restaurant_id. */
  async function countRows(restaurantIds: string[]) {
    const tables = await queryRows<{ table_name: string; scoped: boolean }>(
      t.database.db,
      sql`SELECT t.table_name, EXISTS (
            SELECT 1 FROM information_schema.columns c
            WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'restaurant_id'
          ) AS scoped
          FROM information_schema.tables t
          WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          ORDER BY t.table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: name, scoped } of tables) {
      const [all] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
      );
      counts[name] = all!.n;
      if (!scoped) continue;
      for (const id of restaurantIds) {
        const [mine] = await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE restaurant_id = ${id}`,
        );
        counts[`${name}@${id}`] = mine!.n;
      }
    }
    return counts;
  }

  /** Fills the session's restaurant with a bit of everything: menu, tables, orders, payments, staff, images. */
  async function fill(who: Owner) {
    const seeded = await seedRestaurant(t.app, { owner: who, tables: [1, 2] });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `fill-${Math.random()}` },
      payload: {
        qrToken: seeded.tables[0]!.qrToken,
        items: [{ menuItemId: seeded.items[0]!.id, quantity: 2 }],
      },
    });
    expect(order.statusCode).toBe(201);
    const { id: orderId, guestToken } = order.json<{ id: string; guestToken: string }>();
    const { payment } = await callApi<{ payment: { id: string } }>(
      t.app,
      who.token,
      'POST',
      `/api/orders/${orderId}/payments`,
      { method: 'cash', amountMinor: 500 },
    );
    await callApi(t.app, who.token, 'POST', `/api/payments/${payment.id}/refund`, { amountMinor: 100 });
    const account = await createAccount(t.app, who.token);
    await creditWallet(t.database.db, who.restaurantId, 1000);
    await callApi(t.app, who.token, 'POST', '/api/wallet-transactions', {
      kind: 'payout',
      amountMinor: 300,
      settlementAccountId: account.id,
    });
    // The rest paid online, so the wallet and its ledger hold rows of the restaurant too.
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/checkout`,
      headers: { 'x-guest-token': guestToken },
    });
    expect(checkout.statusCode).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${checkout.json<{ paymentId: string }>().paymentId}/complete`,
      payload: { outcome: 'pay' },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    // Served, then reviewed by the guest: the restaurant has a review too.
    for (const status of ['accepted', 'preparing', 'ready', 'served']) {
      await callApi(t.app, who.token, 'PUT', `/api/orders/${orderId}/status`, { status }, 200);
    }
    const review = await t.app.inject({
      method: 'POST',
      url: '/reviews',
      payload: { orderId, guestToken, rating: 4, comment: 'Fine' },
    });
    expect(review.statusCode).toBe(201);
    const waiter = await createStaffMember(t, who, 'Waiter');
    await callApi(t.app, waiter.token, 'POST', '/api/orders', {
      tableId: seeded.tables[1]!.id,
      items: [{ menuItemId: seeded.items[0]!.id, quantity: 1 }],
    });
    // A guest starts paying that table's bill: the restaurant has a bill payment too.
    const billCheckout = await t.app.inject({
      method: 'POST',
      url: '/api/tables/bill/checkout',
      payload: { qrToken: seeded.tables[1]!.qrToken, mode: 'full' },
    });
    expect(billCheckout.statusCode).toBe(201);
    // And calls a waiter: the restaurant has a service request.
    const called = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: { qrToken: seeded.tables[1]!.qrToken, kind: 'waiter' },
    });
    expect(called.statusCode).toBe(201);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password?staff=true',
      payload: { email: waiter.email },
    });
    expect(forgot.statusCode).toBe(202);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = 'fillboundary';
    const image = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(who.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(image.statusCode).toBe(201);
    return { seeded, waiter };
  }

  it('removes every row of that restaurant, in every table, and nothing of any other', async () => {
    const owner = await registerOwner(t.app, { restaurantName: 'Keeper' });
    const stranger = await registerOwner(t.app, { restaurantName: 'Neighbour' });
    await fill(owner);
    await fill(stranger);
    const doomed = await callApi<TRestaurant>(t.app, owner.token, 'POST', '/api/restaurants', {
      name: 'Doomed',
      currency: 'EUR',
      timezone: 'Europe/Rome',
    });
    await callApi(t.app, owner.token, 'POST', '/auth/switch-restaurant', { restaurantId: doomed.id }, 200);
    const { waiter } = await fill({ ...owner, restaurantId: doomed.id });
    await callApi(
      t.app,
      owner.token,
      'POST',
      '/auth/switch-restaurant',
      { restaurantId: owner.restaurantId },
      200,
    );

    const ids = [owner.restaurantId, stranger.restaurantId, doomed.id];
    const before = await countRows(ids);
    // Every restaurant-scoped table has rows of the doomed restaurant, so the test proves something.
    const scopedTables = Object.keys(before).filter((k) => k.endsWith(`@${doomed.id}`));
    expect(scopedTables.length).toBeGreaterThanOrEqual(10);
    for (const key of scopedTables) expect(before[key], key).toBeGreaterThan(0);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${doomed.id}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(204);

    const after = await countRows(ids);
    for (const key of scopedTables) expect(after[key], key).toBe(0);
    for (const id of [owner.restaurantId, stranger.restaurantId]) {
      for (const key of Object.keys(before).filter((k) => k.endsWith(`@${id}`))) {
        expect(after[key], key).toBe(before[key]);
      }
    }
    // Tables without a restaurant_id: what belonged to the doomed restaurant went, nothing else.
    expect(after.owners).toBe(before.owners);
    expect(after.mail_outbox).toBe(before.mail_outbox);
    expect(after.password_reset_tokens).toBe(before.password_reset_tokens! - 1);
    // The guest's order (its table's key) and the waiter's order (their own key).
    expect(after.idempotency_keys).toBe(before.idempotency_keys! - 1);
    expect(after.rate_limits).toBeLessThan(before.rate_limits!);
    const gone = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`%${waiter.email}%`}`,
    );
    expect(gone[0]!.n).toBe(0);

    expect((await t.app.inject({ url: '/auth/me', headers: bearer(waiter.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/auth/me', headers: bearer(owner.token) })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${doomed.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 409 for the restaurant the session works in, 404 for one not the owner’s, 403 for staff', async () => {
    const owner = await registerOwner(t.app);
    const stranger = await registerOwner(t.app);
    const current = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(current.statusCode).toBe(409);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${stranger.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(theirs.statusCode).toBe(404);
    const manager = await createStaffMember(t, owner, 'Manager');
    const asStaff = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(manager.token),
    });
    expect(asStaff.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/restaurants/${owner.restaurantId}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(200);
  });
});
