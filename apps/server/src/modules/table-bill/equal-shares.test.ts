import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import {
  type TBillCheckoutRequest,
  type TTableBill,
  tableServiceEndpoints,
} from '@tavolo/contract/table-service';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { asc, eq } from 'drizzle-orm';
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
import { expectOpenBillsAsCounted } from '../../../test/money';
import type { Db } from '../../db/client';
import { billPayments, orders } from '../../db/schema';

/*
 * Equal shares keep the size of their split (docs/decisions/022): a split shares what is due when
 * its first share starts, later shares of it ask the same, the last one takes the remainder, and a
 * bill that moves outside the split says so and lets a phone split again.
 */

let t: TestApp;
let db: Db;
let r: SeededRestaurant;
let tableNo = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SANDBOX_WEBHOOK_SECRET: 'the sandbox secret of the equal share tests',
      ORDER_LIMIT_PER_TABLE: '1000',
    },
  });
  db = t.database.db;
  // No service charge: the bill is the round figures.
  r = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Bistecca', priceMinor: 1800 },
      { name: 'Chianti', priceMinor: 600 },
      { name: 'Risotto', priceMinor: 650 },
      { name: 'Tiramisu', priceMinor: 650 },
    ],
    tables: [],
  });
});
afterAll(() => t.close());
afterEach(() => expectOpenBillsAsCounted(db));

const [BISTECCA, CHIANTI, RISOTTO, TIRAMISU] = [0, 1, 2, 3];

async function newTable() {
  tableNo += 1;
  return callApi(t.app, r.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

type Table = Awaited<ReturnType<typeof newTable>>;

function order(table: Table, lines: [dish: number, quantity: number][]): Promise<TCreatedOrder> {
  return callApi(t.app, '', ordersEndpoints.placeOrder, {
    body: {
      qrToken: table.qrToken,
      items: lines.map(([dish, quantity]) => ({ menuItemId: r.items[dish]!.id, quantity })),
    },
  });
}

function bill(table: Table): Promise<TTableBill> {
  return callApi(t.app, '', tableServiceEndpoints.getTableBill, { query: { qrToken: table.qrToken } });
}

/** A checkout's body but the table's code, mode by mode. */
type CheckoutBody<R = TBillCheckoutRequest> = R extends unknown ? Omit<R, 'qrToken'> : never;

function tryCheckout(table: Table, body: CheckoutBody) {
  return injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
    body: { qrToken: table.qrToken, ...body },
  });
}

function checkout(table: Table, body: CheckoutBody) {
  return callApi(t.app, '', tableServiceEndpoints.startBillCheckout, {
    body: { qrToken: table.qrToken, ...body },
  });
}

/** A share of `parts`, as a phone asks for it. */
const share = (table: Table, parts: number, newSplit?: boolean) =>
  checkout(table, { mode: 'equal', parts, ...(newSplit === undefined ? {} : { newSplit }) });

function pay(paymentId: string, outcome: 'pay' | 'decline' = 'pay') {
  return callApi(
    t.app,
    '',
    paymentsEndpoints.sandboxComplete,
    { params: { paymentId }, body: { outcome } },
    200,
  );
}

async function sharesOfTable(tableId: string) {
  return db
    .select({
      splitId: billPayments.splitId,
      splitDueMinor: billPayments.splitDueMinor,
      parts: billPayments.parts,
      amountMinor: billPayments.amountMinor,
      status: billPayments.status,
    })
    .from(billPayments)
    .where(eq(billPayments.tableId, tableId))
    .orderBy(asc(billPayments.createdAt));
}

async function expectPaidInFull(orderIds: string[]) {
  for (const id of orderIds) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row!.paidMinor).toBe(row!.totalMinor);
    expect(row!.paymentStatus).toBe('paid');
  }
}

describe('equal shares', () => {
  it('after one guest paid their items (€24.00 of €37.00), three shares split the €13.00 left: 4.33, 4.33, 4.34', async () => {
    const table = await newTable();
    const placed = await order(table, [
      [BISTECCA, 1],
      [CHIANTI, 1],
      [RISOTTO, 1],
      [TIRAMISU, 1],
    ]);
    expect((await bill(table)).totalMinor).toBe(3700);

    // One guest pays their own steak and wine.
    const items = await checkout(table, {
      mode: 'items',
      items: [
        { orderId: placed.id, lineIndex: 0, quantity: 1 },
        { orderId: placed.id, lineIndex: 1, quantity: 1 },
      ],
    });
    expect(items.amountMinor).toBe(2400);
    await pay(items.paymentId);
    const left = await bill(table);
    expect(left).toMatchObject({ totalMinor: 3700, paidMinor: 2400, dueMinor: 1300, split: null });

    // The other three split what is left three ways.
    const first = await share(table, 3);
    expect(first.amountMinor).toBe(433);
    const started = await bill(table);
    expect(started.split).toEqual({
      id: expect.any(String),
      parts: 3,
      dueMinor: 1300,
      shareMinor: 433,
      paidShares: 0,
      takenShares: 1,
      nextShareMinor: 433,
      stale: false,
    });
    const second = await share(table, 3);
    expect(second.amountMinor).toBe(433);
    await pay(first.paymentId);
    // The last share takes the remainder, whatever order the shares are paid in.
    expect((await bill(table)).split).toMatchObject({
      id: started.split!.id,
      paidShares: 1,
      takenShares: 2,
      nextShareMinor: 434,
      stale: false,
    });
    const third = await share(table, 3);
    expect(third.amountMinor).toBe(434);
    const fourth = await tryCheckout(table, { mode: 'equal', parts: 3 });
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth).message).toBe('All 3 shares are paid or being paid');
    await pay(third.paymentId);
    await pay(second.paymentId);

    // Settled: the visit ended, every order is paid, and the three shares were one split of €13.00.
    const after = await bill(table);
    expect(after.visitId).not.toBe(left.visitId);
    expect(after).toMatchObject({ lines: [], dueMinor: 0, split: null });
    await expectPaidInFull([placed.id]);
    const rows = (await sharesOfTable(table.id)).filter((row) => row.splitId !== null);
    expect(rows.map((row) => [row.amountMinor, row.splitDueMinor, row.parts, row.status])).toEqual([
      [433, 1300, 3, 'succeeded'],
      [433, 1300, 3, 'succeeded'],
      [434, 1300, 3, 'succeeded'],
    ]);
    expect(new Set(rows.map((row) => row.splitId)).size).toBe(1);
  });

  it('a new order mid-split makes it stale: the next share answers 409 SPLIT_STALE, the bill says so, and a split started again settles the bill', async () => {
    const table = await newTable();
    const placed = await order(table, [
      [BISTECCA, 1],
      [CHIANTI, 1],
      [RISOTTO, 1],
      [TIRAMISU, 1],
    ]);
    const first = await share(table, 3);
    expect(first.amountMinor).toBe(1233);
    await pay(first.paymentId);
    const before = await bill(table);
    expect(before.split).toMatchObject({ dueMinor: 3700, paidShares: 1, nextShareMinor: 1233, stale: false });

    // The table orders another glass: the split no longer covers the bill.
    const more = await order(table, [[CHIANTI, 1]]);
    const stale = await bill(table);
    expect(stale).toMatchObject({ dueMinor: 3700 - 1233 + 600, pendingMinor: 0 });
    expect(stale.split).toMatchObject({ id: before.split!.id, parts: 3, dueMinor: 3700, stale: true });
    for (const body of [
      { mode: 'equal', parts: 3 },
      { mode: 'equal', parts: 4 },
      { mode: 'equal', parts: 3, newSplit: false },
    ] as const) {
      const refused = await tryCheckout(table, body);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({
        code: 'SPLIT_STALE',
        message:
          'The bill changed since it was split 3 ways (an order, a refund or a payment outside the split): split it again to share what is due now',
        fields: { newSplit: 'send true to split what is due now' },
      });
    }
    expect((await bill(table)).pendingMinor).toBe(0);

    // A phone splits again: €30.67 three ways. A second phone that also asked to split again joins
    // that split rather than start another one; the third share takes the remainder.
    const again = await share(table, 3, true);
    expect(again.amountMinor).toBe(1022);
    const restarted = await bill(table);
    expect(restarted.split).toMatchObject({
      parts: 3,
      dueMinor: 3067,
      shareMinor: 1022,
      takenShares: 1,
      stale: false,
    });
    expect(restarted.split!.id).not.toBe(before.split!.id);
    const also = await share(table, 3, true);
    expect(also.amountMinor).toBe(1022);
    const last = await share(table, 3);
    expect(last.amountMinor).toBe(1023);
    for (const s of [again, also, last]) await pay(s.paymentId);

    expect(await bill(table)).toMatchObject({ lines: [], split: null });
    await expectPaidInFull([placed.id, more.id]);
    const rows = await sharesOfTable(table.id);
    expect(rows.map((row) => [row.amountMinor, row.splitDueMinor])).toEqual([
      [1233, 3700],
      [1022, 3067],
      [1022, 3067],
      [1023, 3067],
    ]);
    expect(1233 + 1022 + 1022 + 1023).toBe(3700 + 600);
  });

  it('cash recorded on an order, or a refund, outside the split makes it stale as well', async () => {
    const table = await newTable();
    const placed = await order(table, [
      [RISOTTO, 1],
      [TIRAMISU, 1],
    ]);
    await pay((await share(table, 2)).paymentId);
    expect((await bill(table)).split).toMatchObject({ dueMinor: 1300, nextShareMinor: 650, stale: false });

    const cash = await callApi(t.app, r.owner.token, ordersEndpoints.recordPayment, {
      params: { id: placed.id },
      body: { method: 'cash', amountMinor: 150 },
    });
    expect((await bill(table)).split).toMatchObject({ stale: true });
    expect(errorOf(await tryCheckout(table, { mode: 'equal', parts: 2 })).code).toBe('SPLIT_STALE');
    // Split again: the €5.00 left, two ways.
    const half = await share(table, 2, true);
    expect(half.amountMinor).toBe(250);
    await pay(half.paymentId);
    expect((await bill(table)).split).toMatchObject({ dueMinor: 500, nextShareMinor: 250, stale: false });

    await callApi(t.app, r.owner.token, paymentsEndpoints.refundPayment, {
      params: { id: cash.payment.id },
      body: { amountMinor: 150 },
    });
    expect((await bill(table)).split).toMatchObject({ dueMinor: 500, stale: true });
    const rest = await share(table, 2, true);
    expect(rest.amountMinor).toBe(200);
  });

  it('a share declined frees its place at the same size; another number of ways waits for the split', async () => {
    const table = await newTable();
    await order(table, [
      [BISTECCA, 1],
      [RISOTTO, 1],
    ]);
    const first = await share(table, 4);
    expect(first.amountMinor).toBe(612);
    const other = await tryCheckout(table, { mode: 'equal', parts: 2 });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toMatchObject({
      code: 'CONFLICT',
      message: 'The bill is being split 4 ways: pay one of those shares, or pay another way',
      fields: { parts: 'must be 4 while that split is under way' },
    });
    // newSplit does not replace a split the bill has not moved away from.
    expect((await share(table, 4, true)).amountMinor).toBe(612);
    await pay(first.paymentId, 'decline');
    expect((await bill(table)).split).toMatchObject({ takenShares: 1, paidShares: 0, stale: false });
    expect((await share(table, 4)).amountMinor).toBe(612);
  });
});
