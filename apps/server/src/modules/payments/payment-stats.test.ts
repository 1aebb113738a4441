import type { QueryOf } from '@tavolo/contract/endpoint';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { placeStaffOrder } from '../../../test/money';
import { paymentRefunds, payments } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';

/**
 * Stats in New York (UTC−5 in January): payments and refunds placed at chosen instants around
 * local midnight, and the expected figures written out by hand.
 */
let t: TestApp;
let r: SeededRestaurant;

/** The stats over a period (by default the last 30 days). */
const statsOver = (query: QueryOf<typeof paymentsEndpoints.paymentStats> = {}) =>
  callApi(t.app, r.owner.token, paymentsEndpoints.paymentStats, {
    params: { restaurantId: r.owner.restaurantId },
    query,
  });
/** The raw answer, for a period refused. */
const answerOver = (query: QueryOf<typeof paymentsEndpoints.paymentStats>) =>
  injectApi(t.app, paymentsEndpoints.paymentStats, {
    token: r.owner.token,
    params: { restaurantId: r.owner.restaurantId },
    query,
  });

beforeAll(async () => {
  t = await createTestApp();
  r = await seedRestaurant(t.app, {
    register: { timezone: 'America/New_York', currency: 'USD' },
    dishes: [{ name: 'Banquet', priceMinor: 10_000 }],
  });
  const order = await placeStaffOrder(t.app, r);
  const db = t.database.db;

  async function pay(method: 'cash' | 'card' | 'transfer', amountMinor: number, at: string) {
    const { payment } = await callApi(t.app, r.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method, amountMinor },
    });
    await db
      .update(payments)
      .set({ succeededAt: new Date(at) })
      .where(eq(payments.id, payment.id));
    return payment.id;
  }
  async function refund(paymentId: string, amountMinor: number, at: string) {
    const { refund } = await callApi(t.app, r.owner.token, paymentsEndpoints.refundPayment, {
      params: { id: paymentId },
      body: { amountMinor },
    });
    await db
      .update(paymentRefunds)
      .set({ createdAt: new Date(at) })
      .where(eq(paymentRefunds.id, refund.id));
  }

  await pay('cash', 700, '2026-01-09T04:59:59Z'); // local Jan 8, 23:59:59: before the period
  const p1 = await pay('cash', 1000, '2026-01-10T04:59:00Z'); // local Jan 9, 23:59
  const p2 = await pay('card', 2000, '2026-01-10T05:00:00Z'); // local Jan 10, 00:00
  const p3 = await pay('card', 3001, '2026-01-11T04:30:00Z'); // local Jan 10, 23:30
  await pay('transfer', 1, '2026-01-11T16:00:00Z'); // local Jan 11, 11:00
  await pay('transfer', 500, '2026-01-12T05:00:00Z'); // local Jan 12, 00:00: after the period
  await refund(p3, 3001, '2026-01-11T04:45:00Z'); // local Jan 10, 23:45: the whole payment
  await refund(p2, 500, '2026-01-11T05:00:00Z'); // local Jan 11, 00:00
  await refund(p1, 100, '2026-01-12T05:00:01Z'); // local Jan 12: after the period
});
afterAll(() => t.close());

describe('payment stats', () => {
  it('cuts local days in the restaurant time zone, counts refunded payments as received, and subtracts refunds by their own day', async () => {
    const stats = await statsOver({ from: '2026-01-09', to: '2026-01-11' });
    expect(stats).toEqual({
      currency: 'USD',
      timezone: 'America/New_York',
      from: '2026-01-09',
      to: '2026-01-11',
      totalMinor: 2501,
      grossMinor: 6002,
      refundsMinor: 3501,
      count: 4,
      refundCount: 2,
      // 6002 / 4 = 1500.5, rounded half up.
      averageMinor: 1501,
      byMethod: [
        { method: 'cash', count: 1, grossMinor: 1000, refundsMinor: 0, totalMinor: 1000 },
        { method: 'card', count: 2, grossMinor: 5001, refundsMinor: 3501, totalMinor: 1500 },
        { method: 'transfer', count: 1, grossMinor: 1, refundsMinor: 0, totalMinor: 1 },
        { method: 'online', count: 0, grossMinor: 0, refundsMinor: 0, totalMinor: 0 },
      ],
      byDay: [
        { date: '2026-01-09', count: 1, grossMinor: 1000, refundsMinor: 0, totalMinor: 1000 },
        { date: '2026-01-10', count: 2, grossMinor: 5001, refundsMinor: 3001, totalMinor: 2000 },
        { date: '2026-01-11', count: 1, grossMinor: 1, refundsMinor: 500, totalMinor: -499 },
      ],
    });
  });

  it('takes an instant as its local day', async () => {
    // 03:00 UTC on Jan 10 is 22:00 on Jan 9 in New York; 04:00 UTC on Jan 12 is 23:00 on Jan 11.
    const stats = await statsOver({ from: '2026-01-10T03:00:00Z', to: '2026-01-12T04:00:00.000Z' });
    expect(stats).toMatchObject({
      from: '2026-01-09',
      to: '2026-01-11',
      grossMinor: 6002,
      refundsMinor: 3501,
    });
  });

  it('a single day', async () => {
    const stats = await statsOver({ from: '2026-01-12', to: '2026-01-12' });
    expect(stats).toMatchObject({
      count: 1,
      grossMinor: 500,
      refundsMinor: 100,
      totalMinor: 400,
      averageMinor: 500,
    });
    expect(stats.byDay).toEqual([
      { date: '2026-01-12', count: 1, grossMinor: 500, refundsMinor: 100, totalMinor: 400 },
    ]);
  });

  it('defaults to the last 30 days ending today, zeros included', async () => {
    const stats = await statsOver();
    const today = zonedDate(new Date(), 'America/New_York');
    expect(stats.to).toBe(today);
    expect(stats.byDay).toHaveLength(30);
    expect(stats.byDay.at(-1)!.date).toBe(today);
    expect(stats.byDay[0]!.date).toBe(stats.from);
  });

  it('accepts up to 366 days, and refuses longer or reversed periods with 422', async () => {
    const year = await statsOver({ from: '2025-01-12', to: '2026-01-12' });
    expect(year.byDay).toHaveLength(366);
    expect(year.grossMinor).toBe(7202);

    const tooLong = await answerOver({ from: '2025-01-11', to: '2026-01-12' });
    expect(tooLong.statusCode).toBe(422);
    expect(errorOf(tooLong).fields?.to).toBeDefined();

    const reversed = await answerOver({ from: '2026-01-12', to: '2026-01-11' });
    expect(reversed.statusCode).toBe(422);
    expect(errorOf(reversed).fields?.to).toBe('must be on or after from');

    const malformed = await answerOver({ from: '2026-02-30' });
    expect(malformed.statusCode).toBe(400);
  });
});
