import { auditEndpoints } from '@tavolo/contract/audit';
import { floorEndpoints } from '@tavolo/contract/floor';
import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { receiptsEndpoints } from '@tavolo/contract/receipts';
import { type TTakenBillPayment, tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';
import type { Db } from '../../db/client';
import { billPayments, payments } from '../../db/schema';

/*
 * A waiter finishing a table (PRODUCT.md §9): cash with change due and card at the table, by seat,
 * by amount or the whole bill, and the order-level payment with what was tendered.
 */

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let waiter: Awaited<ReturnType<typeof createStaffMember>>;
let kitchen: Awaited<ReturnType<typeof createStaffMember>>;
let tableNo = 300;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  a = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Risotto', priceMinor: 1600 },
      { name: 'Spritz', priceMinor: 750 },
    ],
    tables: [1],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  waiter = await createStaffMember(t, a.owner, 'Waiter');
  kitchen = await createStaffMember(t, a.owner, 'Kitchen');
});
afterAll(() => t.close());
afterEach(() => expectOpenBillsAsCounted(db));

async function newTable(): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, a.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

/** Seat 1: a risotto and a spritz; seat 2: a risotto; one staff order. */
async function seatedTable() {
  const table = await newTable();
  await callApi(t.app, waiter.token, floorEndpoints.openTable, {
    params: { id: table.id },
    body: { covers: 2 },
  });
  const order = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
    body: {
      tableId: table.id,
      items: [
        { menuItemId: a.items[0]!.id, quantity: 1, seat: 1 },
        { menuItemId: a.items[1]!.id, quantity: 1, seat: 1 },
        { menuItemId: a.items[0]!.id, quantity: 1, seat: 2 },
      ],
    },
  });
  return { table, order };
}

function take(table: TTable, body: Record<string, unknown>, token = waiter.token, key?: string) {
  return injectApi(t.app, tableServiceEndpoints.takeBillPayment, {
    token,
    params: { id: table.id },
    body,
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
  });
}

async function taken(table: TTable, body: Record<string, unknown>, key?: string): Promise<TTakenBillPayment> {
  const response = await take(table, body, waiter.token, key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TTakenBillPayment>();
}

describe('taking payment at the table', () => {
  it('lets a waiter take one seat in cash with change due and the other by card, then the visit ends', async () => {
    const { table, order } = await seatedTable();
    const bill = await callApi(t.app, waiter.token, tableServiceEndpoints.getStaffTableBill, {
      params: { id: table.id },
    });
    expect(bill.lines.map((l) => l.seat)).toEqual([1, 1, 2]);

    const seat1 = await taken(table, { mode: 'seat', seat: 1, method: 'cash', tenderedMinor: 5000 });
    expect(seat1).toMatchObject({
      mode: 'seat',
      seat: 1,
      method: 'cash',
      amountMinor: 2350,
      tenderedMinor: 5000,
    });
    expect(seat1.changeMinor).toBe(5000 - 2350);
    expect(seat1.settled).toBe(false);
    expect(seat1.bill.dueMinor).toBe(order.totalMinor - 2350);
    expect(seat1.bill.lines.filter((l) => l.seat === 1).every((l) => l.paidQuantity === l.quantity)).toBe(
      true,
    );
    // The waiter offers the receipt: it lists seat 1's items and they may read it.
    expect(seat1.receiptId).not.toBeNull();
    const receipt = await callApi(t.app, waiter.token, receiptsEndpoints.getReceipt, {
      params: { id: seat1.receiptId! },
    });
    expect(receipt.totalMinor).toBe(2350);

    const seat2 = await taken(table, { mode: 'seat', seat: 2, method: 'card' });
    expect(seat2).toMatchObject({ amountMinor: 1600, changeMinor: 0, tenderedMinor: null, settled: true });
    expect(seat2.bill).toMatchObject({ lines: [], dueMinor: 0 });
    const floor = await callApi(t.app, waiter.token, floorEndpoints.getFloorTable, {
      params: { id: table.id },
    });
    expect(floor.table.state).toBe('free');

    // A seat paid already, or one with nothing on it.
    const again = await seatedTable();
    await taken(again.table, { mode: 'seat', seat: 2, method: 'card' });
    const paid = await take(again.table, { mode: 'seat', seat: 2, method: 'card' });
    expect(paid.statusCode).toBe(409);
    const empty = await take(again.table, { mode: 'seat', seat: 7, method: 'card' });
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).fields).toHaveProperty('seat');
  });

  it('takes an amount spread over the orders, then the whole rest; an amount above what is due is 422', async () => {
    const { table, order } = await seatedTable();
    const over = await take(table, { mode: 'amount', amountMinor: order.totalMinor + 1, method: 'card' });
    expect(over.statusCode).toBe(422);
    const part = await taken(table, { mode: 'amount', amountMinor: 1000, method: 'card' });
    expect(part.bill.dueMinor).toBe(order.totalMinor - 1000);
    // Shown on the bill as a payment staff took, not as a guest's way of paying.
    expect(part.bill.payments).toEqual([
      expect.objectContaining({ amountMinor: 1000, method: 'card', mode: null }),
    ]);
    const rest = await taken(table, { mode: 'full', method: 'cash', tenderedMinor: 4000 });
    expect(rest).toMatchObject({ amountMinor: order.totalMinor - 1000, settled: true });
    expect(rest.changeMinor).toBe(4000 - (order.totalMinor - 1000));
    const nothing = await take(table, { mode: 'full', method: 'card' });
    expect(nothing.statusCode).toBe(409);
  });

  it('refuses cash tendered below the amount, and tendered with card (422), recording nothing', async () => {
    const { table, order } = await seatedTable();
    const short = await take(table, { mode: 'full', method: 'cash', tenderedMinor: order.totalMinor - 1 });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).fields).toHaveProperty('tenderedMinor');
    const card = await take(table, { mode: 'full', method: 'card', tenderedMinor: order.totalMinor });
    expect(card.statusCode).toBe(422);
    const rows = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toEqual([]);
  });

  it('answers a retry with the same key with the same payment, and records no second one', async () => {
    const { table, order } = await seatedTable();
    const key = 'take-payment-retry-0001';
    const body = { mode: 'seat', seat: 1, method: 'cash', tenderedMinor: 3000 };
    const first = await taken(table, body, key);
    const retry = await take(table, body, waiter.token, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<TTakenBillPayment>()).toEqual(first);
    const rows = await db
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.tableId, table.id), eq(billPayments.status, 'succeeded')));
    expect(rows).toHaveLength(1);
    const orderPayments = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(orderPayments).toHaveLength(1);
  });

  it('writes one audit entry with the seat, the tendered cash and the change', async () => {
    const { table } = await seatedTable();
    const paid = await taken(table, { mode: 'seat', seat: 2, method: 'cash', tenderedMinor: 2000 });
    const audit = await callApi(t.app, a.owner.token, auditEndpoints.listAudit, {
      query: { kind: 'payment.recorded' },
    });
    const entry = audit.items.find((item) => item.details.billPaymentId === paid.paymentId);
    expect(entry).toMatchObject({
      actor: { id: waiter.staffId },
      tableNumber: table.number,
      amountMinor: 1600,
      details: expect.objectContaining({ mode: 'seat', seat: 2, tenderedMinor: 2000, changeMinor: 400 }),
    });
  });

  it('is for those who take payments: the kitchen gets 403; another restaurant gets 404', async () => {
    const { table } = await seatedTable();
    expect((await take(table, { mode: 'full', method: 'card' }, kitchen.token)).statusCode).toBe(403);
    expect((await take(table, { mode: 'full', method: 'card' }, b.owner.token)).statusCode).toBe(404);
  });
});

describe('an order payment with cash tendered', () => {
  it('answers the change due; a waiter may take it but not refund it', async () => {
    const { order } = await seatedTable();
    const recorded = await callApi(t.app, waiter.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 1000, tenderedMinor: 2000 },
    });
    expect(recorded.changeMinor).toBe(1000);
    expect(recorded.order.paidMinor).toBe(1000);
    const short = await injectApi(t.app, ordersEndpoints.recordPayment, {
      token: waiter.token,
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 1000, tenderedMinor: 999 },
    });
    expect(short.statusCode).toBe(422);
    const refund = await injectApi(t.app, paymentsEndpoints.refundPayment, {
      token: waiter.token,
      params: { id: recorded.payment.id },
      body: { amountMinor: 100 },
    });
    expect(refund.statusCode).toBe(403);
    const noTender = await callApi(t.app, waiter.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'card', amountMinor: 500 },
    });
    expect(noTender.changeMinor).toBe(0);
  });

  it('keeps the same payment on a retry with the same key', async () => {
    const { order } = await seatedTable();
    const send = () =>
      injectApi(t.app, ordersEndpoints.recordPayment, {
        token: waiter.token,
        params: { id: order.id },
        body: { method: 'cash', amountMinor: 700, tenderedMinor: 1000 },
        headers: { [IDEMPOTENCY_KEY_HEADER]: 'order-cash-retry-0001' },
      });
    const first = await send();
    const second = await send();
    expect(second.json()).toEqual(first.json());
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });
});
