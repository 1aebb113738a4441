import type { TCategory, TMenuItem } from '@tavolo/contract/menu';
import {
  ORDER_STATUSES,
  type TCreatedOrder,
  type TOrder,
  type TOrderPage,
  type TOrderStatus,
} from '@tavolo/contract/orders';
import type { TTable } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
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

let t: TestApp;
let owner: Owner;
let other: Owner;
let soup: TMenuItem;
let tables: TTable[];

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '1000' } });
  const seeded = await seedRestaurant(t.app, {
    category: 'Soups',
    dishes: [{ name: 'Minestrone', priceMinor: 800 }],
    tables: [1, 2, 3],
  });
  ({ owner, tables } = seeded);
  soup = seeded.items[0]!;
  other = await registerOwner(t.app);
});
afterAll(() => t.close());

async function placeOrder(table = tables[0]!, customerName?: string, quantity = 1): Promise<TCreatedOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { qrToken: table.qrToken, customerName, items: [{ menuItemId: soup.id, quantity }] },
  });
  return response.json<TCreatedOrder>();
}

function move(orderId: string, status: TOrderStatus, reason?: string, token = owner.token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(token),
    payload: reason ? { status, reason } : { status },
  });
}

function pay(orderId: string, amountMinor: number, key?: string, token = owner.token) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { method: 'cash', amountMinor },
  });
}

/** An order brought to `status` along the legal path (paid when it must complete). */
async function orderAt(status: TOrderStatus): Promise<TCreatedOrder> {
  const order = await placeOrder();
  const path: Record<TOrderStatus, TOrderStatus[]> = {
    pending: [],
    accepted: ['accepted'],
    preparing: ['accepted', 'preparing'],
    ready: ['accepted', 'preparing', 'ready'],
    served: ['accepted', 'preparing', 'ready', 'served'],
    completed: ['accepted', 'preparing', 'ready', 'served', 'completed'],
    cancelled: ['cancelled'],
  };
  for (const step of path[status]) {
    if (step === 'completed') await pay(order.id, order.totalMinor);
    const response = await move(order.id, step, step === 'cancelled' ? 'Guest left' : undefined);
    if (response.statusCode !== 200) throw new Error(`could not move to ${step}: ${response.body}`);
  }
  return order;
}

describe('PUT /api/orders/{id}/status', () => {
  it('walks the whole lifecycle and records who moved it and when', async () => {
    const order = await placeOrder();
    const kitchen = await createStaffMember(t, owner.restaurantId, 'Kitchen');
    for (const status of ['accepted', 'preparing', 'ready', 'served'] as const) {
      const response = await move(order.id, status, undefined, kitchen.token);
      expect(response.statusCode, status).toBe(200);
      expect(response.json<TOrder>().status).toBe(status);
    }
    await pay(order.id, order.totalMinor);
    const done = (await move(order.id, 'completed')).json<TOrder>();
    expect(done.statusHistory.map((h) => [h.status, h.by.type, h.by.name])).toEqual([
      ['pending', 'guest', 'Guest'],
      ['accepted', 'staff', 'Kitchen Person'],
      ['preparing', 'staff', 'Kitchen Person'],
      ['ready', 'staff', 'Kitchen Person'],
      ['served', 'staff', 'Kitchen Person'],
      ['completed', 'owner', 'Ada Owner'],
    ]);
    const times = done.statusHistory.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('moves the version on by one with every change: placed 1, each move and each payment +1', async () => {
    const order = await placeOrder();
    expect(order.version).toBe(1);
    const accepted = (await move(order.id, 'accepted')).json<TOrder>();
    expect(accepted.version).toBe(2);
    const paid = (await pay(order.id, 100)).json<{ order: TOrder }>().order;
    expect(paid.version).toBe(3);
    // A refused move changes nothing.
    expect((await move(order.id, 'served')).statusCode).toBe(409);
    const read = await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${order.id}`);
    expect(read.version).toBe(3);
  });

  // PRODUCT.md §4, written out here rather than read from the contract's ORDER_TRANSITIONS: a move
  // added to (or dropped from) that table by mistake must fail this test, not change its verdicts.
  const ALLOWED = new Set([
    'pending→accepted',
    'pending→cancelled',
    'accepted→preparing',
    'accepted→cancelled',
    'preparing→ready',
    'preparing→cancelled',
    'ready→served',
    'served→completed',
  ]);
  const STATUSES = ['pending', 'accepted', 'preparing', 'ready', 'served', 'completed', 'cancelled'] as const;

  it('knows every status PRODUCT.md §4 names, and no other', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...STATUSES].sort());
  });

  const cases = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
  it.each(cases)('from %s to %s: allowed exactly when PRODUCT.md §4 says so', async (from, to) => {
    const order = await orderAt(from);
    if (to === 'completed') await pay(order.id, order.totalMinor);
    const response = await move(order.id, to, to === 'cancelled' ? 'Kitchen closed' : undefined);
    if (ALLOWED.has(`${from}→${to}`)) {
      expect(response.statusCode).toBe(200);
      expect(response.json<TOrder>().status).toBe(to);
    } else {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('INVALID_TRANSITION');
      const unchanged = await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${order.id}`);
      expect(unchanged.status).toBe(from);
    }
  });

  it('needs a reason to cancel, and keeps it in the history', async () => {
    const order = await placeOrder();
    const without = await move(order.id, 'cancelled');
    expect(without.statusCode).toBe(400);
    expect(errorOf(without).fields).toEqual({ reason: 'is required to cancel' });
    const withReason = await move(order.id, 'cancelled', 'Out of soup');
    expect(withReason.json<TOrder>().statusHistory.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'Out of soup',
    });
  });

  it('refuses to complete an unpaid order (409) until a payment covers it', async () => {
    const order = await orderAt('served');
    const refused = await move(order.id, 'completed');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('PAYMENT_REQUIRED');
    await pay(order.id, order.totalMinor - 100);
    expect((await move(order.id, 'completed')).statusCode).toBe(409);
    await pay(order.id, 100);
    expect((await move(order.id, 'completed')).statusCode).toBe(200);
  });

  it('keeps one consistent history when the same move races, and when different moves race', async () => {
    const order = await placeOrder();
    const same = await Promise.all(Array.from({ length: 8 }, () => move(order.id, 'accepted')));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const other = await placeOrder();
    const different = await Promise.all([
      move(other.id, 'accepted'),
      move(other.id, 'cancelled', 'Changed mind'),
    ]);
    const final = await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${other.id}`);
    const history = final.statusHistory.map((h) => h.status);
    // Whichever came first: accepted then cancelled (both 200), or cancelled, after which accepting is 409.
    if (different[0]!.statusCode === 200) {
      expect(different.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(history).toEqual(['pending', 'accepted', 'cancelled']);
    } else {
      expect(different.map((r) => r.statusCode)).toEqual([409, 200]);
      expect(history).toEqual(['pending', 'cancelled']);
    }
    expect(final.status).toBe('cancelled');
    const read = await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${order.id}`);
    expect(read.statusHistory.map((h) => h.status)).toEqual(['pending', 'accepted']);
  });

  it('answers 403 without orders.manage, 404 for another restaurant, 400 for an unknown status', async () => {
    const order = await placeOrder();
    const cashier = await createStaffMember(t, owner.restaurantId, 'Cashier');
    expect((await move(order.id, 'accepted', undefined, cashier.token)).statusCode).toBe(403);
    expect((await move(order.id, 'accepted', undefined, other.token)).statusCode).toBe(404);
    const bogus = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(owner.token),
      payload: { status: 'eaten' },
    });
    expect(bogus.statusCode).toBe(400);
    expect(errorOf(bogus).fields).toHaveProperty('status');
    expect((await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${order.id}`)).status).toBe(
      'pending',
    );
  });
});

describe('POST /api/orders/{id}/payments', () => {
  it('records cash, follows the paid amount and status, and refuses more than is due (422)', async () => {
    const order = await placeOrder(tables[0], undefined, 2);
    const first = await pay(order.id, 600);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      payment: { amountMinor: 600, method: 'cash', status: 'succeeded', recordedBy: 'Ada Owner' },
      order: { paidMinor: 600, paymentStatus: 'unpaid' },
    });
    const tooMuch = await pay(order.id, order.totalMinor);
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).fields).toEqual({
      amountMinor: `must be at most ${order.totalMinor - 600}, what is still due`,
    });
    const rest = await pay(order.id, order.totalMinor - 600);
    expect(rest.json().order).toMatchObject({ paidMinor: order.totalMinor, paymentStatus: 'paid' });
    expect((await pay(order.id, 1)).statusCode).toBe(409);
  });

  it('never pays twice for a retried request with the same Idempotency-Key', async () => {
    const order = await placeOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(order.id, 300, 'pay-once')));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1);
    const read = await callApi<TOrder>(t.app, owner.token, 'GET', `/api/orders/${order.id}`);
    expect(read.paidMinor).toBe(300);
    const mismatch = await pay(order.id, 200, 'pay-once');
    expect(mismatch.statusCode).toBe(422);
  });

  it('refuses bad input (400), payments on cancelled orders (409), other tenants (404), no payments.manage (403)', async () => {
    const order = await placeOrder();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: bearer(owner.token),
      payload: { method: 'bitcoin', amountMinor: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['amountMinor', 'method']);
    expect((await pay(order.id, 100, undefined, other.token)).statusCode).toBe(404);
    const waiter = await createStaffMember(t, owner.restaurantId, 'Waiter');
    expect((await pay(order.id, 100, undefined, waiter.token)).statusCode).toBe(403);
    const cashier = await createStaffMember(t, owner.restaurantId, 'Cashier');
    expect((await pay(order.id, 100, undefined, cashier.token)).statusCode).toBe(201);
    await move(order.id, 'cancelled', 'Left');
    expect((await pay(order.id, 100)).statusCode).toBe(409);
  });
});

describe('GET /api/orders/restaurant/{restaurantId}', () => {
  let fresh: Owner;
  let freshTables: TTable[];
  let placed: TCreatedOrder[];

  beforeAll(async () => {
    fresh = await registerOwner(t.app, { timezone: 'America/New_York' });
    const cat = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'Only' });
    const item = await callApi<TMenuItem>(t.app, fresh.token, 'POST', '/api/menu', {
      categoryId: cat.id,
      name: 'Bagel',
      priceMinor: 400,
    });
    freshTables = [];
    for (const number of [1, 2])
      freshTables.push(await callApi<TTable>(t.app, fresh.token, 'POST', '/api/tables', { number }));
    placed = [];
    for (let i = 0; i < 25; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          qrToken: freshTables[i % 2]!.qrToken,
          customerName: i === 7 ? '=1+1 Zoë' : `Guest ${i}`,
          items: [{ menuItemId: item.id, quantity: 1 }],
        },
      });
      placed.push(response.json<TCreatedOrder>());
    }
    // Spread them over time: order i was placed i hours ago.
    for (const [i, order] of placed.entries()) {
      await t.database.db.execute(
        sql`UPDATE orders SET created_at = now() - make_interval(hours => ${i}) WHERE id = ${order.id}`,
      );
    }
    await callApi(t.app, fresh.token, 'PUT', `/api/orders/${placed[0]!.id}/status`, {
      status: 'cancelled',
      reason: 'Test',
    });
    await callApi(t.app, fresh.token, 'PUT', `/api/orders/${placed[1]!.id}/status`, { status: 'accepted' });
  });

  const list = (query: string, token = fresh.token) =>
    callApi<TOrderPage>(t.app, token, 'GET', `/api/orders/restaurant/${fresh.restaurantId}?${query}`);

  it('pages newest first with total, page and pageSize (capped at 100)', async () => {
    const first = await list('pageSize=10');
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items.map((o) => o.id)).toEqual(placed.slice(0, 10).map((o) => o.id));
    const third = await list('pageSize=10&page=3');
    expect(third.items.map((o) => o.id)).toEqual(placed.slice(20).map((o) => o.id));
    const tooBig = await t.app.inject({
      url: `/api/orders/restaurant/${fresh.restaurantId}?pageSize=1000`,
      headers: bearer(fresh.token),
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('filters by current, past and one status', async () => {
    expect((await list('status=past')).items.map((o) => o.id)).toEqual([placed[0]!.id]);
    expect((await list('status=current&pageSize=100')).total).toBe(24);
    expect((await list('status=accepted')).items.map((o) => o.id)).toEqual([placed[1]!.id]);
  });

  it('filters by table, by order number and by customer name', async () => {
    expect((await list(`table=${freshTables[1]!.number}&pageSize=100`)).total).toBe(12);
    expect((await list(`q=${placed[3]!.number}`)).items.map((o) => o.id)).toEqual([placed[3]!.id]);
    expect((await list('q=zo')).items.map((o) => o.customerName)).toEqual(['=1+1 Zoë']);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by time: ISO instants, and dates read in the restaurant time zone', async () => {
    const from = new Date(Date.now() - 5.5 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 2.5 * 3_600_000).toISOString();
    const window = await list(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(window.items.map((o) => o.id)).toEqual(placed.slice(3, 6).map((o) => o.id));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const todays = await list(`from=${today}&to=${today}&pageSize=100`);
    expect(todays.total).toBeGreaterThan(0);
    expect(todays.total).toBeLessThanOrEqual(25);
    for (const query of [
      'from=yesterday',
      'to=9999-99-99',
      'from=2025-02-31',
      `from=${encodeURIComponent('-271821-04-20T00:00:00Z')}`,
      'from=0001-01-01',
      `q=${encodeURIComponent('a\u0000b')}`,
    ]) {
      for (const path of ['', '/export.csv']) {
        const bad = await t.app.inject({
          url: `/api/orders/restaurant/${fresh.restaurantId}${path}?${query}`,
          headers: bearer(fresh.token),
        });
        expect(bad.statusCode, `${path}?${query}`).toBe(400);
      }
    }
  });

  it('exports CSV with the same filters, formulas defused', async () => {
    const response = await t.app.inject({
      url: `/api/orders/restaurant/${fresh.restaurantId}/export.csv?status=current`,
      headers: bearer(fresh.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = response.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'number,created_at,table,source,status,customer,items,subtotal,service_charge,tip,total,paid,payment_status,currency,note',
    );
    expect(rows).toHaveLength(25);
    expect(rows.find((r) => r.includes('Zo'))).toContain(",'=1+1 Zoë,");
    expect(rows[1]).toContain(',1× Bagel,4.00,0.00,0.00,4.00,0.00,unpaid,EUR,');
  });

  it('answers 404 for another restaurant and 403 without orders.view', async () => {
    expect(
      (
        await t.app.inject({
          url: `/api/orders/restaurant/${fresh.restaurantId}`,
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/orders/restaurant/${fresh.restaurantId}/export.csv`,
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(404);
    const ownList = await callApi<TOrderPage>(
      t.app,
      owner.token,
      'GET',
      `/api/orders/restaurant/${owner.restaurantId}?pageSize=100`,
    );
    expect(ownList.items.every((o) => !placed.some((p) => p.id === o.id))).toBe(true);
    await t.database.db.execute(
      sql`UPDATE roles SET permissions = '{}' WHERE restaurant_id = ${fresh.restaurantId} AND name = 'Cashier'`,
    );
    const cashier = await createStaffMember(t, fresh.restaurantId, 'Cashier');
    expect(
      (
        await t.app.inject({
          url: `/api/orders/restaurant/${fresh.restaurantId}`,
          headers: bearer(cashier.token),
        })
      ).statusCode,
    ).toBe(403);
  });
});
