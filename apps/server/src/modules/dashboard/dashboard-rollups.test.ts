import { dashboardEndpoints } from '@tavolo/contract/dashboard';
import { ordersEndpoints, type TCreatedOrder, type TOrderStatus } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callApi,
  createTestApp,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted, insertOnlinePayment, recordCash } from '../../../test/money';
import { type Db, queryRows } from '../../db/client';
import { dashboardRatings, orders, paymentRefunds, payments, restaurants, reviews } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';
import { pauseDashboardRollups, rebuildDashboardRollups } from './dashboard-rollups';

/**
 * The daily rollups against the base tables: whatever writes the rows (the API, a direct insert, a
 * time-zone change), every rollup row equals what the orders, payments and refunds say, computed
 * here in TypeScript with the server's own time-zone code rather than PostgreSQL's.
 */

let t: TestApp;
let db: Db;
/** A restaurant whose rollups nobody here touches: every test checks they never move. */
let bystander: SeededRestaurant;
let bystanderRows: Rollups;

type Rollups = { daily: string[]; status: string[]; dishes: string[] };

const NIL = '00000000-0000-0000-0000-000000000000';

/** The restaurant's rollup rows that say something (rows moved back to zero say nothing), sorted. */
async function readRollups(restaurantId: string): Promise<Rollups> {
  const daily = await queryRows<{ day: string; orders: number; total: number; revenue: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, orders_total_minor::bigint AS total, revenue_minor::bigint AS revenue
        FROM dashboard_daily WHERE restaurant_id = ${restaurantId}
          AND (orders <> 0 OR orders_total_minor <> 0 OR revenue_minor <> 0)`,
  );
  const status = await queryRows<{ day: string; status: string; orders: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, status, orders
        FROM dashboard_daily_status WHERE restaurant_id = ${restaurantId} AND orders <> 0`,
  );
  const dishes = await queryRows<{
    day: string;
    id: string;
    name: string;
    lines: number;
    q: number;
    r: number;
  }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, menu_item_id AS id, name, lines, quantity::bigint AS q, revenue_minor::bigint AS r
        FROM dashboard_daily_dishes WHERE restaurant_id = ${restaurantId}
          AND (lines <> 0 OR quantity <> 0 OR revenue_minor <> 0)`,
  );
  return {
    daily: daily.map((r) => `${r.day} ${Number(r.orders)} ${Number(r.total)} ${Number(r.revenue)}`).sort(),
    status: status.map((r) => `${r.day} ${r.status} ${Number(r.orders)}`).sort(),
    dishes: dishes
      .map((r) => `${r.day} ${r.id} ${r.name} ${Number(r.lines)} ${Number(r.q)} ${Number(r.r)}`)
      .sort(),
  };
}

/** The same figures from the base rows, days by @date-fns/tz in the restaurant's zone. */
async function expectedRollups(restaurantId: string): Promise<Rollups> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  const tz = restaurant!.timezone;
  const daily = new Map<string, { orders: number; total: number; revenue: number }>();
  const dayRow = (day: string) => {
    const row = daily.get(day) ?? { orders: 0, total: 0, revenue: 0 };
    daily.set(day, row);
    return row;
  };
  const status = new Map<string, number>();
  const dishes = new Map<string, { lines: number; q: number; r: number }>();
  for (const order of await db.select().from(orders).where(eq(orders.restaurantId, restaurantId))) {
    const day = zonedDate(order.createdAt, tz);
    status.set(`${day} ${order.status}`, (status.get(`${day} ${order.status}`) ?? 0) + 1);
    if (order.status === 'cancelled') continue;
    dayRow(day).orders += 1;
    dayRow(day).total += order.totalMinor;
    for (const line of order.items) {
      const key = `${day} ${line.menuItemId ?? NIL} ${line.name}`;
      const dish = dishes.get(key) ?? { lines: 0, q: 0, r: 0 };
      dishes.set(key, { lines: dish.lines + 1, q: dish.q + line.quantity, r: dish.r + line.lineTotalMinor });
    }
  }
  for (const payment of await db.select().from(payments).where(eq(payments.restaurantId, restaurantId))) {
    if ((payment.status === 'succeeded' || payment.status === 'refunded') && payment.succeededAt) {
      dayRow(zonedDate(payment.succeededAt, tz)).revenue += payment.amountMinor;
    }
  }
  for (const refund of await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.restaurantId, restaurantId))) {
    dayRow(zonedDate(refund.createdAt, tz)).revenue -= refund.amountMinor;
  }
  return {
    daily: [...daily]
      .filter(([, r]) => r.orders !== 0 || r.total !== 0 || r.revenue !== 0)
      .map(([day, r]) => `${day} ${r.orders} ${r.total} ${r.revenue}`)
      .sort(),
    status: [...status].map(([key, n]) => `${key} ${n}`).sort(),
    dishes: [...dishes].map(([key, d]) => `${key} ${d.lines} ${d.q} ${d.r}`).sort(),
  };
}

let orderNumber = 100_000;

/** An order's row as a test or a bulk load writes it straight into the table. */
function orderValues(
  where: SeededRestaurant,
  o: { at: Date; status: TOrderStatus; lines: { dish: number; quantity: number }[] },
) {
  const items = o.lines.map(({ dish, quantity }) => {
    const item = where.items[dish % where.items.length]!;
    return {
      menuItemId: item.id,
      name: item.name,
      unitPriceMinor: item.priceMinor,
      quantity,
      options: [],
      note: null,
      lineTotalMinor: item.priceMinor * quantity,
    };
  });
  const total = items.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  orderNumber += 1;
  return {
    restaurantId: where.owner.restaurantId,
    number: orderNumber,
    tableNumber: 1,
    source: 'staff' as const,
    status: o.status,
    items,
    subtotalMinor: total,
    serviceChargeMinor: 0,
    tipMinor: 0,
    totalMinor: total,
    currency: 'EUR',
    statusHistory: [],
    createdAt: o.at,
  };
}

/** An order written straight into the table, as a test or a bulk load would. */
async function insertOrder(
  where: SeededRestaurant,
  o: { at: Date; status: TOrderStatus; lines: { dish: number; quantity: number }[] },
  tx: Db = db,
): Promise<string> {
  const [row] = await tx.insert(orders).values(orderValues(where, o)).returning({ id: orders.id });
  return row!.id;
}

const ZONES = ['UTC', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const DISHES = [
  { name: 'Margherita', priceMinor: 900 },
  { name: 'Lasagne', priceMinor: 1400 },
  { name: 'Tiramisu', priceMinor: 600 },
];

async function newRestaurant(timezone = 'UTC', tables = [1, 2, 3]): Promise<SeededRestaurant> {
  return seedRestaurant(t.app, { register: { timezone, currency: 'EUR' }, dishes: DISHES, tables });
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  bystander = await newRestaurant('Asia/Kathmandu');
  const placed = await callApi(t.app, bystander.owner.token, ordersEndpoints.placeOrder, {
    body: { tableId: bystander.tables[0]!.id, items: [{ menuItemId: bystander.items[0]!.id, quantity: 2 }] },
  });
  await recordCash(t.app, bystander.owner.token, placed.id, 1000);
  await insertOrder(bystander, {
    at: new Date(Date.now() - 86_400_000),
    status: 'served',
    lines: [{ dish: 1, quantity: 1 }],
  });
  bystanderRows = await readRollups(bystander.owner.restaurantId);
  expect(bystanderRows.daily.length).toBeGreaterThan(0);
});
afterAll(async () => {
  // Tenancy: nothing any test did moved another restaurant's rows.
  expect(await readRollups(bystander.owner.restaurantId)).toEqual(bystanderRows);
  await t.close();
});
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(db));

const STATUSES = ['accepted', 'preparing', 'ready', 'served', 'completed', 'cancelled'] as const;

type Op =
  | { kind: 'place'; table: number; lines: { dish: number; quantity: number }[] }
  | { kind: 'move'; order: number; status: (typeof STATUSES)[number] }
  | { kind: 'cash'; order: number; amount: number }
  | { kind: 'online'; order: number; amount: number }
  | { kind: 'refund'; payment: number; amount: number }
  | {
      kind: 'past';
      daysAgo: number;
      minute: number;
      status: TOrderStatus;
      paid: 'no' | 'succeeded' | 'refunded' | 'pending';
    }
  | { kind: 'settle'; payment: number; daysAgo: number }
  | { kind: 'timezone'; zone: number };

const lines = fc.array(fc.record({ dish: fc.nat(5), quantity: fc.integer({ min: 1, max: 4 }) }), {
  minLength: 1,
  maxLength: 3,
});
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('place' as const), table: fc.nat(2), lines }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      order: fc.nat(20),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cash' as const),
      order: fc.nat(20),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('online' as const),
      order: fc.nat(20),
      amount: fc.integer({ min: 100, max: 3000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      payment: fc.nat(20),
      amount: fc.integer({ min: 1, max: 1500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('past' as const),
      daysAgo: fc.integer({ min: 0, max: 40 }),
      minute: fc.nat(24 * 60 - 1),
      status: fc.constantFrom<TOrderStatus>('pending', 'served', 'completed', 'cancelled'),
      paid: fc.constantFrom('no' as const, 'succeeded' as const, 'refunded' as const, 'pending' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      payment: fc.nat(20),
      daysAgo: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('timezone' as const), zone: fc.nat(ZONES.length - 1) }),
  },
);

/** Plays one operation; refusals (a move the lifecycle forbids, an amount too large) are part of the game. */
async function play(r: SeededRestaurant, state: { orders: string[]; payments: string[] }, o: Op) {
  const { token, restaurantId } = r.owner;
  const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);
  switch (o.kind) {
    case 'place': {
      const placed = await injectApi(t.app, ordersEndpoints.placeOrder, {
        headers: { authorization: `Bearer ${token}` },
        body: {
          tableId: r.tables[o.table % r.tables.length]!.id,
          items: o.lines.map((l) => ({
            menuItemId: r.items[l.dish % r.items.length]!.id,
            quantity: l.quantity,
          })),
        },
      });
      expect(placed.statusCode).toBe(201);
      state.orders.push(placed.json<TCreatedOrder>().id);
      return;
    }
    case 'move': {
      const id = pick(state.orders, o.order);
      if (!id) return;
      await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
        headers: { authorization: `Bearer ${token}` },
        params: { id },
        body: { status: o.status, reason: 'changed their mind' },
      });
      return;
    }
    case 'cash': {
      const id = pick(state.orders, o.order);
      if (!id) return;
      const paid = await injectApi(t.app, ordersEndpoints.recordPayment, {
        headers: { authorization: `Bearer ${token}` },
        params: { id },
        body: { method: 'card', amountMinor: o.amount },
      });
      if (paid.statusCode === 201) state.payments.push(paid.json<{ payment: { id: string } }>().payment.id);
      return;
    }
    case 'online': {
      const id = pick(state.orders, o.order);
      if (!id) return;
      state.payments.push(await insertOnlinePayment(db, restaurantId, id, o.amount, 10));
      return;
    }
    case 'refund': {
      const id = pick(state.payments, o.payment);
      if (!id) return;
      await injectApi(t.app, paymentsEndpoints.refundPayment, {
        headers: { authorization: `Bearer ${token}` },
        params: { id },
        body: { amountMinor: o.amount },
      });
      return;
    }
    case 'past': {
      const at = new Date(Date.now() - o.daysAgo * 86_400_000 - o.minute * 60_000);
      const orderId = await insertOrder(r, {
        at,
        status: o.status,
        lines: [{ dish: o.minute, quantity: 1 + (o.minute % 3) }],
      });
      state.orders.push(orderId);
      if (o.paid !== 'no') {
        const [row] = await db
          .insert(payments)
          .values({
            restaurantId,
            orderId,
            amountMinor: 500 + o.minute,
            method: 'online',
            status: o.paid,
            succeededAt: o.paid === 'pending' ? null : new Date(at.getTime() + 30 * 60_000),
            createdAt: at,
          })
          .returning({ id: payments.id });
        state.payments.push(row!.id);
      }
      return;
    }
    case 'settle': {
      // What the provider's webhook does to a pending online payment.
      const id = pick(state.payments, o.payment);
      if (!id) return;
      await db
        .update(payments)
        .set({ status: 'succeeded', succeededAt: new Date(Date.now() - o.daysAgo * 86_400_000) })
        .where(sql`${payments.id} = ${id} AND ${payments.status} = 'pending'`);
      return;
    }
    case 'timezone': {
      const changed = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
        headers: { authorization: `Bearer ${token}` },
        params: { id: restaurantId },
        body: { timezone: ZONES[o.zone] },
      });
      expect(changed.statusCode).toBe(200);
    }
  }
}

describe('dashboard rollups', () => {
  it('equal the base tables after any sequence of orders, moves, payments, refunds and zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(op, { minLength: 5, maxLength: 25 }),
        async (zone, ops) => {
          const r = await newRestaurant(zone);
          const state = { orders: [] as string[], payments: [] as string[] };
          for (const o of ops) await play(r, state, o);
          const rows = await readRollups(r.owner.restaurantId);
          expect(rows).toEqual(await expectedRollups(r.owner.restaurantId));
          // And the rebuild says the same.
          await rebuildDashboardRollups(db, r.owner.restaurantId);
          expect(await readRollups(r.owner.restaurantId)).toEqual(rows);
        },
      ),
      { numRuns: 20 },
    );
    // ~5 s alone; room for a busy machine (each run registers a restaurant and plays ~15 calls).
  }, 120_000);

  it('move to the new local days when the time zone changes, in the settings update', async () => {
    const r = await newRestaurant('UTC');
    // 20:00Z on 10 March 2026: the 10th in UTC, already the 11th in Kiritimati (UTC+14).
    const orderId = await insertOrder(r, {
      at: new Date('2026-03-10T20:00:00Z'),
      status: 'completed',
      lines: [{ dish: 0, quantity: 2 }],
    });
    await db.insert(payments).values({
      restaurantId: r.owner.restaurantId,
      orderId,
      amountMinor: 1800,
      method: 'cash',
      status: 'succeeded',
      succeededAt: new Date('2026-03-10T20:30:00Z'),
    });
    const summary = async (now: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      try {
        return await callApi(t.app, r.owner.token, dashboardEndpoints.orderSummary, {
          query: { period: 'today' },
        });
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await readRollups(r.owner.restaurantId)).toMatchObject({ daily: ['2026-03-10 1 1800 1800'] });
    expect(await summary('2026-03-10T21:00:00Z')).toMatchObject({
      from: '2026-03-10',
      total: 1,
      revenueMinor: 1800,
    });

    await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: r.owner.restaurantId },
      body: { timezone: 'Pacific/Kiritimati' },
    });
    expect(await readRollups(r.owner.restaurantId)).toEqual({
      daily: ['2026-03-11 1 1800 1800'],
      status: ['2026-03-11 completed 1'],
      dishes: [`2026-03-11 ${r.items[0]!.id} Margherita 1 2 1800`],
    });
    // 21:00Z is 11:00 on the 11th there: the order and its payment are today's.
    expect(await summary('2026-03-10T21:00:00Z')).toMatchObject({
      from: '2026-03-11',
      total: 1,
      totalMinor: 1800,
      revenueMinor: 1800,
    });
  });

  it('change only with the transaction that moves them: a refused refund and a rollback leave them as they were', async () => {
    const r = await newRestaurant('America/New_York');
    const placed = await callApi(t.app, r.owner.token, ordersEndpoints.placeOrder, {
      body: { tableId: r.tables[0]!.id, items: [{ menuItemId: r.items[1]!.id, quantity: 1 }] },
    });
    // 1400 paid online, 15 fee: the wallet holds 1385, less than the whole payment.
    const paymentId = await insertOnlinePayment(db, r.owner.restaurantId, placed.id, 1400, 15);
    const before = await readRollups(r.owner.restaurantId);
    expect(before.daily).toEqual([`${zonedDate(new Date(), 'America/New_York')} 1 1400 1400`]);

    const refused = await injectApi(t.app, paymentsEndpoints.refundPayment, {
      headers: { authorization: `Bearer ${r.owner.token}` },
      params: { id: paymentId },
      body: { amountMinor: 1400 },
    });
    expect(refused.statusCode).toBe(409);
    expect(await readRollups(r.owner.restaurantId)).toEqual(before);

    await expect(
      db.transaction(async (tx) => {
        await insertOrder(r, { at: new Date(), status: 'pending', lines: [{ dish: 0, quantity: 3 }] }, tx);
        await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readRollups(r.owner.restaurantId)).toEqual(before);
  });

  it('stay out of a bulk load that pauses them, and come back with a rebuild', async () => {
    const r = await newRestaurant('Asia/Kathmandu');
    await db.transaction(async (tx) => {
      await pauseDashboardRollups(tx);
      for (let day = 0; day < 5; day += 1) {
        await insertOrder(
          r,
          {
            at: new Date(Date.now() - day * 86_400_000),
            status: 'completed',
            lines: [{ dish: day, quantity: 1 }],
          },
          tx,
        );
      }
    });
    expect(await readRollups(r.owner.restaurantId)).toEqual({ daily: [], status: [], dishes: [] });
    // The switch lasted only for that transaction.
    await insertOrder(r, { at: new Date(), status: 'pending', lines: [{ dish: 0, quantity: 1 }] });
    await rebuildDashboardRollups(db, r.owner.restaurantId);
    const rows = await readRollups(r.owner.restaurantId);
    expect(rows.status.reduce((sum, row) => sum + Number(row.split(' ')[2]), 0)).toBe(6);
    expect(rows).toEqual(await expectedRollups(r.owner.restaurantId));
  });

  /** Twelve guests' orders, each placed, paid in cash and moved on: their rollups add up. */
  async function twelveOrdersPaidAndMoved(how: 'at once' | 'in turn') {
    const r = await newRestaurant('America/New_York', [1, 2, 3, 4]);
    await sendAll(
      Array.from({ length: 12 }, (_, index) => async () => {
        const placed = await callApi(t.app, r.owner.token, ordersEndpoints.placeOrder, {
          body: {
            tableId: r.tables[index % 4]!.id,
            items: [
              { menuItemId: r.items[index % 3]!.id, quantity: 1 },
              { menuItemId: r.items[(index + 1) % 3]!.id, quantity: 2 },
            ],
          },
        });
        await recordCash(t.app, r.owner.token, placed.id, 500);
        await callApi(t.app, r.owner.token, ordersEndpoints.updateOrderStatus, {
          params: { id: placed.id },
          body: { status: index % 3 === 0 ? 'cancelled' : 'accepted', reason: 'busy' },
        });
      }),
      how,
    );
    expect(await readRollups(r.owner.restaurantId)).toEqual(await expectedRollups(r.owner.restaurantId));
  }

  it('hold through orders, payments and moves one after the other', () =>
    twelveOrdersPaidAndMoved('in turn'));
  // On PostgreSQL (a pool of ten connections) the twelve run at once.
  itRaces('hold under concurrent orders, payments and moves', () => twelveOrdersPaidAndMoved('at once'));

  it('count orders inserted many in one statement, as the order intake batches them', async () => {
    const kathmandu = await newRestaurant('Asia/Kathmandu');
    const newYork = await newRestaurant('America/New_York');
    const late = new Date('2026-03-08T23:30:00Z'); // one local day in Kathmandu, another in New York
    const statuses: TOrderStatus[] = ['pending', 'cancelled', 'served', 'pending'];
    await db.insert(orders).values(
      [kathmandu, newYork, kathmandu].flatMap((where, w) =>
        statuses.map((status, i) =>
          orderValues(where, {
            at: new Date(late.getTime() + (w + i) * 3_600_000),
            status,
            lines: [
              { dish: i, quantity: 1 + w },
              { dish: i + 1, quantity: 2 },
              { dish: i, quantity: 3 },
            ],
          }),
        ),
      ),
    );
    for (const r of [kathmandu, newYork]) {
      const rows = await readRollups(r.owner.restaurantId);
      expect(rows.daily.length).toBeGreaterThan(0);
      expect(rows).toEqual(await expectedRollups(r.owner.restaurantId));
    }
  });

  it('go with their restaurant when it is deleted', async () => {
    const r = await newRestaurant('UTC');
    await insertOrder(r, { at: new Date(), status: 'served', lines: [{ dish: 2, quantity: 1 }] });
    expect((await readRollups(r.owner.restaurantId)).daily).toHaveLength(1);
    await db.delete(restaurants).where(eq(restaurants.id, r.owner.restaurantId));
    expect(await readRollups(r.owner.restaurantId)).toEqual({ daily: [], status: [], dishes: [] });
  });
});

describe('The rating sums', () => {
  /** The rollup row against the reviews themselves; no row reads as no reviews. */
  async function ratingsOf(restaurantId: string) {
    const [row] = await db
      .select()
      .from(dashboardRatings)
      .where(eq(dashboardRatings.restaurantId, restaurantId));
    const rows = await db.select().from(reviews).where(eq(reviews.restaurantId, restaurantId));
    return {
      kept: { count: row?.ratingCount ?? 0, sum: Number(row?.ratingSum ?? 0) },
      counted: { count: rows.length, sum: rows.reduce((sum, review) => sum + review.rating, 0) },
    };
  }
  const review = async (r: SeededRestaurant, rating: number, tx: Db = db) => {
    const orderId = await insertOrder(
      r,
      { at: new Date(), status: 'served', lines: [{ dish: 0, quantity: 1 }] },
      tx,
    );
    await tx.insert(reviews).values({ restaurantId: r.owner.restaurantId, orderId, rating });
    return orderId;
  };

  it('follow reviews written, changed and deleted, and their orders deleted', async () => {
    const r = await newRestaurant('UTC');
    const first = await review(r, 5);
    await review(r, 2);
    const third = await review(r, 4);
    expect(await ratingsOf(r.owner.restaurantId)).toEqual({
      kept: { count: 3, sum: 11 },
      counted: { count: 3, sum: 11 },
    });
    await db.update(reviews).set({ rating: 1 }).where(eq(reviews.orderId, first));
    // The review goes with its order.
    await db.delete(orders).where(eq(orders.id, third));
    expect(await ratingsOf(r.owner.restaurantId)).toEqual({
      kept: { count: 2, sum: 3 },
      counted: { count: 2, sum: 3 },
    });
  });

  it('are rebuilt after a load with the triggers paused, and go with their restaurant', async () => {
    const r = await newRestaurant('UTC');
    await review(r, 3);
    await db.transaction(async (tx) => {
      await pauseDashboardRollups(tx);
      await review(r, 5, tx);
      await review(r, 5, tx);
    });
    expect((await ratingsOf(r.owner.restaurantId)).kept).toEqual({ count: 1, sum: 3 });
    await rebuildDashboardRollups(db, r.owner.restaurantId);
    expect((await ratingsOf(r.owner.restaurantId)).kept).toEqual({ count: 3, sum: 13 });
    await db.delete(restaurants).where(eq(restaurants.id, r.owner.restaurantId));
    expect((await ratingsOf(r.owner.restaurantId)).kept).toEqual({ count: 0, sum: 0 });
    expect(
      await db.select().from(dashboardRatings).where(eq(dashboardRatings.restaurantId, r.owner.restaurantId)),
    ).toEqual([]);
  });
});
