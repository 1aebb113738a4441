import { authEndpoints, type TSessionResponse } from '@tavolo/contract/auth';
import { dashboardEndpoints, type TDashboardPeriod } from '@tavolo/contract/dashboard';
import type { QueryOf, ResponseOf } from '@tavolo/contract/endpoint';
import { menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import type { TOrderStatus } from '@tavolo/contract/orders';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers';
import { orders, paymentRefunds, payments, reviews, wallets, walletTransactions } from '../../db/schema';

/**
 * The dashboard's figures against rows seeded straight into the database at chosen instants, in
 * restaurants whose day is not UTC's. Every expected figure is written out by hand (the sums are in
 * the comments); "now" is set by faking Date, the clock the server reads.
 *
 * New York: EST (UTC−5) until Sunday 8 March 2026 02:00, EDT (UTC−4) after. So a local day starts
 * at 05:00Z before the switch and at 04:00Z after it.
 */

let t: TestApp;
let ny: SeededRestaurant;
let other: SeededRestaurant;
const dish: Record<'M' | 'L' | 'T' | 'S' | 'B' | 'C' | 'X', TMenuItem> = {} as never;

// Wednesday 11 March 2026, 15:00 in New York (EDT).
const NOW = '2026-03-11T19:00:00Z';

let orderNumber = 0;
type Line = { item: TMenuItem; quantity: number; name?: string };

async function insertOrder(
  where: SeededRestaurant,
  o: { at: string; status: TOrderStatus; lines: Line[]; serviceMinor?: number; tipMinor?: number },
): Promise<string> {
  const items = o.lines.map(({ item, quantity, name }) => ({
    menuItemId: item.id,
    name: name ?? item.name,
    unitPriceMinor: item.priceMinor,
    quantity,
    options: [],
    note: null,
    lineTotalMinor: item.priceMinor * quantity,
  }));
  const subtotalMinor = items.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  const serviceChargeMinor = o.serviceMinor ?? 0;
  const tipMinor = o.tipMinor ?? 0;
  orderNumber += 1;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      restaurantId: where.owner.restaurantId,
      number: orderNumber,
      tableNumber: 1,
      source: 'staff',
      status: o.status,
      items,
      subtotalMinor,
      serviceChargeMinor,
      tipMinor,
      totalMinor: subtotalMinor + serviceChargeMinor + tipMinor,
      currency: 'USD',
      statusHistory: [],
      createdAt: new Date(o.at),
    })
    .returning({ id: orders.id });
  return row!.id;
}

async function insertPayment(
  where: SeededRestaurant,
  orderId: string,
  p: {
    amountMinor: number;
    at: string;
    succeededAt: string | null;
    status?: 'pending' | 'succeeded' | 'failed' | 'refunded';
  },
): Promise<string> {
  const [row] = await t.database.db
    .insert(payments)
    .values({
      restaurantId: where.owner.restaurantId,
      orderId,
      amountMinor: p.amountMinor,
      method: 'cash',
      status: p.status ?? 'succeeded',
      succeededAt: p.succeededAt ? new Date(p.succeededAt) : null,
      createdAt: new Date(p.at),
    })
    .returning({ id: payments.id });
  return row!.id;
}

async function insertRefund(
  where: SeededRestaurant,
  ids: { orderId: string; paymentId: string },
  r: { amountMinor: number; at: string },
) {
  await t.database.db.insert(paymentRefunds).values({
    restaurantId: where.owner.restaurantId,
    ...ids,
    amountMinor: r.amountMinor,
    createdAt: new Date(r.at),
  });
}

type DashboardEndpoint = (typeof dashboardEndpoints)[keyof typeof dashboardEndpoints];

/** Calls a dashboard endpoint as `token` with Date faked to `now` (timers stay real). */
async function at<E extends DashboardEndpoint>(
  now: string,
  token: string,
  endpoint: E,
  query?: QueryOf<E>,
): Promise<ResponseOf<E>> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  try {
    // No dashboard endpoint has path params: a query is all it takes.
    return (await callApi(t.app, token, endpoint as DashboardEndpoint, { query } as never)) as ResponseOf<E>;
  } finally {
    vi.useRealTimers();
  }
}

async function memberHolding(owner: SeededRestaurant['owner'], permissions: string[]): Promise<string> {
  const role = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
    body: { name: `Role ${uniqueEmail('r')}`, permissions },
  });
  const email = uniqueEmail('dash');
  await callApi(t.app, owner.token, staffEndpoints.createStaffMember, {
    body: { name: 'Dash', email, password: 'dash password 1', roleId: role.id },
  });
  const login = await injectApi(t.app, authEndpoints.logIn, {
    query: { staff: 'true' },
    body: { email, password: 'dash password 1' },
  });
  return login.json<TSessionResponse>().token!;
}

beforeAll(async () => {
  t = await createTestApp();
  ny = await seedRestaurant(t.app, {
    register: { timezone: 'America/New_York', currency: 'USD' },
    dishes: [
      { name: 'Margherita', priceMinor: 900 },
      { name: 'Lasagne', priceMinor: 1400 },
      { name: 'Tiramisu', priceMinor: 600 },
      { name: 'Soup', priceMinor: 500 },
      { name: 'Bruschetta', priceMinor: 600 },
      { name: 'Calzone', priceMinor: 1100 },
      // Off the menu (inactive) and never ordered: not among the dishes.
      { name: 'Special', priceMinor: 700, active: false },
    ],
  });
  [dish.M, dish.L, dish.T, dish.S, dish.B, dish.C, dish.X] = ny.items as [
    TMenuItem,
    TMenuItem,
    TMenuItem,
    TMenuItem,
    TMenuItem,
    TMenuItem,
    TMenuItem,
  ];
  const { M, L, T, C } = dish;

  // ---- today, Wednesday 11 March (EDT: the day is 04:00Z to 04:00Z) ----------------------------
  // O1 at 00:30 local: 2 × Margherita = 1800 + 180 service = 1980, paid in two payments.
  const o1 = await insertOrder(ny, {
    at: '2026-03-11T04:30:00Z',
    status: 'completed',
    lines: [{ item: M, quantity: 2 }],
    serviceMinor: 180,
  });
  await insertPayment(ny, o1, {
    amountMinor: 1000,
    at: '2026-03-11T05:00:00Z',
    succeededAt: '2026-03-11T05:00:00Z',
  });
  const p1b = await insertPayment(ny, o1, {
    amountMinor: 980,
    at: '2026-03-11T05:10:00Z',
    succeededAt: '2026-03-11T05:10:00Z',
  });
  await insertRefund(ny, { orderId: o1, paymentId: p1b }, { amountMinor: 200, at: '2026-03-11T18:30:00Z' });
  // O2 at 12:00 local, pending: Lasagne 1400 + Tiramisu 600 = 2000 + 200 service + 1 tip = 2201.
  // Its online payment is still pending and another attempt failed: neither is revenue.
  const o2 = await insertOrder(ny, {
    at: '2026-03-11T16:00:00Z',
    status: 'pending',
    lines: [
      { item: L, quantity: 1 },
      { item: T, quantity: 1 },
    ],
    serviceMinor: 200,
    tipMinor: 1,
  });
  await insertPayment(ny, o2, {
    amountMinor: 2201,
    at: '2026-03-11T16:05:00Z',
    succeededAt: null,
    status: 'pending',
  });
  await insertPayment(ny, o2, {
    amountMinor: 2201,
    at: '2026-03-11T16:01:00Z',
    succeededAt: null,
    status: 'failed',
  });
  // O3 at 13:00 local, cancelled: 5 × Margherita = 4500, in no figure but byStatus/total.
  await insertOrder(ny, {
    at: '2026-03-11T17:00:00Z',
    status: 'cancelled',
    lines: [{ item: M, quantity: 5 }],
  });
  // O4 at 14:00 local, preparing: 1 × Calzone = 1100 (the dish is deleted below).
  await insertOrder(ny, {
    at: '2026-03-11T18:00:00Z',
    status: 'preparing',
    lines: [{ item: C, quantity: 1 }],
  });

  // ---- Tuesday 10 March and the midnight between ----------------------------------------------
  // O5 at 19:00 local on the 10th: 2 × Lasagne (ordered as "Lasagna", since renamed) = 2800, paid
  // 1500 at 23:59 local on the 10th and 1300 at 00:01 local on the 11th; 500 of the first refunded today.
  const o5 = await insertOrder(ny, {
    at: '2026-03-10T23:00:00Z',
    status: 'completed',
    lines: [{ item: L, quantity: 2, name: 'Lasagna' }],
  });
  const p5a = await insertPayment(ny, o5, {
    amountMinor: 1500,
    at: '2026-03-11T03:59:00Z',
    succeededAt: '2026-03-11T03:59:00Z',
  });
  await insertPayment(ny, o5, {
    amountMinor: 1300,
    at: '2026-03-11T04:01:00Z',
    succeededAt: '2026-03-11T04:01:00Z',
  });
  await insertRefund(ny, { orderId: o5, paymentId: p5a }, { amountMinor: 500, at: '2026-03-11T18:45:00Z' });
  // O6 at 23:59:30 local on the 10th, served (still open): Tiramisu 600.
  await insertOrder(ny, { at: '2026-03-11T03:59:30Z', status: 'served', lines: [{ item: T, quantity: 1 }] });

  // ---- the compare day, Wednesday 4 March (EST: 05:00Z to 05:00Z) -------------------------------
  // O7 at 00:00 local exactly: Margherita 900, paid at 00:30, refunded in full on the 5th at 10:00 local.
  const o7 = await insertOrder(ny, {
    at: '2026-03-04T05:00:00Z',
    status: 'completed',
    lines: [{ item: M, quantity: 1 }],
  });
  const p7 = await insertPayment(ny, o7, {
    amountMinor: 900,
    at: '2026-03-04T05:30:00Z',
    succeededAt: '2026-03-04T05:30:00Z',
    status: 'refunded',
  });
  await insertRefund(ny, { orderId: o7, paymentId: p7 }, { amountMinor: 900, at: '2026-03-05T15:00:00Z' });
  // O8 at 15:00 local: Lasagne 1400 + 101 tip = 1501, paid at 16:00.
  const o8 = await insertOrder(ny, {
    at: '2026-03-04T20:00:00Z',
    status: 'completed',
    lines: [{ item: L, quantity: 1 }],
    tipMinor: 101,
  });
  await insertPayment(ny, o8, {
    amountMinor: 1501,
    at: '2026-03-04T21:00:00Z',
    succeededAt: '2026-03-04T21:00:00Z',
  });
  // O9 at 23:59 local, cancelled: Tiramisu 600.
  await insertOrder(ny, {
    at: '2026-03-05T04:59:00Z',
    status: 'cancelled',
    lines: [{ item: T, quantity: 1 }],
  });
  // O10 at 00:00 local on Thursday the 5th (the week's first instant): 2 × Tiramisu = 1200, unpaid.
  await insertOrder(ny, {
    at: '2026-03-05T05:00:00Z',
    status: 'completed',
    lines: [{ item: T, quantity: 2 }],
  });

  // ---- earlier this year, and the end of last year ----------------------------------------------
  // O11 at 18:00 local on 31 January: Margherita 900, paid at 23:59 local (04:59Z on 1 February).
  const o11 = await insertOrder(ny, {
    at: '2026-01-31T23:00:00Z',
    status: 'completed',
    lines: [{ item: M, quantity: 1 }],
  });
  await insertPayment(ny, o11, {
    amountMinor: 900,
    at: '2026-02-01T04:59:00Z',
    succeededAt: '2026-02-01T04:59:00Z',
  });
  // O12 at 00:01 local on 1 February: Lasagne 1400, paid at 00:30; 400 refunded on 2 March.
  const o12 = await insertOrder(ny, {
    at: '2026-02-01T05:01:00Z',
    status: 'completed',
    lines: [{ item: L, quantity: 1 }],
  });
  const p12 = await insertPayment(ny, o12, {
    amountMinor: 1400,
    at: '2026-02-01T05:30:00Z',
    succeededAt: '2026-02-01T05:30:00Z',
  });
  await insertRefund(ny, { orderId: o12, paymentId: p12 }, { amountMinor: 400, at: '2026-03-02T15:00:00Z' });
  // O13 at 23:30 local on 31 December 2025 (04:30Z on 1 January): Tiramisu 600, paid at 23:45 local.
  const o13 = await insertOrder(ny, {
    at: '2026-01-01T04:30:00Z',
    status: 'completed',
    lines: [{ item: T, quantity: 1 }],
  });
  await insertPayment(ny, o13, {
    amountMinor: 600,
    at: '2026-01-01T04:45:00Z',
    succeededAt: '2026-01-01T04:45:00Z',
  });

  // ---- the wallet ------------------------------------------------------------------------------
  // A payment's credit and its fee share one instant (one transaction); a week before NOW is
  // 2026-03-04T19:00Z, and the entry at exactly that instant is not before it.
  const walletEntries = [
    {
      type: 'credit',
      kind: 'payment',
      amountMinor: 2000,
      balanceAfterMinor: 2000,
      at: '2026-03-01T12:00:00Z',
    },
    { type: 'debit', kind: 'fee', amountMinor: 30, balanceAfterMinor: 1970, at: '2026-03-01T12:00:00Z' },
    {
      type: 'credit',
      kind: 'payment',
      amountMinor: 1000,
      balanceAfterMinor: 2970,
      at: '2026-03-04T19:00:00Z',
    },
    { type: 'debit', kind: 'payout', amountMinor: 500, balanceAfterMinor: 2470, at: '2026-03-10T12:00:00Z' },
  ] as const;
  await t.database.db.insert(wallets).values({ restaurantId: ny.owner.restaurantId, balanceMinor: 2470 });
  await t.database.db.insert(walletTransactions).values(
    walletEntries.map(({ at: createdAt, ...entry }) => ({
      ...entry,
      restaurantId: ny.owner.restaurantId,
      description: entry.kind,
      createdAt: new Date(createdAt),
    })),
  );

  // The Calzone leaves the menu: its lines stay on the orders, without a dish to point at.
  const removed = await injectApi(t.app, menuEndpoints.deleteMenuItem, {
    token: ny.owner.token,
    params: { id: C.id },
  });
  expect(removed.statusCode).toBeLessThan(300);

  // ---- another restaurant, same time zone, busy at the same instants: never in NY's figures -------
  other = await seedRestaurant(t.app, {
    register: { timezone: 'America/New_York', currency: 'USD' },
    dishes: [{ name: 'Their Dish', priceMinor: 99_000 }],
  });
  for (const instant of ['2026-03-11T16:00:00Z', '2026-03-04T20:00:00Z', '2026-02-01T06:00:00Z']) {
    const theirs = await insertOrder(other, {
      at: instant,
      status: 'pending',
      lines: [{ item: other.items[0]!, quantity: 3 }],
    });
    const paid = await insertPayment(other, theirs, {
      amountMinor: 50_000,
      at: instant,
      succeededAt: instant,
    });
    await insertRefund(other, { orderId: theirs, paymentId: paid }, { amountMinor: 7, at: instant });
  }
  await t.database.db
    .insert(wallets)
    .values({ restaurantId: other.owner.restaurantId, balanceMinor: 12_345 });
  await t.database.db.insert(walletTransactions).values({
    restaurantId: other.owner.restaurantId,
    type: 'credit',
    kind: 'adjustment',
    amountMinor: 12_345,
    balanceAfterMinor: 12_345,
    description: 'theirs',
    createdAt: new Date('2026-03-11T12:00:00Z'),
  });
});
afterAll(() => t.close());

const zeroStatuses = {
  pending: 0,
  accepted: 0,
  preparing: 0,
  ready: 0,
  served: 0,
  completed: 0,
  cancelled: 0,
};

describe('GET /api/dashboard/overview', () => {
  it('rates with every review so far against those written before this instant a week ago', async () => {
    const rated = await seedRestaurant(t.app, {
      register: { timezone: 'America/New_York', currency: 'USD' },
    });
    const elsewhere = await seedRestaurant(t.app, { register: { timezone: 'America/New_York' } });
    const review = async (where: SeededRestaurant, rating: number, at: string) => {
      const orderId = await insertOrder(where, {
        at,
        status: 'completed',
        lines: [{ item: where.items[0]!, quantity: 1 }],
      });
      await t.database.db.insert(reviews).values({
        restaurantId: where.owner.restaurantId,
        orderId,
        rating,
        createdAt: new Date(at),
      });
    };
    // A week before NOW is 2026-03-04T19:00:00Z: the first two were written before it.
    await review(rated, 5, '2026-02-20T12:00:00Z');
    await review(rated, 4, '2026-03-04T18:59:59Z');
    await review(rated, 2, '2026-03-04T19:00:00Z');
    await review(rated, 4, '2026-03-10T12:00:00Z');
    // Another restaurant's one-star review counts for nobody here.
    await review(elsewhere, 1, '2026-03-01T12:00:00Z');
    const overview = await at(NOW, rated.owner.token, dashboardEndpoints.dashboardOverview);
    // (5 + 4 + 2 + 4) / 4 = 3.75 → 3.8 (half up); a week ago (5 + 4) / 2 = 4.5.
    expect(overview.averageRating).toEqual({ value: 3.8, previous: 4.5, count: 4 });
    const theirs = await at(NOW, elsewhere.owner.token, dashboardEndpoints.dashboardOverview);
    expect(theirs.averageRating).toEqual({ value: 1, previous: 1, count: 1 });
  });

  it("compares today with the same weekday last week, across the DST switch, in the restaurant's day", async () => {
    const overview = await at(NOW, ny.owner.token, dashboardEndpoints.dashboardOverview);
    expect(overview).toEqual({
      currency: 'USD',
      timezone: 'America/New_York',
      date: '2026-03-11',
      compareDate: '2026-03-04',
      // Today: 1000 + 980 (O1) + 1300 (O5 at 00:01) − 200 − 500 (refunds today) = 2580;
      // O5's 1500 at 23:59 yesterday is not today's, pending and failed payments are nobody's.
      // 4 March: 900 (O7, refunded on the 5th, still received that day) + 1501 (O8) = 2401.
      revenueMinor: { value: 2580, previous: 2401 },
      taxMinor: { value: 0, previous: 0 },
      // Today O1, O2, O4 (O3 cancelled); 4 March O7 (at 00:00), O8 (O9 cancelled, O10 is the 5th).
      orders: { value: 3, previous: 2 },
      // (1980 + 2201 + 1100) / 3 = 1760.33 → 1760; (900 + 1501) / 2 = 1200.5 → 1201 (half up).
      averageOrderMinor: { value: 1760, previous: 1201 },
      // Open now: O2 pending, O4 preparing, O6 served (placed yesterday); previous = orders of 4 March.
      activeOrders: { value: 3, previous: 2 },
      pendingOrders: { value: 1, previous: null },
      averageRating: { value: null, previous: null, count: 0 },
      // Now 2470; a week ago (before 2026-03-04T19:00Z): 2000 − 30 = 1970.
      walletBalanceMinor: { value: 2470, previous: 1970 },
    });
  });

  it('shows the wallet only to callers holding wallet.view', async () => {
    const withoutWallet = await memberHolding(ny.owner, ['dashboard.view']);
    const withWallet = await memberHolding(ny.owner, ['dashboard.view', 'wallet.view']);
    const seen = await at(NOW, withoutWallet, dashboardEndpoints.dashboardOverview);
    expect(seen.walletBalanceMinor).toBeNull();
    expect(seen.revenueMinor).toEqual({ value: 2580, previous: 2401 });
    expect((await at(NOW, withWallet, dashboardEndpoints.dashboardOverview)).walletBalanceMinor).toEqual({
      value: 2470,
      previous: 1970,
    });
  });

  it('answers zeros for a restaurant without activity, and 401 / 403 to callers without the right', async () => {
    const empty = await seedRestaurant(t.app, { register: { timezone: 'Europe/Rome', currency: 'EUR' } });
    expect(await at(NOW, empty.owner.token, dashboardEndpoints.dashboardOverview)).toEqual({
      currency: 'EUR',
      timezone: 'Europe/Rome',
      date: '2026-03-11',
      compareDate: '2026-03-04',
      revenueMinor: { value: 0, previous: 0 },
      taxMinor: { value: 0, previous: 0 },
      orders: { value: 0, previous: 0 },
      averageOrderMinor: { value: 0, previous: 0 },
      activeOrders: { value: 0, previous: 0 },
      pendingOrders: { value: 0, previous: null },
      averageRating: { value: null, previous: null, count: 0 },
      walletBalanceMinor: { value: 0, previous: 0 },
    });
    expect((await injectApi(t.app, dashboardEndpoints.dashboardOverview)).statusCode).toBe(401);
    const cashier = await memberHolding(ny.owner, ['orders.view', 'payments.view', 'wallet.view']);
    const refused = await injectApi(t.app, dashboardEndpoints.dashboardOverview, { token: cashier });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/revenue-chart', () => {
  it("gives twelve local months: a payment at 23:59 on 31 January is January's", async () => {
    const chart = await at(NOW, ny.owner.token, dashboardEndpoints.revenueChart, { year: 2026 });
    const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, revenueMinor: 0, orders: 0 }));
    // January: O11's 900 (paid 23:59 on the 31st); O13 and its payment are last year's.
    months[0] = { month: 1, revenueMinor: 900, orders: 1 };
    // February: O12's 1400 (placed 00:01 on the 1st).
    months[1] = { month: 2, revenueMinor: 1400, orders: 1 };
    // March: payments 900 + 1501 + 1500 + 1300 + 1000 + 980 = 7181, refunds 900 + 200 + 500 + 400
    // = 2000, so 5181; orders O1, O2, O4, O5, O6, O7, O8, O10 = 8 (O3, O9 cancelled).
    months[2] = { month: 3, revenueMinor: 5181, orders: 8 };
    expect(chart).toEqual({ year: 2026, currency: 'USD', months });
  });

  it("defaults to this year, and counts 23:30 on New Year's Eve in the old one", async () => {
    expect((await at(NOW, ny.owner.token, dashboardEndpoints.revenueChart)).year).toBe(2026);
    const last = await at(NOW, ny.owner.token, dashboardEndpoints.revenueChart, { year: 2025 });
    expect(last.months.slice(0, 11).every((m) => m.revenueMinor === 0 && m.orders === 0)).toBe(true);
    expect(last.months[11]).toEqual({ month: 12, revenueMinor: 600, orders: 1 });
  });

  it('answers 400 for a year that is not one it keeps', async () => {
    for (const year of ['abc', '2099x', '1999', '2101', '2026.5', '']) {
      const response = await injectApi(t.app, dashboardEndpoints.revenueChart, {
        token: ny.owner.token,
        query: { year },
      });
      expect(response.statusCode, year).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('year');
    }
  });
});

describe('GET /api/dashboard/order-summary', () => {
  const summary = (period: TDashboardPeriod) =>
    at(NOW, ny.owner.token, dashboardEndpoints.orderSummary, { period });

  it('counts today (and today is the default period)', async () => {
    const expected = {
      period: 'today',
      currency: 'USD',
      from: '2026-03-11',
      to: '2026-03-11',
      // O1 completed, O2 pending, O4 preparing; O3 cancelled is listed by status, not counted.
      total: 3,
      byStatus: { ...zeroStatuses, pending: 1, preparing: 1, completed: 1, cancelled: 1 },
      // 1980 + 2201 + 1100 (O3 cancelled).
      totalMinor: 5281,
      revenueMinor: 2580,
    };
    expect(await summary('today')).toEqual(expected);
    expect(await at(NOW, ny.owner.token, dashboardEndpoints.orderSummary)).toEqual(expected);
    // The panel's "Orders" and the tile's "Orders" are one number.
    const overview = await at(NOW, ny.owner.token, dashboardEndpoints.dashboardOverview);
    expect(overview.orders.value).toBe(expected.total);
  });

  it('counts the last seven local days, from midnight EST on the 5th to midnight EDT after today', async () => {
    expect(await summary('week')).toEqual({
      period: 'week',
      currency: 'USD',
      from: '2026-03-05',
      to: '2026-03-11',
      // O10 (00:00 on the 5th), O5, O6, O1, O2, O4 (and O3, cancelled); O9 (23:59 on the 4th) is not in it.
      total: 6,
      byStatus: { ...zeroStatuses, pending: 1, preparing: 1, served: 1, completed: 3, cancelled: 1 },
      // 1200 + 2800 + 600 + 1980 + 2201 + 1100.
      totalMinor: 9881,
      // Payments 1500 + 1300 + 1000 + 980 = 4780; refunds 900 (O7's, on the 5th) + 200 + 500 = 1600.
      revenueMinor: 3180,
    });
  });

  it('counts since the first of the month and since the first of the year', async () => {
    expect(await summary('month')).toEqual({
      period: 'month',
      currency: 'USD',
      from: '2026-03-01',
      to: '2026-03-11',
      // The week's 6, and O7, O8 (and O9, cancelled).
      total: 8,
      byStatus: { ...zeroStatuses, pending: 1, preparing: 1, served: 1, completed: 5, cancelled: 2 },
      // 9881 + 900 + 1501.
      totalMinor: 12282,
      // March's revenue (the chart's): 5181.
      revenueMinor: 5181,
    });
    expect(await summary('year')).toEqual({
      period: 'year',
      currency: 'USD',
      from: '2026-01-01',
      to: '2026-03-11',
      // The month's 8, and O11, O12 (O13 was placed on 31 December local).
      total: 10,
      byStatus: { ...zeroStatuses, pending: 1, preparing: 1, served: 1, completed: 7, cancelled: 2 },
      // 12282 + 900 + 1400.
      totalMinor: 14582,
      // 900 + 1400 + 5181.
      revenueMinor: 7481,
    });
  });

  it('answers 400 for a period it does not know', async () => {
    for (const period of ['decade', 'TODAY', '']) {
      const response = await injectApi(t.app, dashboardEndpoints.orderSummary, {
        token: ny.owner.token,
        query: { period },
      });
      expect(response.statusCode, period).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('period');
    }
  });
});

describe('GET /api/dashboard/menu-item-stats', () => {
  const stats = (period: TDashboardPeriod) =>
    at(NOW, ny.owner.token, dashboardEndpoints.menuItemStats, { period });
  const figure = (item: TMenuItem | null, name: string, quantity: number, revenueMinor: number) => ({
    menuItemId: item?.id ?? null,
    name,
    quantity,
    revenueMinor,
  });

  it("sums today's dishes, with the deleted Calzone by its name and unsold dishes at 0", async () => {
    const { M, L, T, S, B } = dish;
    // O1: 2 Margherita 1800; O2: Lasagne 1400, Tiramisu 600; O4: Calzone 1100 (deleted); O3 cancelled.
    const margherita = figure(M, 'Margherita', 2, 1800);
    const lasagne = figure(L, 'Lasagne', 1, 1400);
    const calzone = figure(null, 'Calzone', 1, 1100);
    const tiramisu = figure(T, 'Tiramisu', 1, 600);
    // Never ordered, on the menu: 0, by name. The inactive Special is not listed.
    const bruschetta = figure(B, 'Bruschetta', 0, 0);
    const soup = figure(S, 'Soup', 0, 0);
    expect(await stats('today')).toEqual({
      period: 'today',
      currency: 'USD',
      from: '2026-03-11',
      to: '2026-03-11',
      // Quantity ties (1) go by revenue: Lasagne 1400, Calzone 1100, Tiramisu 600.
      items: [margherita, lasagne, calzone, tiramisu, bruschetta, soup],
      byRevenue: [margherita, lasagne, calzone, tiramisu, bruschetta, soup],
    });
    expect(await at(NOW, ny.owner.token, dashboardEndpoints.menuItemStats)).toEqual(await stats('today'));
  });

  it('sums the week: a renamed dish counts under its current name; quantity and revenue order differ', async () => {
    const { M, L, T, S, B } = dish;
    // Tiramisu: O10 2 (1200) + O6 1 (600) + O2 1 (600) = 4, 2400.
    // Lasagne: O5 2 as "Lasagna" (2800) + O2 1 (1400) = 3, 4200. Margherita: O1 2, 1800.
    const tiramisu = figure(T, 'Tiramisu', 4, 2400);
    const lasagne = figure(L, 'Lasagne', 3, 4200);
    const margherita = figure(M, 'Margherita', 2, 1800);
    const calzone = figure(null, 'Calzone', 1, 1100);
    const rest = [figure(B, 'Bruschetta', 0, 0), figure(S, 'Soup', 0, 0)];
    expect(await stats('week')).toMatchObject({
      from: '2026-03-05',
      to: '2026-03-11',
      items: [tiramisu, lasagne, margherita, calzone, ...rest],
      byRevenue: [lasagne, tiramisu, margherita, calzone, ...rest],
    });
  });

  it('sums the year: equal quantities go by revenue', async () => {
    const { M, L, T, S, B } = dish;
    // Lasagne: 3 (4200) + O8 1 (1400) + O12 1 (1400) = 5, 7000.
    // Margherita: 2 (1800) + O7 1 (900) + O11 1 (900) = 4, 3600. Tiramisu: the week's 4, 2400 (O9 cancelled, O13 last year).
    const lasagne = figure(L, 'Lasagne', 5, 7000);
    const margherita = figure(M, 'Margherita', 4, 3600);
    const tiramisu = figure(T, 'Tiramisu', 4, 2400);
    const calzone = figure(null, 'Calzone', 1, 1100);
    const rest = [figure(B, 'Bruschetta', 0, 0), figure(S, 'Soup', 0, 0)];
    expect(await stats('year')).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-11',
      items: [lasagne, margherita, tiramisu, calzone, ...rest],
      byRevenue: [lasagne, margherita, tiramisu, calzone, ...rest],
    });
  });

  it('answers 400 for a period it does not know', async () => {
    const response = await injectApi(t.app, dashboardEndpoints.menuItemStats, {
      token: ny.owner.token,
      query: { period: 'decade' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the other restaurant', () => {
  it('sees only its own figures', async () => {
    const token = other.owner.token;
    const overview = await at(NOW, token, dashboardEndpoints.dashboardOverview);
    // One order of 3 × 99 000 placed today and one on 4 March; 50 000 − 7 received each day.
    expect(overview).toMatchObject({
      revenueMinor: { value: 49_993, previous: 49_993 },
      taxMinor: { value: 0, previous: 0 },
      orders: { value: 1, previous: 1 },
      averageOrderMinor: { value: 297_000, previous: 297_000 },
      activeOrders: { value: 3, previous: 1 },
      pendingOrders: { value: 3, previous: null },
      walletBalanceMinor: { value: 12_345, previous: 0 },
    });
    const chart = await at(NOW, token, dashboardEndpoints.revenueChart, { year: 2026 });
    expect(chart.months.slice(0, 3)).toEqual([
      { month: 1, revenueMinor: 0, orders: 0 },
      { month: 2, revenueMinor: 49_993, orders: 1 },
      { month: 3, revenueMinor: 99_986, orders: 2 },
    ]);
    const stats = await at(NOW, token, dashboardEndpoints.menuItemStats, { period: 'year' });
    expect(stats.items).toEqual([
      { menuItemId: other.items[0]!.id, name: 'Their Dish', quantity: 9, revenueMinor: 891_000 },
    ]);
  });
});

describe('a restaurant in Kathmandu (UTC+05:45)', () => {
  it("splits days and years at its own midnight: New Year's morning there is still 2025 in UTC", async () => {
    const ktm = await seedRestaurant(t.app, {
      register: { timezone: 'Asia/Kathmandu', currency: 'NPR' },
      dishes: [{ name: 'Momo', priceMinor: 500 }],
    });
    const momo = ktm.items[0]!;
    // 31 December 2025 23:55 local (18:10Z): 2 momo = 1000, paid at 23:59 local (18:14Z).
    const before = await insertOrder(ktm, {
      at: '2025-12-31T18:10:00Z',
      status: 'completed',
      lines: [{ item: momo, quantity: 2 }],
    });
    await insertPayment(ktm, before, {
      amountMinor: 1000,
      at: '2025-12-31T18:14:00Z',
      succeededAt: '2025-12-31T18:14:00Z',
    });
    // 1 January 2026 00:00 local exactly (18:15Z): 1 momo + 200 tip = 700, paid at 00:01 local (18:16Z).
    const after = await insertOrder(ktm, {
      at: '2025-12-31T18:15:00Z',
      status: 'accepted',
      lines: [{ item: momo, quantity: 1 }],
      tipMinor: 200,
    });
    await insertPayment(ktm, after, {
      amountMinor: 700,
      at: '2025-12-31T18:16:00Z',
      succeededAt: '2025-12-31T18:16:00Z',
    });

    // 00:05 on 1 January 2026 in Kathmandu; 18:20 on 31 December 2025 in UTC.
    const now = '2025-12-31T18:20:00Z';
    const token = ktm.owner.token;
    expect(await at(now, token, dashboardEndpoints.dashboardOverview)).toEqual({
      currency: 'NPR',
      timezone: 'Asia/Kathmandu',
      date: '2026-01-01',
      compareDate: '2025-12-25',
      revenueMinor: { value: 700, previous: 0 },
      taxMinor: { value: 0, previous: 0 },
      orders: { value: 1, previous: 0 },
      averageOrderMinor: { value: 700, previous: 0 },
      activeOrders: { value: 1, previous: 0 },
      pendingOrders: { value: 0, previous: null },
      averageRating: { value: null, previous: null, count: 0 },
      walletBalanceMinor: { value: 0, previous: 0 },
    });

    // Without a year: the restaurant's (2026), not UTC's (2025).
    const chart = await at(now, token, dashboardEndpoints.revenueChart);
    expect(chart.year).toBe(2026);
    expect(chart.months[0]).toEqual({ month: 1, revenueMinor: 700, orders: 1 });
    expect(chart.months.slice(1).every((m) => m.revenueMinor === 0 && m.orders === 0)).toBe(true);
    const last = await at(now, token, dashboardEndpoints.revenueChart, { year: 2025 });
    expect(last.months[11]).toEqual({ month: 12, revenueMinor: 1000, orders: 1 });

    const today = await at(now, token, dashboardEndpoints.orderSummary, { period: 'today' });
    expect(today).toEqual({
      period: 'today',
      currency: 'NPR',
      from: '2026-01-01',
      to: '2026-01-01',
      total: 1,
      byStatus: { ...zeroStatuses, accepted: 1 },
      totalMinor: 700,
      revenueMinor: 700,
    });
    const week = await at(now, token, dashboardEndpoints.orderSummary, { period: 'week' });
    expect(week).toEqual({
      period: 'week',
      currency: 'NPR',
      from: '2025-12-26',
      to: '2026-01-01',
      total: 2,
      byStatus: { ...zeroStatuses, accepted: 1, completed: 1 },
      totalMinor: 1700,
      revenueMinor: 1700,
    });
    const year = await at(now, token, dashboardEndpoints.menuItemStats, { period: 'year' });
    expect(year).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-01',
      items: [{ menuItemId: momo.id, name: 'Momo', quantity: 1, revenueMinor: 500 }],
    });
  });
});
