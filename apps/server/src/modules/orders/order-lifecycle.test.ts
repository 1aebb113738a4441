import type { TMenuItem } from '@tavolo/contract/menu';
import {
  ORDER_STATUSES,
  ordersEndpoints,
  type TCreatedOrder,
  type TOrder,
  type TOrderStatus,
} from '@tavolo/contract/orders';
import type { TTable } from '@tavolo/contract/tables';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type Owner,
  registerOwner,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';

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
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(t.database.db));

async function placeOrder(table = tables[0]!, customerName?: string, quantity = 1): Promise<TCreatedOrder> {
  const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
    body: { qrToken: table.qrToken, customerName, items: [{ menuItemId: soup.id, quantity }] },
  });
  return response.json<TCreatedOrder>();
}

function move(orderId: string, status: TOrderStatus, reason?: string, token = owner.token, key?: string) {
  return injectApi(t.app, ordersEndpoints.updateOrderStatus, {
    token,
    headers: key ? { 'idempotency-key': key } : {},
    params: { id: orderId },
    body: reason ? { status, reason } : { status },
  });
}

function pay(orderId: string, amountMinor: number, key?: string, token = owner.token) {
  return injectApi(t.app, ordersEndpoints.recordPayment, {
    token,
    headers: { ...(key ? { 'idempotency-key': key } : {}) },
    params: { id: orderId },
    body: { method: 'cash', amountMinor },
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
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
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
    const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: order.id } });
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
      const unchanged = await callApi(t.app, owner.token, ordersEndpoints.getOrder, {
        params: { id: order.id },
      });
      expect(unchanged.status).toBe(from);
    }
  });

  it('says why a move is refused, and what is still due before completing', async () => {
    const pending = await placeOrder();
    expect(errorOf(await move(pending.id, 'pending')).message).toBe('The order is already pending');
    expect(errorOf(await move(pending.id, 'ready')).message).toBe(
      'An order that is pending cannot become ready; it can become accepted or cancelled',
    );
    const ready = await orderAt('ready');
    expect(errorOf(await move(ready.id, 'cancelled', 'Too late')).message).toBe(
      'An order that is ready cannot become cancelled; it can become served',
    );
    const completed = await orderAt('completed');
    expect(errorOf(await move(completed.id, 'served')).message).toBe(
      'The order is completed; it cannot change any more',
    );
    const cancelled = await orderAt('cancelled');
    expect(errorOf(await move(cancelled.id, 'pending')).message).toBe(
      'The order is cancelled; it cannot change any more',
    );
    const served = await orderAt('served');
    expect(served.totalMinor).toBe(800);
    expect(errorOf(await move(served.id, 'completed')).message).toBe(
      'Record the payment before completing: 800 (minor units) are still due',
    );
    await pay(served.id, 300);
    expect(errorOf(await move(served.id, 'completed')).message).toBe(
      'Record the payment before completing: 500 (minor units) are still due',
    );
    const history = (
      await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: served.id } })
    ).statusHistory;
    // A move without a reason records none.
    expect(history.map((h) => [h.status, h.reason])).toEqual([
      ['pending', null],
      ['accepted', null],
      ['preparing', null],
      ['ready', null],
      ['served', null],
    ]);
  });

  it('needs a reason to cancel, and keeps it in the history', async () => {
    const order = await placeOrder();
    const without = await move(order.id, 'cancelled');
    expect(without.statusCode).toBe(400);
    expect(errorOf(without)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Say why the order is cancelled',
      fields: { reason: 'is required to cancel' },
    });
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

  // On PostgreSQL (a pool of ten connections) these requests race for the order's row lock. One
  // after the other, a move made twice is refused the second time (every transition, above).
  itRaces(
    'keeps one consistent history when the same move races, and when different moves race',
    async () => {
      const order = await placeOrder();
      const same = await Promise.all(Array.from({ length: 8 }, () => move(order.id, 'accepted')));
      expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const other = await placeOrder();
      const different = await Promise.all([
        move(other.id, 'accepted'),
        move(other.id, 'cancelled', 'Changed mind'),
      ]);
      const final = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: other.id } });
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
      const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: order.id } });
      expect(read.statusHistory.map((h) => h.status)).toEqual(['pending', 'accepted']);
    },
  );

  /** A board's move sent again with its key after a lost answer (a queued tap replayed): one move. */
  async function moveTenTimes(how: 'at once' | 'in turn') {
    const order = await placeOrder();
    const key = `accept-once-${how.replace(' ', '-')}`;
    const answers = await sendAll(
      Array.from({ length: 10 }, () => () => move(order.id, 'accepted', undefined, owner.token, key)),
      how,
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: order.id } });
    expect(read.statusHistory.map((h) => h.status)).toEqual(['pending', 'accepted']);
    expect(read.version).toBe(answers[0]!.json<TOrder>().version);
    // Without the key the same move is what it is: the order is accepted already.
    const again = await move(order.id, 'accepted');
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'INVALID_TRANSITION']);
    // The key belongs to that move: another one with it is refused.
    expect((await move(order.id, 'preparing', undefined, owner.token, key)).statusCode).toBe(422);
  }

  it('moves once for a move retried with the same Idempotency-Key, replaying its answer', () =>
    moveTenTimes('in turn'));

  itRaces('moves once when retries of a move with the same Idempotency-Key race', () =>
    moveTenTimes('at once'),
  );

  it('answers 403 without orders.manage, 404 for another restaurant, 400 for an unknown status', async () => {
    const order = await placeOrder();
    const cashier = await createStaffMember(t, owner, 'Cashier');
    expect((await move(order.id, 'accepted', undefined, cashier.token)).statusCode).toBe(403);
    const foreign = await move(order.id, 'accepted', undefined, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Order not found');
    const bogus = await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
      token: owner.token,
      params: { id: order.id },
      body: { status: 'eaten' },
    });
    expect(bogus.statusCode).toBe(400);
    expect(errorOf(bogus).fields).toHaveProperty('status');
    expect(
      (await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: order.id } })).status,
    ).toBe('pending');
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

  /** Ten tries of one payment with one Idempotency-Key: one payment, the same answer to each. */
  async function payTenTimes(how: 'at once' | 'in turn') {
    const order = await placeOrder();
    const key = how === 'at once' ? 'pay-once-racing' : 'pay-once';
    const answers = await sendAll(
      Array.from({ length: 10 }, () => () => pay(order.id, 300, key)),
      how,
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1);
    const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: order.id } });
    expect(read.paidMinor).toBe(300);
    const mismatch = await pay(order.id, 200, key);
    expect(mismatch.statusCode).toBe(422);
  }

  it('never pays twice for a request retried with the same Idempotency-Key', () => payTenTimes('in turn'));

  // On PostgreSQL (a pool of ten connections) the ten requests race for the key.
  itRaces('never pays twice when retries with the same Idempotency-Key race', () => payTenTimes('at once'));

  it('refuses bad input (400), payments on cancelled orders (409), other tenants (404), no payments.manage nor payments.take (403)', async () => {
    const order = await placeOrder();
    const bad = await injectApi(t.app, ordersEndpoints.recordPayment, {
      token: owner.token,
      params: { id: order.id },
      body: { method: 'bitcoin', amountMinor: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['amountMinor', 'method']);
    expect((await pay(order.id, 100, undefined, other.token)).statusCode).toBe(404);
    // The kitchen holds neither payments.manage nor payments.take (a waiter takes payments: §2).
    const cook = await createStaffMember(t, owner, 'Kitchen');
    expect((await pay(order.id, 100, undefined, cook.token)).statusCode).toBe(403);
    const cashier = await createStaffMember(t, owner, 'Cashier');
    expect((await pay(order.id, 100, undefined, cashier.token)).statusCode).toBe(201);
    await move(order.id, 'cancelled', 'Left');
    expect((await pay(order.id, 100)).statusCode).toBe(409);
  });
});
