import {
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  ordersEndpoints,
  type TCreatedOrder,
  type TOrder,
} from '@tavolo/contract/orders';
import {
  paymentsEndpoints,
  SANDBOX_SIGNATURE_HEADER,
  type TCheckout,
  type TSandboxCheckout,
} from '@tavolo/contract/payments';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';
import type { ServiceContext } from '../../core/context';
import type { Db } from '../../db/client';
import {
  orders,
  payments,
  paymentWebhookEvents,
  restaurantEvents,
  walletTransactions,
} from '../../db/schema';
import { walletBalance } from '../wallet/wallet-ledger';
import { getSandboxCheckout } from './online-payments.service';
import { createSandboxProvider, sandboxEventBody } from './sandbox-provider';

const SECRET = 'the sandbox secret of this test file';
/** Signs like the app's sandbox: same secret. */
const sandbox = createSandboxProvider({ secret: SECRET });

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: SECRET, ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  // No service charge: an order's total is its dishes' prices.
  a = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Lasagne', priceMinor: 1234 },
      { name: 'Tiramisu', priceMinor: 1000 },
      { name: 'Espresso', priceMinor: 100 },
    ],
    tables: [1, 2],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' } });
});
afterAll(() => t.close());
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(db));

// ---- helpers ----------------------------------------------------------------------------------------

function placeGuestOrder(where: SeededRestaurant, dish = 0): Promise<TCreatedOrder> {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: where.tables[0]!.qrToken, items: [{ menuItemId: where.items[dish]!.id, quantity: 1 }] },
  });
}

function checkout(orderId: string, headers: Record<string, string>) {
  return injectApi(t.app, paymentsEndpoints.startCheckout, { headers, params: { id: orderId } });
}

const asGuest = (order: TCreatedOrder) => ({ [GUEST_TOKEN_HEADER]: order.guestToken! });

async function guestCheckout(order: TCreatedOrder): Promise<TCheckout> {
  const response = await checkout(order.id, asGuest(order));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCheckout>();
}

function complete(paymentId: string, outcome: 'pay' | 'decline') {
  return injectApi(t.app, paymentsEndpoints.sandboxComplete, { params: { paymentId }, body: { outcome } });
}

function postWebhook(rawBody: string, headers: Record<string, string>, provider = 'sandbox') {
  return injectApi(t.app, paymentsEndpoints.paymentWebhook, {
    headers: { 'content-type': 'application/json', ...headers },
    params: { provider },
    payload: rawBody,
  });
}

const signed = (rawBody: string, now?: Date) => ({ [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(rawBody, now) });

async function paymentRow(id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

function ledgerOf(paymentId: string) {
  return db
    .select({
      type: walletTransactions.type,
      kind: walletTransactions.kind,
      amountMinor: walletTransactions.amountMinor,
      description: walletTransactions.description,
    })
    .from(walletTransactions)
    .where(eq(walletTransactions.paymentId, paymentId))
    .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.type));
}

async function orderEvents(orderId: string) {
  return db
    .select({ type: restaurantEvents.type, data: restaurantEvents.data })
    .from(restaurantEvents)
    .where(and(eq(restaurantEvents.orderId, orderId), eq(restaurantEvents.type, 'order.updated')));
}

/** Everything a webhook could change, to show that a refused or replayed one changed nothing. */
async function snapshot(restaurantId: string, paymentId: string, orderId: string) {
  const [events] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(restaurantEvents)
    .where(eq(restaurantEvents.restaurantId, restaurantId));
  const [webhookEvents] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.paymentId, paymentId));
  const payment = await paymentRow(paymentId);
  const order = await orderRow(orderId);
  return {
    balance: await walletBalance(db, restaurantId),
    ledger: await ledgerOf(paymentId),
    payment: { status: payment.status, feeMinor: payment.feeMinor, succeededAt: payment.succeededAt },
    order: { paidMinor: order.paidMinor, paymentStatus: order.paymentStatus, version: order.version },
    events: events!.count,
    webhookEvents: webhookEvents!.count,
  };
}

// ---- starting a checkout ----------------------------------------------------------------------------

describe('starting an online checkout', () => {
  it('opens a pending sandbox payment for what is due, for the guest holding the order’s token', async () => {
    const order = await placeGuestOrder(a);
    expect(order.totalMinor).toBe(1234);
    const started = await guestCheckout(order);
    expect(started).toEqual({
      paymentId: expect.any(String),
      checkoutUrl: `/pay/sandbox/${started.paymentId}`,
      amountMinor: 1234,
      currency: 'EUR',
    });
    expect(await paymentRow(started.paymentId)).toMatchObject({
      orderId: order.id,
      restaurantId: a.owner.restaurantId,
      method: 'online',
      status: 'pending',
      provider: 'sandbox',
      amountMinor: 1234,
      feeMinor: 0,
      reference: `sandbox_${started.paymentId}`,
      returnUrl: `/t/${a.tables[0]!.qrToken}/orders/${order.id}`,
      succeededAt: null,
    });

    const page = await injectApi(t.app, paymentsEndpoints.sandboxCheckout, {
      params: { paymentId: started.paymentId },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<TSandboxCheckout>()).toEqual({
      paymentId: started.paymentId,
      status: 'pending',
      amountMinor: 1234,
      currency: 'EUR',
      restaurantName: 'Trattoria Uno',
      orderNumber: order.number,
      description: `Order #${order.number}`,
      tipMinor: 0,
      returnUrl: `/t/${a.tables[0]!.qrToken}/orders/${order.id}`,
    });
  });

  it('answers 404 for a wrong token, another order’s token, or another restaurant’s order; 401 without either', async () => {
    const order = await placeGuestOrder(a);
    const other = await placeGuestOrder(a);
    const theirs = await placeGuestOrder(b);
    expect((await checkout(order.id, { [GUEST_TOKEN_HEADER]: 'not-the-token' })).statusCode).toBe(404);
    expect((await checkout(order.id, asGuest(other))).statusCode).toBe(404);
    expect((await checkout(theirs.id, asGuest(order))).statusCode).toBe(404);
    // Staff of restaurant A naming restaurant B's order.
    const foreign = await checkout(theirs.id, bearer(a.owner.token));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    expect((await checkout(order.id, {})).statusCode).toBe(401);
    const opened = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(opened).toEqual([]);
  });

  it('lets staff start it, and hands the same pending payment out again instead of opening another', async () => {
    const order = await placeGuestOrder(a);
    const byStaff = await checkout(order.id, bearer(a.owner.token));
    expect(byStaff.statusCode).toBe(201);
    const started = byStaff.json<TCheckout>();
    expect(started.amountMinor).toBe(1234);
    expect((await paymentRow(started.paymentId)).returnUrl).toBe('/dashboard/orders');

    // The guest starts paying the same amount: the same payment, now sending the guest back home.
    const byGuest = await guestCheckout(order);
    expect(byGuest).toEqual(started);
    expect((await paymentRow(started.paymentId)).returnUrl).toBe(
      `/t/${a.tables[0]!.qrToken}/orders/${order.id}`,
    );
    const opened = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(opened).toHaveLength(1);
  });

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const order = await placeGuestOrder(a);
    const headers = { ...asGuest(order), [IDEMPOTENCY_KEY_HEADER]: 'checkout-retry-1' };
    const first = await checkout(order.id, headers);
    const retry = await checkout(order.id, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The same key naming another order is another request.
    const other = await placeGuestOrder(a);
    const mismatch = await checkout(other.id, {
      ...asGuest(other),
      [IDEMPOTENCY_KEY_HEADER]: 'checkout-retry-1',
    });
    // Scoped by the guest's token: another guest's key is theirs alone.
    expect(mismatch.statusCode).toBe(201);
  });

  it('answers 409 when nothing is due or the order was cancelled', async () => {
    const paid = await placeGuestOrder(a);
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: paid.id },
      body: { method: 'cash', amountMinor: 1234 },
    });
    const nothingDue = await checkout(paid.id, asGuest(paid));
    expect(nothingDue.statusCode).toBe(409);
    expect(errorOf(nothingDue).code).toBe('CONFLICT');

    const cancelled = await placeGuestOrder(a);
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: cancelled.id },
      body: { status: 'cancelled', reason: 'Kitchen closed' },
    });
    expect((await checkout(cancelled.id, asGuest(cancelled))).statusCode).toBe(409);
  });

  it('charges only what is left after a partial payment, in a new payment', async () => {
    const order = await placeGuestOrder(a);
    const first = await guestCheckout(order);
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 234 },
    });
    const rest = await guestCheckout(order);
    expect(rest.paymentId).not.toBe(first.paymentId);
    expect(rest.amountMinor).toBe(1000);
  });
});

// ---- the sandbox's page -----------------------------------------------------------------------------

describe('the sandbox checkout', () => {
  it('pays: the payment, the order (with its live event) and the wallet move together', async () => {
    const order = await placeGuestOrder(a);
    const { paymentId } = await guestCheckout(order);
    const balanceBefore = await walletBalance(db, a.owner.restaurantId);

    const response = await complete(paymentId, 'pay');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TSandboxCheckout>()).toMatchObject({
      paymentId,
      status: 'succeeded',
      amountMinor: 1234,
    });

    const payment = await paymentRow(paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', feeMinor: 19, amountMinor: 1234 });
    expect(payment.succeededAt).toBeInstanceOf(Date);

    const read = await injectApi(t.app, ordersEndpoints.getOrder, {
      headers: asGuest(order),
      params: { id: order.id },
    });
    expect(read.json<TOrder>()).toMatchObject({ paidMinor: 1234, paymentStatus: 'paid', version: 2 });

    const events = await orderEvents(order.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      order: { id: order.id, paidMinor: 1234, paymentStatus: 'paid' },
    });

    // 1.5% of 1234 is 18.51: 19. Exactly two entries: the amount in, the fee out.
    expect(await ledgerOf(paymentId)).toEqual([
      {
        type: 'credit',
        kind: 'payment',
        amountMinor: 1234,
        description: `Online payment, order #${order.number}`,
      },
      {
        type: 'debit',
        kind: 'fee',
        amountMinor: 19,
        description: `Payment provider fee, order #${order.number}`,
      },
    ]);
    expect(await walletBalance(db, a.owner.restaurantId)).toBe(balanceBefore + 1234 - 19);

    // Paid is paid: the page cannot pay it twice, and there is nothing left to check out.
    expect((await complete(paymentId, 'pay')).statusCode).toBe(409);
    expect((await checkout(order.id, asGuest(order))).statusCode).toBe(409);
  });

  it('takes 1.5% rounded half up: 1000 → 15, 100 → 2', async () => {
    for (const [dish, amount, fee] of [
      [1, 1000, 15],
      [2, 100, 2],
    ] as const) {
      const order = await placeGuestOrder(a, dish);
      const { paymentId, amountMinor } = await guestCheckout(order);
      expect(amountMinor).toBe(amount);
      expect((await complete(paymentId, 'pay')).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).feeMinor).toBe(fee);
      expect((await ledgerOf(paymentId)).map((e) => [e.type, e.amountMinor])).toEqual([
        ['credit', amount],
        ['debit', fee],
      ]);
    }
  });

  it('declines: the payment fails, the order stays unpaid, the wallet does not move', async () => {
    const order = await placeGuestOrder(a);
    const { paymentId } = await guestCheckout(order);
    const balanceBefore = await walletBalance(db, a.owner.restaurantId);
    const response = await complete(paymentId, 'decline');
    expect(response.statusCode).toBe(200);
    expect(response.json<TSandboxCheckout>().status).toBe('failed');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'failed', feeMinor: 0, succeededAt: null });
    expect(await orderRow(order.id)).toMatchObject({ paidMinor: 0, paymentStatus: 'unpaid', version: 1 });
    expect(await ledgerOf(paymentId)).toEqual([]);
    expect(await walletBalance(db, a.owner.restaurantId)).toBe(balanceBefore);
    expect((await complete(paymentId, 'pay')).statusCode).toBe(409);

    // A new checkout opens a new payment.
    const again = await guestCheckout(order);
    expect(again.paymentId).not.toBe(paymentId);
  });

  it('answers 404 for ids that are no sandbox payment, and for a request body it does not know 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await injectApi(t.app, paymentsEndpoints.sandboxCheckout, { params: { paymentId: unknown } }))
        .statusCode,
    ).toBe(404);
    expect((await complete(unknown, 'pay')).statusCode).toBe(404);
    // A cash payment is not the sandbox's.
    const order = await placeGuestOrder(a);
    const cash = await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 100 },
    });
    expect(
      (await injectApi(t.app, paymentsEndpoints.sandboxCheckout, { params: { paymentId: cash.payment.id } }))
        .statusCode,
    ).toBe(404);
    expect((await complete(cash.payment.id, 'pay')).statusCode).toBe(404);
    const { paymentId } = await guestCheckout(order);
    const bad = await injectApi(t.app, paymentsEndpoints.sandboxComplete, {
      params: { paymentId },
      body: { outcome: 'steal' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is not there when another provider is configured', async () => {
    const order = await placeGuestOrder(a);
    const { paymentId } = await guestCheckout(order);
    const ctx = { db } as ServiceContext;
    const other = { ...sandbox, name: 'stripe' };
    await expect(getSandboxCheckout(ctx, { paymentId }, other)).rejects.toMatchObject({ status: 404 });
    await expect(getSandboxCheckout(ctx, { paymentId }, sandbox)).resolves.toMatchObject({ paymentId });
  });
});

// ---- the webhook ------------------------------------------------------------------------------------

describe('the payment webhook', () => {
  async function pendingPayment(dish = 0) {
    const order = await placeGuestOrder(a, dish);
    const { paymentId, amountMinor } = await guestCheckout(order);
    const body = sandboxEventBody({ paymentId, outcome: 'succeeded', amountMinor, currency: 'EUR' });
    return { order, paymentId, body };
  }

  it('refuses unsigned, malformed, tampered, stale and future-dated requests with 400 INVALID_SIGNATURE', async () => {
    const { order, paymentId, body } = await pendingPayment();
    const before = await snapshot(a.owner.restaurantId, paymentId, order.id);
    const other = sandboxEventBody({ paymentId, outcome: 'succeeded', amountMinor: 1, currency: 'EUR' });
    const sixMinutes = 6 * 60 * 1000;
    const refused = [
      await postWebhook(body, {}),
      await postWebhook(body, { [SANDBOX_SIGNATURE_HEADER]: 'garbage' }),
      await postWebhook(body, { [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=abc` }),
      // The signature of another body.
      await postWebhook(body, signed(other)),
      // The right body, one byte changed after signing.
      await postWebhook(body.replace('"EUR"', '"EUr"'), signed(body)),
      // Signed with another secret.
      await postWebhook(body, {
        [SANDBOX_SIGNATURE_HEADER]: createSandboxProvider({ secret: 'somebody else’s secret' }).sign(body),
      }),
      await postWebhook(body, signed(body, new Date(Date.now() - sixMinutes))),
      await postWebhook(body, signed(body, new Date(Date.now() + sixMinutes))),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('INVALID_SIGNATURE');
    }
    expect(await snapshot(a.owner.restaurantId, paymentId, order.id)).toEqual(before);

    // Four minutes old is still within the five allowed.
    const fresh = await postWebhook(body, signed(body, new Date(Date.now() - 4 * 60 * 1000)));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ received: true, duplicate: false });
  });

  it('changes nothing for a replay of the same event, or a second event of a settled payment', async () => {
    const { order, paymentId, body } = await pendingPayment();
    const headers = signed(body);
    const first = await postWebhook(body, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const after = await snapshot(a.owner.restaurantId, paymentId, order.id);
    expect(after.payment.status).toBe('succeeded');
    expect(after.ledger).toHaveLength(2);

    // The very same signed request again.
    const replay = await postWebhook(body, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await snapshot(a.owner.restaurantId, paymentId, order.id)).toEqual(after);

    // Another event id for the payment already settled: a success or a failure, nothing moves.
    for (const outcome of ['succeeded', 'failed'] as const) {
      const second = sandboxEventBody({ paymentId, outcome, amountMinor: 1234, currency: 'EUR' });
      const response = await postWebhook(second, signed(second));
      expect(response.json()).toEqual({ received: true, duplicate: true });
    }
    const settled = await snapshot(a.owner.restaurantId, paymentId, order.id);
    expect({ ...settled, webhookEvents: after.webhookEvents }).toEqual(after);
  });

  it('refuses an event whose amount or currency is not the payment’s, keeping nothing of it', async () => {
    const { order, paymentId } = await pendingPayment();
    const before = await snapshot(a.owner.restaurantId, paymentId, order.id);
    for (const wrong of [
      { amountMinor: 1234, currency: 'USD' },
      { amountMinor: 1233, currency: 'EUR' },
    ]) {
      const body = sandboxEventBody({ paymentId, outcome: 'succeeded', ...wrong });
      const response = await postWebhook(body, signed(body));
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await snapshot(a.owner.restaurantId, paymentId, order.id)).toEqual(before);
    expect(before.payment.status).toBe('pending');
    expect(before.ledger).toEqual([]);
  });

  it('moves payment, order and wallet in one transaction: when the wallet step fails, nothing moves', async () => {
    const { order, paymentId, body } = await pendingPayment();
    const before = await snapshot(a.owner.restaurantId, paymentId, order.id);
    // The fee's ledger entry, the last write of the transaction, is made to fail.
    await db.execute(sql`
      CREATE FUNCTION refuse_fee() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'fee refused by the test'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER refuse_fee BEFORE INSERT ON wallet_transactions
      FOR EACH ROW WHEN (NEW.kind = 'fee') EXECUTE FUNCTION refuse_fee()`);
    try {
      const failed = await postWebhook(body, signed(body));
      expect(failed.statusCode).toBe(500);
      expect(await snapshot(a.owner.restaurantId, paymentId, order.id)).toEqual(before);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_fee ON wallet_transactions`);
      await db.execute(sql`DROP FUNCTION refuse_fee()`);
    }
    // The provider retries the same event: now all of it lands, once.
    const retried = await postWebhook(body, signed(body));
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    const after = await snapshot(a.owner.restaurantId, paymentId, order.id);
    expect(after.payment.status).toBe('succeeded');
    expect(after.ledger.map((e) => [e.kind, e.amountMinor])).toEqual([
      ['payment', 1234],
      ['fee', 19],
    ]);
    expect(after.balance).toBe(before.balance + 1215);
  });

  it('answers 404 for a provider that is not the configured one, or a payment it does not know', async () => {
    const { body } = await pendingPayment();
    for (const provider of ['stripe', 'constructor', 'x'.repeat(41)]) {
      expect((await postWebhook(body, signed(body), provider)).statusCode).toBe(404);
    }
    const stranger = sandboxEventBody({
      paymentId: '00000000-0000-4000-8000-000000000000',
      outcome: 'succeeded',
      amountMinor: 1,
      currency: 'EUR',
    });
    expect((await postWebhook(stranger, signed(stranger))).statusCode).toBe(404);
  });

  it('answers junk with a 4xx, never a 5xx, whether signed or not', async () => {
    const junk = ['', 'null', '{', 'not json', '[]', '{"__proto__":{"x":1}}', '{"id":"e"}', '\u0000'];
    for (const raw of junk) {
      for (const headers of [{}, signed(raw)]) {
        const response = await postWebhook(raw, headers);
        expect(response.statusCode, `${JSON.stringify(raw)}: ${response.body}`).toBe(400);
      }
    }
    const plain = await injectApi(t.app, paymentsEndpoints.paymentWebhook, {
      headers: { 'content-type': 'text/plain' },
      params: { provider: 'sandbox' },
      payload: 'hello',
    });
    expect(plain.statusCode).toBe(415);
  });

  // Concurrent on PostgreSQL (a pool of ten connections). One after the other, a replayed event
  // changes nothing (tested above).
  itRaces(
    'settles a payment once when its events race, and opens one checkout when starts race',
    async () => {
      const order = await placeGuestOrder(a);
      const starts = await Promise.all(Array.from({ length: 5 }, () => checkout(order.id, asGuest(order))));
      const ids = new Set(starts.map((r) => r.json<TCheckout>().paymentId));
      expect(starts.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(ids.size).toBe(1);
      const [paymentId] = [...ids] as [string];

      const balanceBefore = await walletBalance(db, a.owner.restaurantId);
      const body = sandboxEventBody({ paymentId, outcome: 'succeeded', amountMinor: 1234, currency: 'EUR' });
      const others = Array.from({ length: 3 }, () =>
        sandboxEventBody({ paymentId, outcome: 'succeeded', amountMinor: 1234, currency: 'EUR' }),
      );
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => postWebhook(body, signed(body))),
        ...others.map((other) => postWebhook(other, signed(other))),
        complete(paymentId, 'pay'),
      ]);
      const acks = answers.slice(0, 7).map((r) => r.json<{ duplicate: boolean }>());
      expect(answers.slice(0, 7).every((r) => r.statusCode === 200)).toBe(true);
      // The sandbox page may find the payment already settled (409), or answer after its own event.
      expect([200, 409]).toContain(answers[7]!.statusCode);
      // At most one of the delivered events settled it (else the sandbox's own did); the rest changed nothing.
      expect(acks.filter((ack) => !ack.duplicate).length).toBeLessThanOrEqual(1);
      expect((await paymentRow(paymentId)).status).toBe('succeeded');
      expect((await ledgerOf(paymentId)).map((e) => [e.kind, e.amountMinor])).toEqual([
        ['payment', 1234],
        ['fee', 19],
      ]);
      expect(await walletBalance(db, a.owner.restaurantId)).toBe(balanceBefore + 1215);
      expect(await orderRow(order.id)).toMatchObject({ paidMinor: 1234, version: 2 });
    },
  );

  it('never leaves a succeeded online payment without its two ledger entries', async () => {
    const succeeded = await db
      .select({ id: payments.id, amountMinor: payments.amountMinor, feeMinor: payments.feeMinor })
      .from(payments)
      .where(and(eq(payments.method, 'online'), eq(payments.status, 'succeeded')));
    expect(succeeded.length).toBeGreaterThanOrEqual(5);
    for (const payment of succeeded) {
      expect((await ledgerOf(payment.id)).map((e) => [e.type, e.kind, e.amountMinor])).toEqual([
        ['credit', 'payment', payment.amountMinor],
        ['debit', 'fee', payment.feeMinor],
      ]);
    }
    const others = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.method, 'online'), sql`${payments.status} <> 'succeeded'`));
    for (const payment of others) expect(await ledgerOf(payment.id)).toEqual([]);
  });
});
