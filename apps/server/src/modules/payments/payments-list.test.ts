import type { QueryOf } from '@tavolo/contract/endpoint';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { placeStaffOrder } from '../../../test/money';
import { payments } from '../../db/schema';

/** The payments list in Tokyo (UTC+9): filters by local day, method, status and order; pages. */
let t: TestApp;
let r: SeededRestaurant;
const ids: Record<string, string> = {};
let orderA: string;
let orderB: string;

const list = (query: QueryOf<typeof paymentsEndpoints.listPayments> = {}) =>
  callApi(t.app, r.owner.token, paymentsEndpoints.listPayments, {
    params: { restaurantId: r.owner.restaurantId },
    query,
  });

beforeAll(async () => {
  t = await createTestApp();
  r = await seedRestaurant(t.app, {
    register: { timezone: 'Asia/Tokyo', currency: 'JPY' },
    dishes: [{ name: 'Omakase', priceMinor: 10_000 }],
    tables: [7],
  });
  orderA = (await placeStaffOrder(t.app, r)).id;
  orderB = (await placeStaffOrder(t.app, r)).id;
  const db = t.database.db;
  const pay = async (
    name: string,
    orderId: string,
    method: 'cash' | 'card' | 'transfer',
    amountMinor: number,
    at: string,
  ) => {
    const { payment } = await callApi(t.app, r.owner.token, ordersEndpoints.recordPayment, {
      params: { id: orderId },
      body: { method, amountMinor },
    });
    await db
      .update(payments)
      .set({ createdAt: new Date(at) })
      .where(eq(payments.id, payment.id));
    ids[name] = payment.id;
  };
  await pay('a1', orderA, 'cash', 100, '2026-03-01T14:59:00Z'); // Tokyo Mar 1, 23:59
  await pay('a2', orderA, 'card', 200, '2026-03-01T15:00:00Z'); // Tokyo Mar 2, 00:00
  await pay('b1', orderB, 'card', 300, '2026-03-02T14:59:59Z'); // Tokyo Mar 2, 23:59:59
  await pay('b2', orderB, 'transfer', 400, '2026-03-02T15:00:00Z'); // Tokyo Mar 3, 00:00
  await pay('b3', orderB, 'cash', 500, '2026-03-03T10:00:00Z'); // Tokyo Mar 3, 19:00
  await callApi(t.app, r.owner.token, paymentsEndpoints.refundPayment, {
    params: { id: ids.b3! },
    body: { amountMinor: 500 },
  });
  await callApi(t.app, r.owner.token, paymentsEndpoints.refundPayment, {
    params: { id: ids.a1! },
    body: { amountMinor: 40 },
  });
});
afterAll(() => t.close());

describe('the payments list', () => {
  it('is newest first, with the order number, the table and the refunds', async () => {
    const page = await list();
    expect(page.items.map((p) => p.id)).toEqual([ids.b3, ids.b2, ids.b1, ids.a2, ids.a1]);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(page.items[4]).toMatchObject({
      tableNumber: 7,
      provider: null,
      refundedMinor: 40,
      status: 'succeeded',
    });
    expect(page.items[4]!.refunds.map((x) => x.amountMinor)).toEqual([40]);
    expect(page.items[0]!.status).toBe('refunded');
  });

  it('filters by local day in the restaurant time zone, inclusive', async () => {
    expect((await list({ from: '2026-03-02', to: '2026-03-02' })).items.map((p) => p.id)).toEqual([
      ids.b1,
      ids.a2,
    ]);
    expect((await list({ from: '2026-03-02' })).items.map((p) => p.id)).toEqual([
      ids.b3,
      ids.b2,
      ids.b1,
      ids.a2,
    ]);
    expect((await list({ to: '2026-03-01' })).items.map((p) => p.id)).toEqual([ids.a1]);
    // An instant is taken as it is.
    expect(
      (await list({ from: '2026-03-02T14:59:59Z', to: '2026-03-02T15:00:00Z' })).items.map((p) => p.id),
    ).toEqual([ids.b1]);
  });

  it('filters by method, status and order', async () => {
    expect((await list({ method: 'card' })).items.map((p) => p.id)).toEqual([ids.b1, ids.a2]);
    expect((await list({ status: 'refunded' })).items.map((p) => p.id)).toEqual([ids.b3]);
    expect((await list({ orderId: orderA })).items.map((p) => p.id)).toEqual([ids.a2, ids.a1]);
    expect((await list({ orderId: orderB, method: 'cash' })).total).toBe(1);
  });

  it('pages', async () => {
    const first = await list({ pageSize: 2, page: 1 });
    const third = await list({ pageSize: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((p) => p.id)).toEqual([ids.b3, ids.b2]);
    expect(third.items.map((p) => p.id)).toEqual([ids.a1]);
    expect((await list({ pageSize: 2, page: 4 })).items).toEqual([]);
  });
});
