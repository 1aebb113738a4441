import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { paymentsEndpoints, type TRefundResult } from '@tavolo/contract/payments';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import {
  expectOpenBillsAsCounted,
  insertOnlinePayment,
  ledgerOf,
  placeStaffOrder,
  recordCash,
} from '../../../test/money';
import { paymentRefunds, payments, restaurantEvents } from '../../db/schema';

let t: TestApp;
let r: SeededRestaurant;

beforeAll(async () => {
  t = await createTestApp();
  r = await seedRestaurant(t.app, { dishes: [{ name: 'Menu', priceMinor: 1000 }] });
});
afterAll(() => t.close());
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(t.database.db));

function refund(paymentId: string, body: unknown, key?: string) {
  return injectApi(t.app, paymentsEndpoints.refundPayment, {
    token: r.owner.token,
    headers: { ...(key ? { 'idempotency-key': key } : {}) },
    params: { id: paymentId },
    body,
  });
}

async function paidOrder() {
  const order = await placeStaffOrder(t.app, r);
  const { payment } = await recordCash(t.app, r.owner.token, order.id, 1000);
  return { order, payment };
}

async function lastOrderEvent() {
  const [row] = await t.database.db
    .select()
    .from(restaurantEvents)
    .where(eq(restaurantEvents.restaurantId, r.owner.restaurantId))
    .orderBy(desc(restaurantEvents.seq))
    .limit(1);
  return row!;
}

describe('refunds', () => {
  it('never give back more than is left; part, then the rest, move the order to partially refunded then refunded', async () => {
    const { order, payment } = await paidOrder();

    const tooMuch = await refund(payment.id, { amountMinor: 1001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).fields?.amountMinor).toContain('1000');

    const part = await refund(payment.id, { amountMinor: 300, reason: 'Cold soup' });
    expect(part.statusCode).toBe(201);
    const partBody = part.json<TRefundResult>();
    expect(partBody.refund).toMatchObject({ amountMinor: 300, reason: 'Cold soup', recordedBy: 'Ada Owner' });
    expect(partBody.payment).toMatchObject({
      status: 'succeeded',
      refundedMinor: 300,
      orderNumber: order.number,
    });
    expect(partBody.order).toMatchObject({ paidMinor: 700, paymentStatus: 'partially_refunded' });
    const event = await lastOrderEvent();
    expect(event.type).toBe('order.updated');
    expect((event.data as { order: TOrder }).order).toMatchObject({
      id: order.id,
      paymentStatus: 'partially_refunded',
    });

    const overRest = await refund(payment.id, { amountMinor: 701 });
    expect(overRest.statusCode).toBe(422);
    expect(errorOf(overRest).fields?.amountMinor).toContain('700');

    const rest = await refund(payment.id, { amountMinor: 700 }, 'refund-rest-1');
    expect(rest.statusCode).toBe(201);
    const restBody = rest.json<TRefundResult>();
    expect(restBody.payment).toMatchObject({ status: 'refunded', refundedMinor: 1000 });
    expect(restBody.payment.refunds.map((x) => x.amountMinor)).toEqual([300, 700]);
    expect(restBody.order).toMatchObject({ paidMinor: 0, paymentStatus: 'refunded' });
    expect((await lastOrderEvent()).type).toBe('order.updated');

    // The same key again replays the first answer: still two refunds.
    const replay = await refund(payment.id, { amountMinor: 700 }, 'refund-rest-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<TRefundResult>().refund.id).toBe(restBody.refund.id);
    const rows = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows).toHaveLength(2);

    // A new key after the full refund: nothing left.
    const again = await refund(payment.id, { amountMinor: 1 }, 'refund-rest-2');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
  });

  it('the whole payment at once makes the order refunded', async () => {
    const { payment } = await paidOrder();
    const whole = await refund(payment.id, { amountMinor: 1000 });
    expect(whole.statusCode).toBe(201);
    expect(whole.json<TRefundResult>().order.paymentStatus).toBe('refunded');
  });

  it('refuses pending and failed payments, and answers 404 for an unknown one', async () => {
    const order = await placeStaffOrder(t.app, r);
    for (const status of ['pending', 'failed'] as const) {
      const [row] = await t.database.db
        .insert(payments)
        .values({
          restaurantId: r.owner.restaurantId,
          orderId: order.id,
          amountMinor: 500,
          method: 'online',
          status,
        })
        .returning();
      const response = await refund(row!.id, { amountMinor: 100 });
      expect(response.statusCode, status).toBe(409);
    }
    expect((await refund('00000000-0000-4000-8000-000000000000', { amountMinor: 1 })).statusCode).toBe(404);
    expect((await refund(order.id, { amountMinor: 0 })).statusCode).toBe(400);
  });

  it('takes an online refund from the wallet, and changes nothing when the wallet cannot cover it', async () => {
    const db = t.database.db;
    const restaurantId = r.owner.restaurantId;
    const order = await placeStaffOrder(t.app, r);
    // 1000 paid online, 15 fee: the wallet holds 985 of it.
    const paymentId = await insertOnlinePayment(db, restaurantId, order.id, 1000, 15);
    const before = await ledgerOf(db, restaurantId);

    const covered = await refund(paymentId, { amountMinor: 400 });
    expect(covered.statusCode).toBe(201);
    const afterRefund = await ledgerOf(db, restaurantId);
    expect(afterRefund.balanceMinor).toBe(before.balanceMinor - 400);
    expect(afterRefund.entries.at(-1)).toMatchObject({ type: 'debit', amountMinor: 400 });

    // 600 is left of the payment but the wallet holds 585 (if nothing else is in it).
    const uncovered = await refund(paymentId, { amountMinor: 600 });
    expect(uncovered.statusCode).toBe(409);
    expect(errorOf(uncovered).code).toBe('INSUFFICIENT_FUNDS');
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId)));
    expect(row).toMatchObject({ refundedMinor: 400, status: 'succeeded' });
    expect(await ledgerOf(db, restaurantId)).toEqual(afterRefund);
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds).toHaveLength(1);
    const orderNow = await callApi(t.app, r.owner.token, ordersEndpoints.getOrder, {
      params: { id: order.id },
    });
    expect(orderNow).toMatchObject({ paidMinor: 600, paymentStatus: 'partially_refunded' });
  });

  it("lists an order's payments with their refunds, oldest first", async () => {
    const order = await placeStaffOrder(t.app, r, 2);
    const first = await recordCash(t.app, r.owner.token, order.id, 1500);
    const second = await recordCash(t.app, r.owner.token, order.id, 500);
    expect(second.order.paymentStatus).toBe('paid');
    await refund(first.payment.id, { amountMinor: 100 });
    await refund(first.payment.id, { amountMinor: 200 });
    const list = await callApi(t.app, r.owner.token, paymentsEndpoints.orderPayments, {
      params: { id: order.id },
    });
    expect(list.items.map((p) => p.id)).toEqual([first.payment.id, second.payment.id]);
    expect(list.items[0]!.refunds.map((x) => x.amountMinor)).toEqual([100, 200]);
    expect(list.items[0]).toMatchObject({
      orderNumber: order.number,
      tableNumber: 1,
      provider: null,
      refundedMinor: 300,
    });
    expect(list.items[1]!.refunds).toEqual([]);

    // After a refund, more may be recorded: the order is due again what was given back.
    const paidAgain = await recordCash(t.app, r.owner.token, order.id, 300);
    expect(paidAgain.order).toMatchObject({ paidMinor: 2000, paymentStatus: 'partially_refunded' });
  });
});
