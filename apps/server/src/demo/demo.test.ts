import { auditEndpoints } from '@tavolo/contract/audit';
import { authEndpoints, type TSessionResponse } from '@tavolo/contract/auth';
import { dashboardEndpoints } from '@tavolo/contract/dashboard';
import { stationsEndpoints } from '@tavolo/contract/kitchen';
import {
  categoriesEndpoints,
  menuEndpoints,
  type TCategoryTranslations,
  type TMenuItemTranslations,
  type TOptionGroup,
} from '@tavolo/contract/menu';
import { serviceChargeOf, taxOf } from '@tavolo/contract/money';
import { ORDER_TRANSITIONS, type TOrderLine, type TStatusChange } from '@tavolo/contract/orders';
import { daysEndpoints, receiptNumberOf, receiptsEndpoints } from '@tavolo/contract/receipts';
import { staffEndpoints } from '@tavolo/contract/staff';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, injectApi, type TestApp } from '../../test/helpers';
import { queryRows } from '../db/client';
import { findUnknownOptionNames } from '../modules/menu/menu-translations';
import { createSandboxProvider } from '../modules/online-payments/sandbox-provider';
import { orderPaymentStatus } from '../modules/orders/order-payment-status';
import { businessDateOf } from '../modules/receipts/business-day';
import { hashPin } from '../security/pins';
import { buildDemo, DEMO_MANAGER_PIN, DEMO_RESTAURANT_NAME, type DemoResult } from './build-demo';

const ORDERS = 300;
const email = 'demo@tavolo.test';
const password = 'tavolo-demo';

let t: TestApp;
let first: DemoResult;
let demo: DemoResult;
let ownerToken: string;
const startedAt = Date.now();

type OrderRow = {
  id: string;
  number: number;
  status: string;
  items: TOrderLine[];
  subtotal_minor: number;
  service_charge_minor: number;
  tip_minor: number;
  net_minor: number;
  tax_minor: number;
  taxes: { rateBasisPoints: number; taxMinor: number }[];
  total_minor: number;
  paid_minor: number;
  refunded_minor: number;
  payment_status: string;
  status_history: TStatusChange[];
  created_at: Date | string;
};

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const num = (v: unknown) => Number(v);

beforeAll(async () => {
  t = await createTestApp();
  // Twice: the second run must replace the first, not add a second restaurant.
  first = await buildDemo(t.database.db, { email, password, orders: 120, batchSize: 50 });
  demo = await buildDemo(t.database.db, { email, password, orders: ORDERS, batchSize: 70 });
  const login = await injectApi(t.app, authEndpoints.logIn, { body: { email, password } });
  expect(login.statusCode).toBe(200);
  ownerToken = login.json<TSessionResponse>().token!;
}, 180_000);
afterAll(() => t.close());

describe('npm run demo', () => {
  it('replaces the earlier demo: one restaurant, nothing left of the first history', async () => {
    expect(first.replaced).toBe(false);
    expect(demo.replaced).toBe(true);
    const [restaurants] = await rows<{ count: unknown }>(
      sql`SELECT count(*) AS count FROM restaurants WHERE name = ${DEMO_RESTAURANT_NAME}`,
    );
    expect(num(restaurants!.count)).toBe(1);
    for (const table of [
      'orders',
      'payments',
      'payment_refunds',
      'wallet_transactions',
      'reviews',
      'uploads',
      'staff',
      'receipts',
      'business_days',
      'stations',
    ]) {
      const [left] = await rows<{ count: unknown }>(
        sql`SELECT count(*) AS count FROM ${sql.raw(table)} WHERE restaurant_id = ${first.restaurantId}`,
      );
      expect(num(left!.count), table).toBe(0);
    }
    const [orders] = await rows<{ count: unknown }>(sql`SELECT count(*) AS count FROM orders`);
    expect(num(orders!.count)).toBe(ORDERS);
  });

  it('prices every order like the server: lines, service charge half up, tip', async () => {
    const [restaurant] = await rows<{ service_charge_bp: number }>(
      sql`SELECT service_charge_bp FROM restaurants WHERE id = ${demo.restaurantId}`,
    );
    const orders = await rows<OrderRow>(sql`SELECT * FROM orders WHERE restaurant_id = ${demo.restaurantId}`);
    expect(orders).toHaveLength(ORDERS);
    for (const order of orders) {
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(5);
      for (const line of order.items) {
        expect(line.lineTotalMinor).toBe(line.unitPriceMinor * line.quantity);
      }
      const subtotal = order.items.reduce((sum, l) => sum + l.lineTotalMinor, 0);
      expect(order.subtotal_minor).toBe(subtotal);
      expect(order.service_charge_minor).toBe(serviceChargeOf(subtotal, restaurant!.service_charge_bp));
      expect(order.total_minor).toBe(subtotal + order.service_charge_minor + order.tip_minor);
      // Taxed as the server taxes: 22 % on drinks, 10 % on the rest and the service charge, prices including tax.
      for (const line of order.items) {
        expect(line.tax).toEqual(taxOf(line.lineTotalMinor, line.tax, true));
        expect([1000, 2200]).toContain(line.tax.rateBasisPoints);
      }
      expect(order.net_minor + order.tax_minor + order.tip_minor).toBe(order.total_minor);
      expect(order.taxes.reduce((sum, rate) => sum + rate.taxMinor, 0)).toBe(order.tax_minor);
    }
  });

  it('copies names and unit prices from the menu (with the chosen options)', async () => {
    const menu = await rows<{ id: string; name: string; price_minor: number }>(
      sql`SELECT id, name, price_minor FROM menu_items WHERE restaurant_id = ${demo.restaurantId}`,
    );
    expect(menu.length).toBeGreaterThanOrEqual(35);
    const byId = new Map(menu.map((m) => [m.id, m]));
    const orders = await rows<OrderRow>(
      sql`SELECT items FROM orders WHERE restaurant_id = ${demo.restaurantId}`,
    );
    for (const line of orders.flatMap((o) => o.items)) {
      const item = byId.get(line.menuItemId)!;
      expect(line.name).toBe(item.name);
      expect(line.unitPriceMinor).toBe(item.price_minor + line.options.reduce((s, o) => s + o.priceMinor, 0));
    }
  });

  it('writes the menu in Italian, its working language, with English and German for every text', async () => {
    const [restaurant] = await rows<{ languages: string[] }>(
      sql`SELECT languages FROM restaurants WHERE id = ${demo.restaurantId}`,
    );
    expect(restaurant!.languages).toEqual(['it', 'en', 'de']);
    const categories = await rows<{ name: string; translations: TCategoryTranslations }>(
      sql`SELECT name, translations FROM categories WHERE restaurant_id = ${demo.restaurantId}`,
    );
    expect(categories.map((c) => c.name)).toContain('Primi');
    const dishes = await rows<{ name: string; options: TOptionGroup[]; translations: TMenuItemTranslations }>(
      sql`SELECT name, options, translations FROM menu_items WHERE restaurant_id = ${demo.restaurantId}`,
    );
    expect(dishes.map((d) => d.name)).toContain('Carbonara');
    const missing: string[] = [];
    for (const language of ['en', 'de'] as const) {
      for (const category of categories) {
        const t = category.translations[language];
        if (!t?.name || !t.description) missing.push(`${language} category ${category.name}`);
      }
      for (const dish of dishes) {
        const t = dish.translations[language];
        if (!t?.name || !t.description) missing.push(`${language} ${dish.name}`);
        for (const group of dish.options) {
          const g = t?.options?.[group.name];
          if (!g?.name) missing.push(`${language} ${dish.name}: ${group.name}`);
          for (const choice of group.choices)
            if (!g?.choices?.[choice.name])
              missing.push(`${language} ${dish.name}: ${group.name}: ${choice.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Every translation names a group and a choice the dish has: what the API would accept.
    expect(dishes.flatMap((d) => Object.entries(findUnknownOptionNames(d.translations, d.options)))).toEqual(
      [],
    );

    // A guest reading German sees German; the orders keep the Italian names (the test above).
    const [table] = await rows<{ qr_token: string }>(
      sql`SELECT qr_token FROM dining_tables WHERE restaurant_id = ${demo.restaurantId} AND active LIMIT 1`,
    );
    const german = await callApi(t.app, null, menuEndpoints.guestMenu, {
      query: { qrToken: table!.qr_token },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect([german.language, german.languages]).toEqual(['de', ['it', 'en', 'de']]);
    expect(german.menu.categories.map((c) => c.name)).toContain('Nudelgerichte');
    const italian = await callApi(t.app, null, menuEndpoints.guestMenu, {
      query: { qrToken: table!.qr_token },
    });
    expect(italian.language).toBe('it');
    expect(italian.menu.categories.map((c) => c.name)).toContain('Primi');
  });

  it('counts one dessert made in a batch: a dozen maritozzi, the rest not counted', async () => {
    const counted = await rows<{ name: string; stock_count: number }>(
      sql`SELECT name, stock_count FROM menu_items WHERE restaurant_id = ${demo.restaurantId} AND stock_count IS NOT NULL`,
    );
    expect(counted).toEqual([{ name: 'Maritozzo con la panna', stock_count: 12 }]);
  });

  it('numbers orders 1..N in time order and continues the sequence after them', async () => {
    const orders = await rows<{ number: number }>(
      sql`SELECT number FROM orders WHERE restaurant_id = ${demo.restaurantId} ORDER BY created_at, number`,
    );
    expect(orders.map((o) => o.number)).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    const [restaurant] = await rows<{ order_seq: number }>(
      sql`SELECT order_seq FROM restaurants WHERE id = ${demo.restaurantId}`,
    );
    expect(restaurant!.order_seq).toBe(ORDERS);
  });

  it('keeps every status history a legal path ending at the status, in time, never in the future', async () => {
    const orders = await rows<OrderRow>(sql`SELECT * FROM orders WHERE restaurant_id = ${demo.restaurantId}`);
    const counts: Record<string, number> = {};
    for (const order of orders) {
      counts[order.status] = (counts[order.status] ?? 0) + 1;
      const history = order.status_history;
      expect(history[0]!.status).toBe('pending');
      expect(Date.parse(history[0]!.at)).toBe(new Date(order.created_at).getTime());
      for (let i = 1; i < history.length; i++) {
        expect(ORDER_TRANSITIONS[history[i - 1]!.status]).toContain(history[i]!.status);
        expect(Date.parse(history[i]!.at)).toBeGreaterThanOrEqual(Date.parse(history[i - 1]!.at));
      }
      expect(history.at(-1)!.status).toBe(order.status);
      expect(Date.parse(history.at(-1)!.at)).toBeLessThanOrEqual(Date.now());
      if (order.status === 'cancelled') expect(history.at(-1)!.reason).toBeTruthy();
    }
    expect(counts.completed! / ORDERS).toBeGreaterThan(0.85);
    expect(counts.cancelled ?? 0).toBeGreaterThan(0);
    // Today's last orders are still under way.
    const open = orders.filter((o) => !['completed', 'cancelled'].includes(o.status));
    expect(open.length).toBeGreaterThan(0);
    expect(Math.min(...open.map((o) => o.number))).toBeGreaterThan(ORDERS - 13);
  });

  it("pays completed orders: succeeded payments less refunds are the order's paid amount", async () => {
    const orders = await rows<OrderRow>(sql`SELECT * FROM orders WHERE restaurant_id = ${demo.restaurantId}`);
    const payments = await rows<{
      order_id: string;
      amount_minor: number;
      refunded_minor: number;
      status: string;
      method: string;
      fee_minor: number;
      provider: string | null;
      recorded_by_name: string | null;
      succeeded_at: Date | string | null;
    }>(sql`SELECT * FROM payments WHERE restaurant_id = ${demo.restaurantId}`);
    const refunds = await rows<{ payment_id: string; order_id: string; amount_minor: number }>(
      sql`SELECT * FROM payment_refunds WHERE restaurant_id = ${demo.restaurantId}`,
    );
    const sandbox = createSandboxProvider({ secret: 'only-the-fee-is-read' });
    const byOrder = new Map<string, typeof payments>();
    for (const p of payments) byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), p]);
    const refundedByOrder = new Map<string, number>();
    for (const r of refunds)
      refundedByOrder.set(r.order_id, (refundedByOrder.get(r.order_id) ?? 0) + r.amount_minor);

    for (const order of orders) {
      const mine = byOrder.get(order.id) ?? [];
      if (order.status !== 'completed') {
        expect(mine).toHaveLength(0);
        expect(order.payment_status).toBe('unpaid');
        continue;
      }
      const received = mine
        .filter((p) => p.status === 'succeeded' || p.status === 'refunded')
        .reduce((s, p) => s + p.amount_minor, 0);
      const refunded = refundedByOrder.get(order.id) ?? 0;
      expect(received).toBe(order.total_minor);
      expect(order.paid_minor).toBe(received - refunded);
      expect(order.refunded_minor).toBe(refunded);
      expect(order.payment_status).toBe(
        orderPaymentStatus({
          totalMinor: order.total_minor,
          paidMinor: order.paid_minor,
          refundedMinor: order.refunded_minor,
        }),
      );
      for (const p of mine) {
        expect(p.succeeded_at).not.toBeNull();
        expect(p.refunded_minor).toBeLessThanOrEqual(p.amount_minor);
        expect(p.status).toBe(p.refunded_minor >= p.amount_minor ? 'refunded' : 'succeeded');
        if (p.method === 'online') {
          expect(p.provider).toBe('sandbox');
          expect(p.fee_minor).toBe(sandbox.feeMinor(p.amount_minor));
        } else {
          expect(p.fee_minor).toBe(0);
          expect(p.recorded_by_name).toBeTruthy();
        }
      }
    }
    const online = payments.filter((p) => p.method === 'online').length / payments.length;
    expect(online).toBeGreaterThan(0.15);
    expect(online).toBeLessThan(0.45);
  });

  it('keeps the wallet ledger: a correct running balance, never negative, equal to the wallet', async () => {
    const entries = await rows<{
      type: 'credit' | 'debit';
      kind: string;
      amount_minor: number;
      balance_after_minor: unknown;
      payment_id: string | null;
      settlement_account_id: string | null;
    }>(sql`SELECT * FROM wallet_transactions WHERE restaurant_id = ${demo.restaurantId} ORDER BY created_at`);
    expect(entries.length).toBeGreaterThan(0);
    let balance = 0;
    for (const entry of entries) {
      expect(entry.amount_minor).toBeGreaterThan(0);
      balance += entry.type === 'credit' ? entry.amount_minor : -entry.amount_minor;
      expect(num(entry.balance_after_minor)).toBe(balance);
      expect(balance).toBeGreaterThanOrEqual(0);
      if (entry.kind === 'payout') expect(entry.settlement_account_id).not.toBeNull();
      else expect(entry.payment_id).not.toBeNull();
    }
    expect(new Set(entries.map((e) => e.kind))).toEqual(
      new Set(['payment', 'fee', 'payout', ...(entries.some((e) => e.kind === 'refund') ? ['refund'] : [])]),
    );
    const [wallet] = await rows<{ balance_minor: unknown }>(
      sql`SELECT balance_minor FROM wallets WHERE restaurant_id = ${demo.restaurantId}`,
    );
    expect(num(wallet!.balance_minor)).toBe(balance);
    expect(demo.walletBalanceMinor).toBe(balance);
    // Every online payment credited once, with its fee.
    const [online] = await rows<{ credits: unknown; payments: unknown }>(sql`
      SELECT (SELECT count(*) FROM wallet_transactions WHERE restaurant_id = ${demo.restaurantId} AND kind = 'payment') AS credits,
             (SELECT count(*) FROM payments WHERE restaurant_id = ${demo.restaurantId} AND method = 'online') AS payments`);
    expect(num(online!.credits)).toBe(num(online!.payments));
  });

  it('serves every photo through the uploads route', async () => {
    const urls = await rows<{ url: string }>(sql`
      SELECT image_url AS url FROM menu_items WHERE restaurant_id = ${demo.restaurantId}
      UNION ALL SELECT logo_url FROM restaurants WHERE id = ${demo.restaurantId}
      UNION ALL SELECT banner_url FROM restaurants WHERE id = ${demo.restaurantId}`);
    expect(urls.length).toBeGreaterThanOrEqual(37);
    for (const { url } of urls) {
      expect(url).toMatch(new RegExp(`^/uploads/${demo.restaurantId}/[0-9a-f-]{36}\\.webp$`));
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
  });

  it('lets the owner and one staff member of each role sign in', async () => {
    expect(ownerToken).toBeTruthy();
    const roles = new Set(demo.staff.map((m) => m.role));
    expect(roles).toEqual(new Set(['Manager', 'Waiter', 'Kitchen', 'Cashier']));
    for (const role of roles) {
      const member = demo.staff.find((m) => m.role === role)!;
      const response = await injectApi(t.app, authEndpoints.logIn, {
        query: { staff: 'true' },
        body: { email: member.email, password },
      });
      expect(response.statusCode, member.email).toBe(200);
      const me = await injectApi(t.app, authEndpoints.me, {
        token: response.json<TSessionResponse>().token!,
      });
      expect(me.json().restaurantId).toBe(demo.restaurantId);
    }
  });

  it('gives the dashboard figures to show', async () => {
    const overview = await callApi(t.app, ownerToken, dashboardEndpoints.dashboardOverview);
    expect(overview.activeOrders.value).toBeGreaterThan(0);
    expect(overview.walletBalanceMinor).not.toBeNull();
    const [reviews] = await rows<{ count: unknown }>(sql`SELECT count(*) AS count FROM reviews`);
    expect(num(reviews!.count)).toBeGreaterThan(0);
    expect(overview.averageRating.count).toBe(num(reviews!.count));
    expect(overview.averageRating.value).toBeGreaterThanOrEqual(1);
    expect(overview.averageRating.value).toBeLessThanOrEqual(5);
    const chart = await callApi(t.app, ownerToken, dashboardEndpoints.revenueChart);
    const lastYear = await callApi(t.app, ownerToken, dashboardEndpoints.revenueChart, {
      query: { year: new Date().getUTCFullYear() - 1 },
    });
    const revenue = [...chart.months, ...lastYear.months].reduce((s, m) => s + m.revenueMinor, 0);
    expect(revenue).toBeGreaterThan(0);
    const summary = await callApi(t.app, ownerToken, dashboardEndpoints.orderSummary, {
      query: { period: 'year' },
    });
    expect(summary.total).toBeGreaterThan(0);
    expect(summary.byStatus.completed).toBeGreaterThan(0);
    const stats = await callApi(t.app, ownerToken, dashboardEndpoints.menuItemStats, {
      query: { period: 'year' },
    });
    expect(stats.items[0]!.quantity).toBeGreaterThan(0);
    expect(stats.items[0]!.revenueMinor).toBeGreaterThan(0);
  });

  it("leaves only the live orders on the tables' open bills", async () => {
    const open = await rows<{ status: string }>(
      sql`SELECT status FROM orders WHERE restaurant_id = ${demo.restaurantId} AND visit_id IS NULL`,
    );
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((o) => o.status !== 'completed' && o.status !== 'cancelled')).toBe(true);
    const response = await injectApi(t.app, tableServiceEndpoints.listTableBills, {
      token: ownerToken,
      params: { restaurantId: demo.restaurantId },
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { orders: number }[] }>();
    expect(items.reduce((s, i) => s + i.orders, 0)).toBe(open.length);
  });

  it('reviews only served or completed orders, once each, after they were placed and before now', async () => {
    const reviews = await rows<{ rating: number; order_status: string; after: boolean; past: boolean }>(sql`
      SELECT r.rating, o.status AS order_status, r.created_at > o.created_at AS after, r.created_at < now() AS past
      FROM reviews r JOIN orders o ON o.id = r.order_id`);
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(['served', 'completed']).toContain(review.order_status);
      expect([1, 2, 3, 4, 5]).toContain(review.rating);
      expect(review.after && review.past).toBe(true);
    }
  });

  it('places the history in the last year, at lunch and dinner in Rome', async () => {
    const orders = await rows<{ created_at: Date | string }>(
      sql`SELECT created_at FROM orders WHERE restaurant_id = ${demo.restaurantId} ORDER BY number`,
    );
    const history = orders.slice(0, -13).map((o) => new Date(o.created_at));
    expect(history[0]!.getTime()).toBeGreaterThan(startedAt - 366 * 86_400_000);
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    for (const at of history) {
      const h = Number(hour.format(at));
      expect((h >= 12 && h < 15) || (h >= 19 && h < 23), at.toISOString()).toBe(true);
    }
  });
});

describe('npm run demo: a restaurant’s evening', () => {
  it('has a bar, a kitchen and a pizza oven, and categories with their station and real course', async () => {
    const { items: stations } = await callApi(t.app, ownerToken, stationsEndpoints.listStations);
    expect(stations.map((s) => s.name).sort()).toEqual(['Bar', 'Kitchen', 'Pizza']);
    const nameOf = (id: string | null) => (id === null ? 'Kitchen' : stations.find((s) => s.id === id)?.name);
    const { items: categories } = await callApi(t.app, ownerToken, categoriesEndpoints.listCategories, {
      params: { id: demo.restaurantId },
    });
    expect(categories.map((c) => [c.name, nameOf(c.stationId), c.course])).toEqual([
      ['Antipasti', 'Kitchen', 1],
      ['Primi', 'Kitchen', 2],
      ['Secondi', 'Kitchen', 2],
      ['Pizze', 'Pizza', 2],
      ['Dolci', 'Kitchen', 3],
      ['Bevande', 'Bar', 0],
    ]);
  });

  it('sends the live orders to their stations by course: drinks at once, the first course fired, later ones held', async () => {
    const open = await rows<{ status: string; items: TOrderLine[] }>(
      sql`SELECT status, items FROM orders WHERE restaurant_id = ${demo.restaurantId} AND visit_id IS NULL`,
    );
    expect(open.length).toBeGreaterThan(0);
    let held = 0;
    for (const order of open) {
      const first = Math.min(
        ...order.items.map((l) => l.course).filter((c): c is number => c !== null && c > 0),
      );
      for (const line of order.items) {
        expect([0, 1, 2, 3]).toContain(line.course ?? -1);
        const waits = line.course !== 0 && line.course !== first;
        expect(line.kitchenStatus, `${order.status} course ${line.course}`).toBe(
          waits
            ? 'held'
            : order.status === 'pending' || order.status === 'accepted'
              ? 'queued'
              : order.status,
        );
        expect(line.firedAt === null).toBe(waits);
        if (waits) held += 1;
      }
    }
    // Some table is waiting for its mains or its desserts to be fired.
    expect(held).toBeGreaterThan(0);
  });

  it('gives the manager an approval PIN, and says which', async () => {
    expect(demo.approvalPin).toEqual({ name: 'Giulia Romano', pin: DEMO_MANAGER_PIN });
    const { items: team } = await callApi(t.app, ownerToken, staffEndpoints.listStaff, {
      params: { id: demo.restaurantId },
      query: { pageSize: 50 },
    });
    expect(team.filter((m) => m.hasPin).map((m) => m.name)).toEqual(['Giulia Romano']);
    const [manager] = await rows<{ pin_hash: string }>(
      sql`SELECT pin_hash FROM staff WHERE restaurant_id = ${demo.restaurantId} AND name = 'Giulia Romano'`,
    );
    expect(manager!.pin_hash).toBe(await hashPin(DEMO_MANAGER_PIN, demo.restaurantId));
  });

  it('issues a receipt for every succeeded payment and a credit note for every refund, numbered without gaps', async () => {
    const [counts] = await rows<{
      payments: unknown;
      refunds: unknown;
      receipts: unknown;
      notes: unknown;
    }>(sql`
      SELECT (SELECT count(*) FROM payments WHERE restaurant_id = ${demo.restaurantId} AND succeeded_at IS NOT NULL) AS payments,
             (SELECT count(*) FROM payment_refunds WHERE restaurant_id = ${demo.restaurantId}) AS refunds,
             (SELECT count(*) FROM receipts WHERE restaurant_id = ${demo.restaurantId} AND kind = 'receipt') AS receipts,
             (SELECT count(*) FROM receipts WHERE restaurant_id = ${demo.restaurantId} AND kind = 'credit_note') AS notes`);
    expect(num(counts!.payments)).toBe(demo.counts.payments);
    expect(num(counts!.receipts)).toBe(num(counts!.payments));
    expect(num(counts!.notes)).toBe(num(counts!.refunds));
    expect(demo.counts.receipts).toBe(num(counts!.receipts) + num(counts!.notes));
    // A receipt pays its whole order: its total is the payment's, its taxes the order's.
    const mismatched = await rows<{ id: string }>(sql`
      SELECT r.id FROM receipts r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = p.order_id
      WHERE r.restaurant_id = ${demo.restaurantId} AND r.kind = 'receipt'
        AND (r.total_minor <> p.amount_minor OR r.tax_minor <> o.tax_minor OR r.net_minor <> o.net_minor)`);
    expect(mismatched).toEqual([]);
    const notes = await rows<{ total: number; amount: number }>(sql`
      SELECT r.total_minor AS total, f.amount_minor AS amount FROM receipts r
      JOIN payment_refunds f ON f.id = r.refund_id WHERE r.restaurant_id = ${demo.restaurantId}`);
    for (const note of notes) expect(note.total).toBe(-note.amount);
    // Per year 1..n in the order issued, each on the business day it was issued in.
    const numbered = await rows<{ year: number; seq: number; number: string; issued_at: Date | string }>(sql`
      SELECT year, seq, number, issued_at FROM receipts WHERE restaurant_id = ${demo.restaurantId}
      ORDER BY year, seq`);
    for (const year of new Set(numbered.map((r) => r.year))) {
      const receipts = numbered.filter((r) => r.year === year);
      expect(receipts.map((r) => r.seq)).toEqual(receipts.map((_, i) => i + 1));
      expect(receipts.map((r) => r.number)).toEqual(receipts.map((r) => receiptNumberOf(year, r.seq)));
      const times = receipts.map((r) => new Date(r.issued_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // The receipts list reads them.
    const page = await callApi(t.app, ownerToken, receiptsEndpoints.listReceipts, { query: { pageSize: 5 } });
    expect(page.total).toBe(demo.counts.receipts);
  });

  it('closes every past day with sales, with the Z report the app computes; today stays open', async () => {
    const today = businessDateOf(new Date(), 'Europe/Rome', 240);
    const days = await rows<{ date: string; gross: unknown }>(sql`
      SELECT business_date::text AS date, sum(net_minor + tax_minor) AS gross FROM receipts
      WHERE restaurant_id = ${demo.restaurantId} AND business_date < ${today} GROUP BY 1 ORDER BY 1`);
    expect(days.length).toBeGreaterThan(10);
    expect(demo.counts.closedDays).toBe(days.length);
    const closed = await callApi(t.app, ownerToken, daysEndpoints.listClosedDays, {
      query: { pageSize: 100 },
    });
    expect(closed.total).toBe(days.length);
    for (const day of [days[0]!, days.at(-1)!]) {
      const report = await callApi(t.app, ownerToken, daysEndpoints.getDay, { params: { date: day.date } });
      expect(report).toMatchObject({ date: day.date, closed: true, grossMinor: num(day.gross) });
      expect(report.receipts.count).toBeGreaterThan(0);
      expect(report.covers).toBeGreaterThanOrEqual(report.orders - 2);
      expect(report.cashDifferenceMinor).toBe(report.cashCountedMinor! - report.cashExpectedMinor);
      // One story: the day's gross sales and tips are the money its payments took, less its refunds.
      const [money] = await rows<{ taken: unknown; refunded: unknown }>(sql`
        SELECT (SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE restaurant_id = ${demo.restaurantId}
                  AND succeeded_at >= ${report.from} AND succeeded_at < ${report.to}) AS taken,
               (SELECT coalesce(sum(amount_minor), 0) FROM payment_refunds WHERE restaurant_id = ${demo.restaurantId}
                  AND created_at >= ${report.from} AND created_at < ${report.to}) AS refunded`);
      expect(report.grossMinor + report.tipsMinor).toBe(num(money!.taken) - num(money!.refunded));
    }
    expect((await callApi(t.app, ownerToken, daysEndpoints.getDay, { params: { date: today } })).closed).toBe(
      false,
    );
    const { items: closes } = await callApi(t.app, ownerToken, auditEndpoints.listAudit, {
      query: { kind: 'day.closed', pageSize: 100 },
    });
    expect(closes.length).toBe(Math.min(days.length, 100));
    expect(closes[0]!.actor.name).toBe('Giulia Romano');
  });
});
