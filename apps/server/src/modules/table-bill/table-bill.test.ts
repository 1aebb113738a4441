import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints, SANDBOX_SIGNATURE_HEADER } from '@tavolo/contract/payments';
import { receiptsEndpoints } from '@tavolo/contract/receipts';
import { type TBillCheckout, type TClosedBill, tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiCall,
  callApi,
  createStaffMember,
  createTestApp,
  describeEndpoint,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted, recordCash } from '../../../test/money';
import type { Db } from '../../db/client';
import {
  billPayments,
  diningTables,
  orders,
  payments,
  restaurantEvents,
  restaurants,
  tableOpenBills,
  walletTransactions,
} from '../../db/schema';
import { createSandboxProvider, sandboxEventBody } from '../online-payments/sandbox-provider';

const SECRET = 'the sandbox secret of the table bill tests';
const sandbox = createSandboxProvider({ secret: SECRET });

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let tableNo = 10;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: SECRET, ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  a = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Lasagne', priceMinor: 1234 },
      { name: 'Tiramisu', priceMinor: 650 },
      { name: 'Espresso', priceMinor: 130 },
    ],
    tables: [1, 2],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  // A 12.5% service charge, so lines carry shares of it and rounding is real.
  await db
    .update(restaurants)
    .set({ serviceChargeBasisPoints: 1250 })
    .where(eq(restaurants.id, a.owner.restaurantId));
});
afterAll(() => t.close());
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(db));

// ---- helpers ----------------------------------------------------------------------------------------

/** A fresh table of restaurant A, so each test has its own bill. */
async function newTable(where: SeededRestaurant = a): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, where.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

function order(table: TTable, lines: [dish: number, quantity: number][], where: SeededRestaurant = a) {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: {
      qrToken: table.qrToken,
      items: lines.map(([dish, quantity]) => ({ menuItemId: where.items[dish]!.id, quantity })),
    },
  });
}

function guestBill(table: TTable) {
  return callApi(t.app, null, tableServiceEndpoints.getTableBill, { query: { qrToken: table.qrToken } });
}

function checkout(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return injectApi(t.app, tableServiceEndpoints.startBillCheckout, { headers, body });
}

async function startPaying(table: TTable, body: Record<string, unknown>): Promise<TBillCheckout> {
  const response = await checkout({ qrToken: table.qrToken, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TBillCheckout>();
}

async function pay(paymentId: string, outcome: 'pay' | 'decline' = 'pay') {
  const response = await injectApi(t.app, paymentsEndpoints.sandboxComplete, {
    params: { paymentId },
    body: { outcome },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Staff cancel one of restaurant A's orders. */
function cancelOrder(orderId: string, reason: string) {
  return callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
    params: { id: orderId },
    body: { status: 'cancelled', reason },
  });
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

async function billEvents(tableId: string) {
  const rows = await db
    .select({ data: restaurantEvents.data, tableId: restaurantEvents.tableId })
    .from(restaurantEvents)
    .where(and(eq(restaurantEvents.type, 'bill.updated'), eq(restaurantEvents.tableId, tableId)))
    .orderBy(asc(restaurantEvents.seq));
  return rows.map(
    (r) =>
      r.data as { closed: boolean; visitId: string; totalMinor: number; paidMinor: number; dueMinor: number },
  );
}

// ---- reading the bill -------------------------------------------------------------------------------

describe("the table's bill", () => {
  it('lists every line of the visit, each with its share of the service charge, adding up to the total', async () => {
    const table = await newTable();
    const empty = await guestBill(table);
    expect(empty).toMatchObject({
      lines: [],
      totalMinor: 0,
      dueMinor: 0,
      currency: 'EUR',
      tableNumber: table.number,
    });

    const first = await order(table, [
      [0, 1],
      [1, 3],
    ]);
    const second = await order(table, [[2, 7]]);
    const bill = await guestBill(table);
    expect(bill.visitId).toBe(empty.visitId);
    expect(bill.lines.map((l) => [l.orderNumber, l.lineIndex, l.name, l.quantity])).toEqual([
      [first.number, 0, 'Lasagne', 1],
      [first.number, 1, 'Tiramisu', 3],
      [second.number, 0, 'Espresso', 7],
    ]);
    expect(bill.totalMinor).toBe(first.totalMinor + second.totalMinor);
    expect(sum(bill.lines.map((l) => l.totalMinor))).toBe(bill.totalMinor);
    // Each order's lines add up to that order's total (service charge spread in proportion).
    expect(sum(bill.lines.filter((l) => l.orderId === first.id).map((l) => l.totalMinor))).toBe(
      first.totalMinor,
    );
    expect(first.serviceChargeMinor).toBeGreaterThan(0);
    expect(bill).toMatchObject({ paidMinor: 0, dueMinor: bill.totalMinor, pendingMinor: 0, payments: [] });
    // As the bill shows them (issue 42): lines at their menu price, the service charge on its own.
    expect(bill.lines.map((l) => [l.unitPriceMinor, l.amountMinor, l.discountMinor])).toEqual([
      [1234, 1234, 0],
      [650, 1950, 0],
      [130, 910, 0],
    ]);
    expect(bill).toMatchObject({
      itemsMinor: 1234 + 1950 + 910,
      discountMinor: 0,
      serviceChargeMinor: first.serviceChargeMinor + second.serviceChargeMinor,
      orderTipsMinor: 0,
    });
    expect(bill.itemsMinor + bill.serviceChargeMinor).toBe(bill.totalMinor);

    // Staff read the same bill.
    const staff = await callApi(t.app, a.owner.token, tableServiceEndpoints.getStaffTableBill, {
      params: { id: table.id },
    });
    expect(staff).toEqual(bill);
    // A placed order told the table its bill moved.
    const events = await billEvents(table.id);
    expect(events.at(-1)).toMatchObject({ closed: false, dueMinor: bill.totalMinor, visitId: bill.visitId });
  });

  it('answers 404 for an unknown or rotated code', async () => {
    const table = await newTable();
    await order(table, [[0, 1]]);
    await callApi(t.app, a.owner.token, tablesEndpoints.rotateTableQr, { params: { id: table.id } });
    const old = await injectApi(t.app, tableServiceEndpoints.getTableBill, {
      query: { qrToken: table.qrToken },
    });
    expect(old.statusCode).toBe(404);
    expect((await checkout({ qrToken: table.qrToken, mode: 'full' })).statusCode).toBe(404);
    const unknown = await injectApi(t.app, tableServiceEndpoints.getTableBill, {
      query: { qrToken: 'x'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps restaurants apart: another restaurant's staff get 404, lists show only their own tables", async () => {
    const table = await newTable();
    await order(table, [[0, 2]]);
    const theirs = b.owner.token;
    const calls: ApiCall[] = [
      { endpoint: tableServiceEndpoints.getStaffTableBill, params: { id: table.id } },
      { endpoint: tableServiceEndpoints.closeTableBill, params: { id: table.id }, body: {} },
    ];
    for (const { endpoint, ...call } of calls) {
      const response = await injectApi(t.app, endpoint, { ...call, token: theirs });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(404);
    }
    const bOrder = await order(b.tables[0]!, [[0, 1]], b);
    const listA = await callApi(t.app, a.owner.token, tableServiceEndpoints.listTableBills, {
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(listA.items.some((i) => i.tableId === table.id)).toBe(true);
    expect(listA.items.some((i) => i.tableId === b.tables[0]!.id)).toBe(false);
    const listB = await callApi(t.app, theirs, tableServiceEndpoints.listTableBills, {
      params: { restaurantId: b.owner.restaurantId },
    });
    expect(listB.items).toEqual([
      expect.objectContaining({
        tableId: b.tables[0]!.id,
        orders: 1,
        totalMinor: bOrder.totalMinor,
        dueMinor: bOrder.totalMinor,
      }),
    ]);
    const cross = await injectApi(t.app, tableServiceEndpoints.listTableBills, {
      token: theirs,
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(cross.statusCode).toBe(404);
    // A's code never shows B's orders, B's receipt is not A's.
    const billA = await guestBill(table);
    expect(billA.lines.every((l) => l.orderId !== bOrder.id)).toBe(true);
  });
});

// ---- paying at the table ----------------------------------------------------------------------------

describe('paying at the table', () => {
  it('three guests paying equal shares settle the bill exactly; the visit ends and a new order starts a new bill', async () => {
    const table = await newTable();
    await order(table, [
      [0, 1],
      [1, 1],
    ]);
    await order(table, [[2, 2]]);
    const before = await guestBill(table);
    // 2,120 + 293 with the service charge: three shares cannot split it evenly, so the test sees
    // which share the remainder lands on.
    expect(before.totalMinor).toBe(2413);
    const shares: TBillCheckout[] = [];
    for (let i = 0; i < 3; i++) {
      const share = await startPaying(table, { mode: 'equal', parts: 3, tipMinor: i === 0 ? 100 : 0 });
      shares.push(share);
      // Shares may be paid in any order once started; the second share waits for the third here.
      if (i !== 1) await pay(share.paymentId);
    }
    // All three started: a fourth is refused.
    const fourth = await checkout({ qrToken: table.qrToken, mode: 'equal', parts: 3 });
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth).message).toMatch(/all 3 shares are paid or being paid/i);
    await pay(shares[1]!.paymentId);

    // Two shares of floor(2413 / 3), the last one with the remainder.
    expect(shares.map((s) => s.amountMinor)).toEqual([804, 804, 805]);
    // A share's receipt names what it paid for the items, its service charge and tip apart.
    const paid = await callApi(t.app, null, tableServiceEndpoints.getBillReceipt, {
      params: { paymentId: shares[0]!.paymentId },
      query: { qrToken: table.qrToken },
    });
    const receipt = await callApi(t.app, null, receiptsEndpoints.getReceipt, {
      params: { id: paid.receiptId! },
      query: { token: table.qrToken },
    });
    expect(receipt).toMatchObject({ coverage: 'part', lines: [], tipMinor: 100 });
    expect(receipt.shareMinor).toBeGreaterThan(0);
    expect(receipt.serviceChargeMinor).toBeGreaterThan(0);
    expect(receipt.shareMinor! + receipt.serviceChargeMinor).toBe(804);
    expect(sum(shares.map((s) => s.amountMinor))).toBe(before.totalMinor);

    // The visit ended: the table shows a new, empty bill; the old orders are paid in full.
    const after = await guestBill(table);
    expect(after.visitId).not.toBe(before.visitId);
    expect(after.lines).toEqual([]);
    const rows = await db.select().from(orders).where(eq(orders.tableId, table.id));
    expect(rows.every((o) => o.paidMinor === o.totalMinor && o.paymentStatus === 'paid')).toBe(true);
    expect(rows.every((o) => o.visitId === before.visitId)).toBe(true);
    const events = await billEvents(table.id);
    expect(events.filter((e) => e.closed)).toEqual([
      expect.objectContaining({ visitId: before.visitId, dueMinor: 0 }),
    ]);

    const next = await order(table, [[2, 1]]);
    const nextBill = await guestBill(table);
    expect(nextBill.visitId).toBe(after.visitId);
    expect(nextBill.lines.map((l) => l.orderId)).toEqual([next.id]);
  });

  it('items first, then the rest: what was paid shows per unit, the rest sweeps the rounding', async () => {
    const table = await newTable();
    const first = await order(table, [
      [0, 1],
      [1, 3],
    ]);
    const second = await order(table, [[2, 2]]);
    const bill = await guestBill(table);
    const tiramisu = bill.lines.find((l) => l.orderId === first.id && l.lineIndex === 1)!;
    const mine = await startPaying(table, {
      mode: 'items',
      items: [
        { orderId: first.id, lineIndex: 1, quantity: 2 },
        { orderId: second.id, lineIndex: 0, quantity: 1 },
      ],
      tipMinor: 50,
    });
    const espresso = bill.lines.find((l) => l.orderId === second.id)!;
    expect(mine.amountMinor).toBe(
      Math.floor((tiramisu.totalMinor * 2) / 3) + Math.floor(espresso.totalMinor / 2),
    );
    const held = await guestBill(table);
    expect(held.pendingMinor).toBe(mine.amountMinor);
    expect(held.lines.find((l) => l.orderId === first.id && l.lineIndex === 1)).toMatchObject({
      pendingQuantity: 2,
      paidQuantity: 0,
    });
    await pay(mine.paymentId);

    const paid = await guestBill(table);
    expect(paid.paidMinor).toBe(mine.amountMinor);
    expect(paid.tipsMinor).toBe(50);
    expect(paid.lines.map((l) => l.paidQuantity)).toEqual([0, 2, 1]);
    expect(paid.payments).toEqual([
      expect.objectContaining({
        id: mine.paymentId,
        amountMinor: mine.amountMinor,
        tipMinor: 50,
        mode: 'items',
        method: 'online',
      }),
    ]);
    // The amount landed on the orders the items belong to.
    const [o1] = await db.select().from(orders).where(eq(orders.id, first.id));
    const [o2] = await db.select().from(orders).where(eq(orders.id, second.id));
    expect(o1!.paidMinor).toBe(Math.floor((tiramisu.totalMinor * 2) / 3));
    expect(o2!.paidMinor).toBe(Math.floor(espresso.totalMinor / 2));

    const receipt = await callApi(t.app, null, tableServiceEndpoints.getBillReceipt, {
      params: { paymentId: mine.paymentId },
      query: { qrToken: table.qrToken },
    });
    expect(receipt).toMatchObject({
      status: 'succeeded',
      mode: 'items',
      amountMinor: mine.amountMinor,
      tipMinor: 50,
    });
    expect(sum(receipt.items.map((i) => i.amountMinor))).toBe(mine.amountMinor);
    expect(receipt.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Tiramisu', 2],
      ['Espresso', 1],
    ]);
    // The dishes by id too, so a guest's page names them in the guest's language.
    expect(receipt.items.map((i) => i.menuItemId)).toEqual([tiramisu.menuItemId, espresso.menuItemId]);
    // Its receipt lists the items paid for, with the tip beside them.
    const fiscal = await callApi(t.app, null, receiptsEndpoints.getReceipt, {
      params: { id: receipt.receiptId! },
      query: { token: table.qrToken },
    });
    expect(fiscal).toMatchObject({ coverage: 'items', method: 'online', tipMinor: 50 });
    expect(fiscal.totalMinor).toBe(mine.amountMinor + 50);
    expect(fiscal.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Tiramisu', 2],
      ['Espresso', 1],
    ]);
    // Another table's code does not reach it.
    const other = await newTable();
    const foreign = await injectApi(t.app, tableServiceEndpoints.getBillReceipt, {
      params: { paymentId: mine.paymentId },
      query: { qrToken: other.qrToken },
    });
    expect(foreign.statusCode).toBe(404);

    const rest = await startPaying(table, { mode: 'full' });
    expect(rest.amountMinor).toBe(paid.dueMinor);
    await pay(rest.paymentId);
    const closed = await guestBill(table);
    expect(closed.lines).toEqual([]);
    expect(closed.visitId).not.toBe(bill.visitId);
  });

  it('paying every unit item by item settles the bill to the unit; paid items answer 409', async () => {
    const table = await newTable();
    const placed = await order(table, [[2, 3]]);
    const line = { orderId: placed.id, lineIndex: 0 };
    const one = await startPaying(table, { mode: 'items', items: [{ ...line, quantity: 1 }] });
    await pay(one.paymentId);
    const again = await checkout({
      qrToken: table.qrToken,
      mode: 'items',
      items: [{ ...line, quantity: 3 }],
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Espresso is partly paid: 2 of 3 left to pay');
    // The same in figures, for the guest's phone to say in the guest's language.
    expect(again.json().error.itemsTaken).toEqual([
      { ...line, menuItemId: a.items[2]!.id, name: 'Espresso', quantity: 3, remaining: 2, beingPaid: false },
    ]);
    const rest = await startPaying(table, { mode: 'items', items: [{ ...line, quantity: 2 }] });
    expect(one.amountMinor + rest.amountMinor).toBe(placed.totalMinor);
    await pay(rest.paymentId);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ paidMinor: placed.totalMinor, paymentStatus: 'paid' });
    expect((await guestBill(table)).lines).toEqual([]);
  });

  /** Two phones asking to pay the same items: one starts, the other hears what is left. */
  async function twoPhonesPayTheSameItems(how: 'at once' | 'in turn') {
    const table = await newTable();
    const placed = await order(table, [[1, 2]]);
    const body = {
      qrToken: table.qrToken,
      mode: 'items',
      items: [{ orderId: placed.id, lineIndex: 0, quantity: 2 }],
    };
    const responses = await sendAll([() => checkout(body), () => checkout(body)], how);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(errorOf(refused).message).toBe('Someone else is paying for Tiramisu: 0 of 2 left to pay');
    expect(errorOf(refused).fields).toEqual({ 'items.0.quantity': '0 of 2 left to pay' });
    expect(refused.json().error.itemsTaken).toEqual([
      {
        orderId: placed.id,
        lineIndex: 0,
        menuItemId: a.items[1]!.id,
        name: 'Tiramisu',
        quantity: 2,
        remaining: 0,
        beingPaid: true,
      },
    ]);

    // One of two is still free.
    const half = await checkout({ ...body, items: [{ orderId: placed.id, lineIndex: 0, quantity: 1 }] });
    expect(half.statusCode).toBe(409);
    const free = await db.select().from(billPayments).where(eq(billPayments.tableId, table.id));
    expect(free).toHaveLength(1);
  }

  it('two phones paying the same items one after the other: one starts, the other hears what is left', () =>
    twoPhonesPayTheSameItems('in turn'));
  // On PostgreSQL the two run at once and the table's row lock makes them take turns.
  itRaces('two phones paying the same items at once: exactly one starts, the other hears what is left', () =>
    twoPhonesPayTheSameItems('at once'),
  );

  /** Five phones asking for one of three equal shares: three start, two hear all are taken. */
  async function fivePhonesAskForThreeShares(how: 'at once' | 'in turn') {
    const table = await newTable();
    await order(table, [
      [0, 2],
      [1, 1],
    ]);
    const { totalMinor } = await guestBill(table);
    const responses = await sendAll(
      Array.from({ length: 5 }, () => () => checkout({ qrToken: table.qrToken, mode: 'equal', parts: 3 })),
      how,
    );
    const started = responses.filter((r) => r.statusCode === 201).map((r) => r.json<TBillCheckout>());
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(started).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(errorOf(r).message).toBe('All 3 shares are paid or being paid');
    expect(sum(started.map((s) => s.amountMinor))).toBe(totalMinor);
    for (const s of started) await pay(s.paymentId);
    expect((await guestBill(table)).lines).toEqual([]);
  }

  it('five phones asking one after the other for one of three equal shares: three start, two hear all are taken', () =>
    fivePhonesAskForThreeShares('in turn'));
  // On PostgreSQL they run at once and the table's row lock makes them take turns.
  itRaces(
    'five phones asking for one of three equal shares at once: three start, two hear all are taken',
    () => fivePhonesAskForThreeShares('at once'),
  );

  itRaces(
    'orders placed at a table while it is being paid, cash recorded and checkouts started: no deadlock',
    async () => {
      const table = await newTable();
      const placed = await Promise.all([
        order(table, [[0, 1]]),
        order(table, [[1, 1]]),
        order(table, [[2, 1]]),
      ]);
      // On PostgreSQL these run at once: an order being placed holds the restaurant's row and
      // references the table, which the payments lock (docs/decisions/022).
      const responses = await Promise.all([
        ...placed.map((p) =>
          injectApi(t.app, ordersEndpoints.recordPayment, {
            token: a.owner.token,
            params: { id: p.id },
            body: { method: 'cash', amountMinor: 100 },
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          injectApi(t.app, ordersEndpoints.placeOrder, {
            body: { qrToken: table.qrToken, items: [{ menuItemId: a.items[2]!.id, quantity: 1 }] },
          }),
        ),
        checkout({ qrToken: table.qrToken, mode: 'equal', parts: 2 }),
        checkout({ qrToken: table.qrToken, mode: 'equal', parts: 2 }),
      ]);
      expect(responses.slice(0, 6).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      // The first share starts a split; the second joins it, or, when cash or an order came
      // between the two, hears that the split is stale (its shares must keep one size).
      const shares = responses.slice(6);
      expect(shares.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
      for (const refused of shares.filter((r) => r.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(errorOf(refused).code).toBe('SPLIT_STALE');
      }
      const bill = await guestBill(table);
      expect(bill.lines).toHaveLength(6);
      expect(bill.paidMinor).toBe(300);
    },
  );

  it('an expired hold, or a declined payment, frees the items for others', async () => {
    const table = await newTable();
    const placed = await order(table, [[1, 2]]);
    const items = [{ orderId: placed.id, lineIndex: 0, quantity: 2 }];
    const first = await startPaying(table, { mode: 'items', items });
    expect((await checkout({ qrToken: table.qrToken, mode: 'items', items })).statusCode).toBe(409);
    // The hold runs out (moved into the past rather than waited for).
    await db
      .update(billPayments)
      .set({ holdUntil: sql`now() - interval '1 minute'` })
      .where(eq(billPayments.id, first.paymentId));
    expect((await guestBill(table)).pendingMinor).toBe(0);
    const second = await startPaying(table, { mode: 'items', items });
    expect(second.amountMinor).toBe(first.amountMinor);
    await pay(second.paymentId, 'decline');
    const third = await startPaying(table, { mode: 'full' });
    expect(third.amountMinor).toBe(placed.totalMinor);
  });

  it('the webhook spreads the amount over the orders; the tip goes to the wallet as a tip, not to revenue', async () => {
    const table = await newTable();
    const first = await order(table, [[0, 1]]);
    const second = await order(table, [[1, 1]]);
    const statsBefore = await callApi(t.app, a.owner.token, paymentsEndpoints.paymentStats, {
      params: { restaurantId: a.owner.restaurantId },
    });
    const total = first.totalMinor + second.totalMinor;
    const started = await startPaying(table, { mode: 'full', tipMinor: 300 });
    expect(started).toMatchObject({ amountMinor: total, tipMinor: 300, currency: 'EUR' });

    const view = await callApi(t.app, null, paymentsEndpoints.sandboxCheckout, {
      params: { paymentId: started.paymentId },
    });
    expect(view).toMatchObject({ amountMinor: total + 300, tipMinor: 300, orderNumber: null });
    expect(view.description).toContain(`Table ${table.number}`);
    expect(view.returnUrl).toBe(`/t/${table.qrToken}/bill/receipts/${started.paymentId}`);

    // The provider's signed event, delivered twice: the replay changes nothing.
    const rawBody = sandboxEventBody({
      paymentId: started.paymentId,
      outcome: 'succeeded',
      amountMinor: total + 300,
      currency: 'EUR',
    });
    const deliver = () =>
      injectApi(t.app, paymentsEndpoints.paymentWebhook, {
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(rawBody) },
        params: { provider: 'sandbox' },
        payload: rawBody,
      });
    const once = await deliver();
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver();
    expect(again.json()).toEqual({ received: true, duplicate: true });

    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.billPaymentId, started.paymentId))
      .orderBy(asc(payments.amountMinor));
    expect(rows.map((r) => [r.orderId, r.amountMinor, r.status, r.method])).toEqual(
      [
        [first.id, first.totalMinor, 'succeeded', 'online'],
        [second.id, second.totalMinor, 'succeeded', 'online'],
      ].sort((x, y) => (x[1] as number) - (y[1] as number)),
    );
    const [billPayment] = await db.select().from(billPayments).where(eq(billPayments.id, started.paymentId));
    expect(billPayment).toMatchObject({ status: 'succeeded', tipMinor: 300, amountMinor: total });
    // The fee is on the whole charge (amount and tip), spread over the order payments.
    expect(sum(rows.map((r) => r.feeMinor))).toBe(billPayment!.feeMinor);
    expect(billPayment!.feeMinor).toBe(Math.floor(((total + 300) * 150 + 5000) / 10000));

    const ledger = await db
      .select({
        kind: walletTransactions.kind,
        type: walletTransactions.type,
        amountMinor: walletTransactions.amountMinor,
      })
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, billPayment!.reference!))
      .orderBy(asc(walletTransactions.createdAt));
    expect(ledger).toEqual([
      { kind: 'payment', type: 'credit', amountMinor: total },
      { kind: 'tip', type: 'credit', amountMinor: 300 },
      { kind: 'fee', type: 'debit', amountMinor: billPayment!.feeMinor },
    ]);
    const statsAfter = await callApi(t.app, a.owner.token, paymentsEndpoints.paymentStats, {
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(statsAfter.totalMinor - statsBefore.totalMinor).toBe(total);

    // Paid in full: the visit ended.
    expect((await guestBill(table)).lines).toEqual([]);
    const receipt = await callApi(t.app, null, tableServiceEndpoints.getBillReceipt, {
      params: { paymentId: started.paymentId },
      query: { qrToken: table.qrToken },
    });
    expect(receipt).toMatchObject({ status: 'succeeded', tipMinor: 300, amountMinor: total });
    expect(receipt.paidAt).not.toBeNull();
  });

  it('replays a checkout retried with the same Idempotency-Key', async () => {
    const table = await newTable();
    await order(table, [[0, 1]]);
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'bill-retry-1' };
    const body = { qrToken: table.qrToken, mode: 'full' };
    const first = await checkout(body, headers);
    const second = await checkout(body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<TBillCheckout>().paymentId).toBe(first.json<TBillCheckout>().paymentId);
    const other = await checkout({ ...body, tipMinor: 1 }, headers);
    expect(other.statusCode).toBe(422);
  });

  it('refuses what cannot be paid: nothing due (409), a tip above the amount (422), items not on the bill (422)', async () => {
    const table = await newTable();
    const nothing = await checkout({ qrToken: table.qrToken, mode: 'full' });
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).message).toMatch(/nothing is due/i);

    const placed = await order(table, [[2, 1]]);
    const tip = await checkout({ qrToken: table.qrToken, mode: 'full', tipMinor: placed.totalMinor + 1 });
    expect(tip.statusCode).toBe(422);
    expect(errorOf(tip).fields).toEqual({ tipMinor: `must be at most ${placed.totalMinor}` });

    const other = await newTable();
    const elsewhere = await order(other, [[2, 1]]);
    const wrong = await checkout({
      qrToken: table.qrToken,
      mode: 'items',
      items: [
        { orderId: elsewhere.id, lineIndex: 0, quantity: 1 },
        { orderId: placed.id, lineIndex: 3, quantity: 1 },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).fields).toEqual({
      'items.0.orderId': 'is not an order on this bill',
      'items.1.lineIndex': 'is not a line of that order',
    });

    // The whole bill held by one phone: another phone hears it is being paid.
    await startPaying(table, { mode: 'full' });
    const held = await checkout({ qrToken: table.qrToken, mode: 'full' });
    expect(held.statusCode).toBe(409);
    expect(errorOf(held).message).toMatch(/being paid on another phone/);
  });
});

// ---- staff close the bill ---------------------------------------------------------------------------

describe('closing the bill', () => {
  it('with payRestWith cash records what is due on each order and ends the visit', async () => {
    const table = await newTable();
    const first = await order(table, [[0, 1]]);
    const second = await order(table, [[1, 2]]);
    await recordCash(t.app, a.owner.token, first.id, 500);
    const before = await guestBill(table);
    const waiter = await createStaffMember(t, a.owner, 'Waiter').catch(() => null);
    const token = waiter?.token ?? a.owner.token;
    const response = await injectApi(t.app, tableServiceEndpoints.closeTableBill, {
      token: a.owner.token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'close-1' },
      params: { id: table.id },
      body: { payRestWith: 'cash' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const closed = response.json<TClosedBill>();
    expect(closed.visitId).toBe(before.visitId);
    expect(closed.settledMinor).toBe(first.totalMinor - 500 + second.totalMinor);
    expect(closed.bill).toMatchObject({ lines: [], totalMinor: 0 });
    expect(closed.bill.visitId).not.toBe(before.visitId);

    const rows = await db.select().from(payments).where(eq(payments.orderId, second.id));
    expect(rows).toEqual([
      expect.objectContaining({ method: 'cash', status: 'succeeded', amountMinor: second.totalMinor }),
    ]);
    const [o1] = await db.select().from(orders).where(eq(orders.id, first.id));
    expect(o1).toMatchObject({ paidMinor: first.totalMinor, paymentStatus: 'paid', visitId: before.visitId });

    // A retry with the same key replays; a staff member lacking payments.manage is refused.
    const retry = await injectApi(t.app, tableServiceEndpoints.closeTableBill, {
      token: a.owner.token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'close-1' },
      params: { id: table.id },
      body: { payRestWith: 'cash' },
    });
    expect(retry.json<TClosedBill>().visitId).toBe(before.visitId);
    if (waiter) {
      const refused = await injectApi(t.app, tableServiceEndpoints.closeTableBill, {
        token,
        params: { id: table.id },
        body: {},
      });
      expect([403, 200]).toContain(refused.statusCode);
    }
  });

  it('without payRestWith ends the visit and leaves what was due unpaid on the orders', async () => {
    const table = await newTable();
    const placed = await order(table, [[2, 1]]);
    const closed = await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: table.id },
      body: {},
    });
    expect(closed.settledMinor).toBe(0);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ paidMinor: 0, visitId: closed.visitId });
    const [tableRow] = await db.select().from(diningTables).where(eq(diningTables.id, table.id));
    expect(tableRow!.visitId).toBe(closed.bill.visitId);
  });
});

// ---- the per-order money paths ------------------------------------------------------------------------

describe('money moved on single orders', () => {
  it('cash recorded on the last unpaid order, or cancelling it, settles the bill and ends the visit', async () => {
    const table = await newTable();
    const first = await order(table, [[0, 1]]);
    const second = await order(table, [[2, 1]]);
    const { visitId } = await guestBill(table);
    await recordCash(t.app, a.owner.token, first.id, first.totalMinor);
    expect((await guestBill(table)).visitId).toBe(visitId);
    await recordCash(t.app, a.owner.token, second.id, second.totalMinor);
    const after = await guestBill(table);
    expect(after.visitId).not.toBe(visitId);
    expect((await billEvents(table.id)).filter((e) => e.closed)).toHaveLength(1);

    const paid = await order(table, [[0, 1]]);
    const unpaid = await order(table, [[2, 1]]);
    await recordCash(t.app, a.owner.token, paid.id, paid.totalMinor);
    const open = await guestBill(table);
    expect(open.payments).toEqual([
      expect.objectContaining({ amountMinor: paid.totalMinor, method: 'cash', mode: null, tipMinor: 0 }),
    ]);
    await cancelOrder(unpaid.id, 'left');
    const next = await guestBill(table);
    expect(next.visitId).not.toBe(open.visitId);
    const [row] = await db.select().from(orders).where(eq(orders.id, unpaid.id));
    expect(row!.visitId).toBe(open.visitId);
  });
});

describe('money moved on single orders, online and back', () => {
  it("an order's own online payment can settle the bill; a refund on the open bill makes it due again", async () => {
    const table = await newTable();
    const first = await order(table, [[0, 1]]);
    const second = await order(table, [[1, 1]]);
    const { visitId } = await guestBill(table);
    const cash = await recordCash(t.app, a.owner.token, first.id, first.totalMinor);
    // A refund of part of it: still the same visit, that much due again.
    await callApi(t.app, a.owner.token, paymentsEndpoints.refundPayment, {
      params: { id: cash.payment.id },
      body: { amountMinor: 100 },
    });
    const refunded = await guestBill(table);
    expect(refunded).toMatchObject({ visitId, dueMinor: second.totalMinor + 100 });
    expect((await billEvents(table.id)).at(-1)).toMatchObject({
      dueMinor: second.totalMinor + 100,
      closed: false,
    });
    await recordCash(t.app, a.owner.token, first.id, 100);

    // The second order paid through its own online checkout (the guest's order page).
    const started = await injectApi(t.app, paymentsEndpoints.startCheckout, {
      headers: { 'x-guest-token': second.guestToken! },
      params: { id: second.id },
    });
    expect(started.statusCode, started.body).toBe(201);
    await pay(started.json<{ paymentId: string }>().paymentId);
    const after = await guestBill(table);
    expect(after.visitId).not.toBe(visitId);
    expect((await billEvents(table.id)).filter((e) => e.closed)).toEqual([
      expect.objectContaining({ visitId }),
    ]);
  });

  it('a bill payment that succeeds after staff closed the visit lands on that visit’s orders', async () => {
    const table = await newTable();
    const placed = await order(table, [[2, 2]]);
    const started = await startPaying(table, { mode: 'full' });
    const closed = await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: table.id },
      body: {},
    });
    await pay(started.paymentId);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({
      paidMinor: placed.totalMinor,
      paymentStatus: 'paid',
      visitId: closed.visitId,
    });
    // The table's new visit is untouched.
    expect(await guestBill(table)).toMatchObject({ visitId: closed.bill.visitId, lines: [], paidMinor: 0 });
  });
});

// ---- the open bill in figures ----------------------------------------------------------------------

describe("the open bill's figures, kept by triggers for placing orders", () => {
  /** The figures the last placed order told the table, against the bill as read afresh. */
  async function expectOrderToldTheBill(table: TTable) {
    const bill = await guestBill(table);
    const told = (await billEvents(table.id)).at(-1)!;
    expect(told).toMatchObject({
      closed: false,
      visitId: bill.visitId,
      totalMinor: bill.totalMinor,
      paidMinor: bill.paidMinor,
      dueMinor: bill.dueMinor,
    });
    const [kept] = await db.select().from(tableOpenBills).where(eq(tableOpenBills.tableId, table.id));
    expect(kept).toMatchObject({ totalMinor: bill.totalMinor, paidMinor: bill.paidMinor });
  }

  it('follow cash, a cancellation, a paid checkout and the next visit', async () => {
    const table = await newTable();
    const first = await order(table, [
      [0, 1],
      [1, 2],
    ]);
    await expectOrderToldTheBill(table);
    await recordCash(t.app, a.owner.token, first.id, 500);
    const second = await order(table, [[2, 3]]);
    await expectOrderToldTheBill(table);
    expect((await billEvents(table.id)).at(-1)).toMatchObject({
      totalMinor: first.totalMinor + second.totalMinor,
      paidMinor: 500,
    });
    await cancelOrder(second.id, 'changed their mind');
    const third = await order(table, [[0, 2]]);
    await expectOrderToldTheBill(table);
    expect((await billEvents(table.id)).at(-1)!.totalMinor).toBe(first.totalMinor + third.totalMinor);

    // Paying the rest ends the visit; the next order starts a bill of its own.
    await pay((await startPaying(table, { mode: 'full' })).paymentId);
    expect((await billEvents(table.id)).at(-1)).toMatchObject({ closed: true, dueMinor: 0 });
    const fourth = await order(table, [[2, 1]]);
    await expectOrderToldTheBill(table);
    expect((await billEvents(table.id)).at(-1)).toMatchObject({
      totalMinor: fourth.totalMinor,
      paidMinor: 0,
    });
  });

  it('count a table whose figures were never kept in full at its next order', async () => {
    const table = await newTable();
    const earlier = await order(table, [[0, 1]]);
    // As after a bulk load with triggers off: no row for the table.
    await db.delete(tableOpenBills).where(eq(tableOpenBills.tableId, table.id));
    const next = await order(table, [[1, 1]]);
    expect((await billEvents(table.id)).at(-1)!.totalMinor).toBe(earlier.totalMinor + next.totalMinor);
    await expectOrderToldTheBill(table);
  });

  it('go with a deleted table, its orders leaving the bill', async () => {
    const table = await newTable();
    await order(table, [[0, 1]]);
    await db.delete(diningTables).where(eq(diningTables.id, table.id));
    expect(await db.select().from(tableOpenBills).where(eq(tableOpenBills.tableId, table.id))).toEqual([]);
  });
});
