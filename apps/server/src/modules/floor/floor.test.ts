import { setTimeout as sleep } from 'node:timers/promises';
import { floorEndpoints, type TFloorTable } from '@tavolo/contract/floor';
import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { staffEndpoints } from '@tavolo/contract/staff';
import { serviceRequestsEndpoints, tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  createTestDatabase,
  errorOf,
  injectApi,
  openEventStream,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
  urlOf,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';
import type { Db } from '../../db/client';
import { diningTables, orders } from '../../db/schema';
import { eventLogPublisher } from '../../events/event-publisher';
import { publishTablesUpdated } from './floor.service';

const SECRET = 'the sandbox secret of the floor tests';

let t: TestApp;
let db: Db;
let base: string;
let a: SeededRestaurant;
let b: SeededRestaurant;
let waiter: Awaited<ReturnType<typeof createStaffMember>>;
let otherWaiter: Awaited<ReturnType<typeof createStaffMember>>;
let theirWaiter: Awaited<ReturnType<typeof createStaffMember>>;
let tableNo = 100;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: SECRET, ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Risotto', priceMinor: 1600 },
      { name: 'Espresso', priceMinor: 150 },
    ],
    tables: [1],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  waiter = await createStaffMember(t, a.owner, 'Waiter');
  otherWaiter = await createStaffMember(t, a.owner, 'Waiter');
  await callApi(t.app, a.owner.token, staffEndpoints.updateStaffMember, {
    params: { id: otherWaiter.staffId },
    body: { name: 'Other Waiter' },
  });
  theirWaiter = await createStaffMember(t, b.owner, 'Waiter');
});
afterAll(() => t.close());
afterEach(() => expectOpenBillsAsCounted(db));

// ---- helpers ----------------------------------------------------------------------------------------

async function newTable(fields: { area?: string; where?: SeededRestaurant } = {}): Promise<TTable> {
  tableNo += 1;
  const where = fields.where ?? a;
  return callApi(t.app, where.owner.token, tablesEndpoints.createTable, {
    body: { number: tableNo, ...(fields.area ? { area: fields.area } : {}) },
  });
}

function floorOf(token = a.owner.token) {
  return callApi(t.app, token, floorEndpoints.getFloor);
}

/**
 * The table's floor entry once it shows `expected` (or after 3 s, whatever it shows). A guest's
 * change reaches the floor through the event it writes: at once on the embedded database, a moment
 * later on PostgreSQL (its notice arrives after the commit).
 */
async function entryOnceIt(
  tableId: string,
  expected: Partial<TFloorTable>,
  token = a.owner.token,
): Promise<TFloorTable | undefined> {
  const deadline = performance.now() + 3000;
  for (;;) {
    const entry = (await floorOf(token)).tables.find((table) => table.id === tableId);
    const matches =
      entry !== undefined &&
      Object.entries(expected).every(([key, value]) =>
        expect.objectContaining({ [key]: value }).asymmetricMatch(entry),
      );
    if (matches || performance.now() > deadline) return entry;
    await sleep(10);
  }
}

function openTable(table: TTable, body: { covers: number; waiterId?: string | null }, token = a.owner.token) {
  return injectApi(t.app, floorEndpoints.openTable, { token, params: { id: table.id }, body });
}

function changeVisit(
  table: TTable,
  body: { covers?: number; waiterId?: string | null },
  token = a.owner.token,
) {
  return injectApi(t.app, floorEndpoints.updateVisit, { token, params: { id: table.id }, body });
}

function staffOrder(table: TTable, token = a.owner.token, quantity = 1): Promise<TCreatedOrder> {
  return callApi(t.app, token, ordersEndpoints.placeOrder, {
    body: { tableId: table.id, items: [{ menuItemId: a.items[0]!.id, quantity }] },
  });
}

function guestOrder(table: TTable): Promise<TCreatedOrder> {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: table.qrToken, items: [{ menuItemId: a.items[1]!.id, quantity: 2 }] },
  });
}

async function moveOrder(orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: orderId },
      body: { status: status as 'accepted', ...(status === 'cancelled' ? { reason: 'The guest left' } : {}) },
    });
  }
}

function callFor(table: TTable, kind: 'bill' | 'waiter') {
  return callApi(t.app, null, serviceRequestsEndpoints.createServiceRequest, {
    body: { qrToken: table.qrToken, kind },
  });
}

async function startPaying(table: TTable) {
  return callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
    body: { qrToken: table.qrToken, mode: 'full' },
  });
}

async function pay(paymentId: string) {
  await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
    params: { paymentId },
    body: { outcome: 'pay' },
  });
}

async function visitColumns(tableId: string) {
  const [row] = await db
    .select({
      covers: diningTables.visitCovers,
      waiterId: diningTables.visitWaiterId,
      openedAt: diningTables.visitOpenedAt,
    })
    .from(diningTables)
    .where(eq(diningTables.id, tableId));
  return row!;
}

const freeEntry = { state: 'free', covers: null, waiter: null, openedAt: null, openOrders: 0 } as const;

// ---- the states of a table --------------------------------------------------------------------------

describe('a table on the floor', () => {
  it('goes free → seated → ordered → served → bill → paying, and is free again once its bill is settled', async () => {
    const table = await newTable({ area: 'Terrace' });
    expect(await entryOnceIt(table.id, {})).toMatchObject({
      ...freeEntry,
      number: table.number,
      area: 'Terrace',
      totalMinor: 0,
      dueMinor: 0,
      oldestOpenOrderAt: null,
      openRequests: 0,
    });

    const opened = await openTable(table, { covers: 3 }, waiter.token);
    expect(opened.statusCode, opened.body).toBe(200);
    const seated = opened.json<TFloorTable>();
    expect(seated).toMatchObject({
      state: 'seated',
      covers: 3,
      waiter: { id: waiter.staffId, name: 'Waiter Person' },
      openOrders: 0,
    });
    expect(seated.openedAt).not.toBeNull();
    expect(await entryOnceIt(table.id, {})).toEqual(seated);

    const order = await staffOrder(table, waiter.token, 2);
    const ordered = await entryOnceIt(table.id, { state: 'ordered' });
    expect(ordered).toMatchObject({
      state: 'ordered',
      covers: 3,
      openedAt: seated.openedAt,
      openOrders: 1,
      totalMinor: order.totalMinor,
      dueMinor: order.totalMinor,
      oldestOpenOrderAt: order.createdAt,
    });

    await moveOrder(order.id, 'accepted', 'preparing', 'ready', 'served');
    expect(await entryOnceIt(table.id, { state: 'served' })).toMatchObject({
      state: 'served',
      openOrders: 0,
      oldestOpenOrderAt: null,
      dueMinor: order.totalMinor,
    });

    await callFor(table, 'bill');
    expect(await entryOnceIt(table.id, { state: 'bill' })).toMatchObject({ state: 'bill', openRequests: 1 });

    const checkout = await startPaying(table);
    expect(await entryOnceIt(table.id, { state: 'paying' })).toMatchObject({ state: 'paying' });

    await pay(checkout.paymentId);
    expect(await entryOnceIt(table.id, { state: 'free' })).toMatchObject({
      ...freeEntry,
      totalMinor: 0,
      dueMinor: 0,
      // The guest's call is still there for staff to answer; a table without a visit stays free.
      openRequests: 1,
    });
    expect(await visitColumns(table.id)).toEqual({ covers: null, waiterId: null, openedAt: null });
  });

  it('is free again once staff close its bill, and a seated table with no order can be closed too', async () => {
    const table = await newTable();
    expect((await openTable(table, { covers: 2 })).statusCode).toBe(200);
    await guestOrder(table);
    expect(await entryOnceIt(table.id, { state: 'ordered' })).toMatchObject({ covers: 2 });
    await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: table.id },
      body: { payRestWith: 'cash' },
    });
    expect(await entryOnceIt(table.id, { state: 'free' })).toMatchObject(freeEntry);

    const empty = await newTable();
    expect((await openTable(empty, { covers: 4 })).json()).toMatchObject({ state: 'seated' });
    await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: empty.id },
      body: {},
    });
    expect(await entryOnceIt(empty.id, { state: 'free' })).toMatchObject(freeEntry);
    expect(await visitColumns(empty.id)).toEqual({ covers: null, waiterId: null, openedAt: null });
  });

  it("is opened by a guest's QR order (covers unknown), and keeps that opening when staff seat it", async () => {
    const table = await newTable();
    const order = await guestOrder(table);
    const opened = await entryOnceIt(table.id, { state: 'ordered' });
    expect(opened).toMatchObject({ covers: null, waiter: null, openedAt: order.createdAt });

    const seated = (await openTable(table, { covers: 2 }, waiter.token)).json<TFloorTable>();
    expect(seated).toMatchObject({
      state: 'ordered',
      covers: 2,
      waiter: { id: waiter.staffId },
      openedAt: order.createdAt,
    });
  });

  it('counts only what is open: cancelled orders leave the totals, and a visit of cancelled orders only is free', async () => {
    const table = await newTable();
    const kept = await guestOrder(table);
    const cancelled = await guestOrder(table);
    await moveOrder(cancelled.id, 'cancelled');
    expect(await entryOnceIt(table.id, { totalMinor: kept.totalMinor })).toMatchObject({
      state: 'ordered',
      openOrders: 1,
      totalMinor: kept.totalMinor,
    });
    await moveOrder(kept.id, 'cancelled');
    expect(await entryOnceIt(table.id, { state: 'free' })).toMatchObject({ ...freeEntry, totalMinor: 0 });
  });
});

// ---- seating and handing over -----------------------------------------------------------------------

describe('the waiters a table can be handed to', () => {
  it('names the restaurant’s active staff, by name only, to a waiter who does not manage staff', async () => {
    const { items } = await callApi(t.app, waiter.token, floorEndpoints.listWaiters);
    expect(items.map((m) => m.id)).toEqual(expect.arrayContaining([waiter.staffId, otherWaiter.staffId]));
    expect(items.find((m) => m.id === otherWaiter.staffId)).toEqual({
      id: otherWaiter.staffId,
      name: 'Other Waiter',
    });
    // Another restaurant's staff are not there.
    expect(items.some((m) => m.id === theirWaiter.staffId)).toBe(false);
    expect(Object.keys(items[0]!).sort()).toEqual(['id', 'name']);
  });
});

describe('seating guests', () => {
  it('names the waiter: the staff member seating, nobody for the owner, or the one named', async () => {
    const byOwner = await newTable();
    expect((await openTable(byOwner, { covers: 2 })).json()).toMatchObject({ waiter: null, covers: 2 });

    const named = await newTable();
    expect(
      (await openTable(named, { covers: 6, waiterId: otherWaiter.staffId }, waiter.token)).json(),
    ).toMatchObject({
      waiter: { id: otherWaiter.staffId, name: 'Other Waiter' },
      covers: 6,
    });

    // Seating an open table again changes its covers and keeps its waiter unless another is named.
    const again = await openTable(named, { covers: 5 }, waiter.token);
    expect(again.json()).toMatchObject({ waiter: { id: otherWaiter.staffId }, covers: 5 });
    const nobody = await openTable(named, { covers: 5, waiterId: null }, waiter.token);
    expect(nobody.json()).toMatchObject({ waiter: null });
  });

  it('hands a table over, changes its covers, and keeps what is not sent', async () => {
    const table = await newTable();
    await openTable(table, { covers: 2 }, waiter.token);
    const handed = await changeVisit(table, { waiterId: otherWaiter.staffId }, waiter.token);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ covers: 2, waiter: { id: otherWaiter.staffId } });
    expect((await changeVisit(table, { covers: 7 })).json()).toMatchObject({
      covers: 7,
      waiter: { id: otherWaiter.staffId },
    });
    expect((await changeVisit(table, { waiterId: null })).json()).toMatchObject({ covers: 7, waiter: null });
    expect((await changeVisit(table, {})).json()).toMatchObject({ covers: 7, waiter: null, state: 'seated' });
    expect(await entryOnceIt(table.id, {})).toMatchObject({ covers: 7, waiter: null });
  });

  it("refuses a waiter of another restaurant, one deactivated, or no one's id (422)", async () => {
    const table = await newTable();
    const gone = await createStaffMember(t, a.owner, 'Waiter');
    await callApi(t.app, a.owner.token, staffEndpoints.updateStaffMember, {
      params: { id: gone.staffId },
      body: { active: false },
    });
    for (const waiterId of [theirWaiter.staffId, gone.staffId, '00000000-0000-4000-8000-000000000000']) {
      const opened = await openTable(table, { covers: 2, waiterId });
      expect(opened.statusCode, opened.body).toBe(422);
      expect(errorOf(opened).fields).toEqual({ waiterId: 'is not an active member of the staff' });
    }
    expect(await entryOnceIt(table.id, {})).toMatchObject(freeEntry);
    await openTable(table, { covers: 2 });
    const handed = await changeVisit(table, { waiterId: theirWaiter.staffId });
    expect(handed.statusCode).toBe(422);
    expect(await visitColumns(table.id)).toMatchObject({ covers: 2, waiterId: null });
  });

  it('answers 409 for a visit of a free table and for seating an inactive one', async () => {
    const table = await newTable();
    const changed = await changeVisit(table, { covers: 3 });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed)).toMatchObject({ code: 'CONFLICT' });
    await callApi(t.app, a.owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { active: false },
    });
    const opened = await openTable(table, { covers: 3 });
    expect(opened.statusCode).toBe(409);
    expect(await visitColumns(table.id)).toEqual({ covers: null, waiterId: null, openedAt: null });
  });

  it('checks the covers: 1 to 50, whole', async () => {
    const table = await newTable();
    for (const covers of [0, 51, 2.5, '2']) {
      const response = await injectApi(t.app, floorEndpoints.openTable, {
        token: a.owner.token,
        params: { id: table.id },
        body: { covers },
      });
      expect(response.statusCode, String(covers)).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('covers');
    }
  });

  it("answers 404 for another restaurant's table, whatever the call, and leaves it as it was", async () => {
    const theirs = await newTable({ where: b });
    await callApi(t.app, b.owner.token, floorEndpoints.openTable, {
      params: { id: theirs.id },
      body: { covers: 2 },
    });
    const calls = [
      injectApi(t.app, floorEndpoints.getFloorTable, { token: a.owner.token, params: { id: theirs.id } }),
      openTable(theirs, { covers: 9 }),
      changeVisit(theirs, { covers: 9 }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await floorOf()).tables.map((table) => table.id)).not.toContain(theirs.id);
    expect(await visitColumns(theirs.id)).toMatchObject({ covers: 2 });
  });
});

// ---- reading the floor ------------------------------------------------------------------------------

describe('the floor', () => {
  it('lists every active table by area, then number, those without an area last', async () => {
    const owner = await seedRestaurant(t.app, { tables: [] });
    const make = (number: number, area?: string) =>
      callApi(t.app, owner.owner.token, tablesEndpoints.createTable, {
        body: { number, ...(area ? { area } : {}) },
      });
    await make(5, 'terrace');
    await make(2);
    await make(3, 'Bar');
    await make(1, 'Terrace');
    const hidden = await make(4, 'Bar');
    await callApi(t.app, owner.owner.token, tablesEndpoints.updateTable, {
      params: { id: hidden.id },
      body: { active: false },
    });
    const floor = await floorOf(owner.owner.token);
    expect(floor.tables.map((table) => [table.area, table.number])).toEqual([
      ['Bar', 3],
      ['Terrace', 1],
      ['terrace', 5],
      [null, 2],
    ]);
  });

  it("shows one table with the orders of its visit, cancelled ones too, by number; another restaurant's floor shows none of it", async () => {
    const table = await newTable();
    const first = await guestOrder(table);
    const second = await staffOrder(table);
    await moveOrder(first.id, 'cancelled');
    const detail = await callApi(t.app, a.owner.token, floorEndpoints.getFloorTable, {
      params: { id: table.id },
    });
    expect(detail.orders.map((order) => [order.id, order.status])).toEqual([
      [first.id, 'cancelled'],
      [second.id, 'pending'],
    ]);
    expect(detail.table).toMatchObject({ id: table.id, state: 'ordered', totalMinor: second.totalMinor });
    expect((await floorOf(b.owner.token)).tables.map((entry) => entry.id)).not.toContain(table.id);
  });

  it('follows an order moved to another table, and tables whose orders another module moved and told', async () => {
    const [from, to, merged] = [await newTable(), await newTable(), await newTable()];
    const order = await guestOrder(from);
    const other = await guestOrder(merged);
    await entryOnceIt(from.id, { state: 'ordered' });
    // As a move does it: the order changes tables and says so with order.updated.
    await db.update(orders).set({ tableId: to.id, tableNumber: to.number }).where(eq(orders.id, order.id));
    const moved = await callApi(t.app, a.owner.token, ordersEndpoints.getOrder, { params: { id: order.id } });
    await eventLogPublisher.publish(db, {
      type: 'order.updated',
      restaurantId: a.owner.restaurantId,
      orderId: order.id,
      data: { order: moved },
    });
    expect(await entryOnceIt(from.id, { state: 'free' })).toMatchObject({ ...freeEntry, totalMinor: 0 });
    expect(await entryOnceIt(to.id, { state: 'ordered' })).toMatchObject({
      openOrders: 1,
      totalMinor: order.totalMinor,
    });
    // As a merge may: orders moved in bulk, and both tables told through the floor's own writer.
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ tableId: merged.id, tableNumber: merged.number })
        .where(eq(orders.id, order.id));
      await publishTablesUpdated(tx, eventLogPublisher, a.owner.restaurantId, [to.id, merged.id]);
    });
    expect(await entryOnceIt(to.id, { state: 'free' })).toMatchObject(freeEntry);
    expect(await entryOnceIt(merged.id, { openOrders: 2 })).toMatchObject({
      state: 'ordered',
      openOrders: 2,
      totalMinor: order.totalMinor + other.totalMinor,
    });
  });

  it('keeps up with a burst of orders and their steps at several tables', async () => {
    const tables = [await newTable(), await newTable(), await newTable()];
    await floorOf();
    const placed = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? guestOrder(tables[i % 3]!) : staffOrder(tables[i % 3]!))),
    );
    await Promise.all(placed.slice(0, 12).map((order) => moveOrder(order.id, 'accepted', 'preparing')));
    await Promise.all(placed.slice(12, 16).map((order) => moveOrder(order.id, 'cancelled')));
    for (const table of tables) {
      const detail = await callApi(t.app, a.owner.token, floorEndpoints.getFloorTable, {
        params: { id: table.id },
      });
      expect(await entryOnceIt(table.id, detail.table)).toEqual(detail.table);
      expect(detail.table.openOrders).toBe(detail.orders.filter((o) => o.status !== 'cancelled').length);
    }
  });

  it('answers from memory what the database says, table by table, after all of the above', async () => {
    const floor = await floorOf();
    for (const entry of floor.tables) {
      const detail = await callApi(t.app, a.owner.token, floorEndpoints.getFloorTable, {
        params: { id: entry.id },
      });
      expect(entry, `table ${entry.number}`).toEqual(detail.table);
    }
  });
});

// ---- live -------------------------------------------------------------------------------------------

type Stream = Awaited<ReturnType<typeof openEventStream>>;
const tableUpdate =
  (tableId: string, test: (entry: TFloorTable & { removed?: true }) => boolean) =>
  (e: { event?: string; data?: string }) => {
    if (e.event !== 'table.updated' || !e.data) return false;
    const { table, removed } = JSON.parse(e.data) as { table: TFloorTable; removed?: true };
    return table.id === tableId && test({ ...table, ...(removed ? { removed } : {}) });
  };

describe('table.updated on the staff stream', () => {
  let stream: Stream;
  beforeAll(async () => {
    stream = await openEventStream(base + urlOf(ordersEndpoints.restaurantStream), {
      authorization: `Bearer ${a.owner.token}`,
    });
    await stream.next((e) => e.event === 'ready');
  });
  afterAll(() => stream.close());

  it("follows another module's changes: an order, its steps, a call, a payment", async () => {
    const table = await newTable();
    const order = await guestOrder(table);
    const ordered = await stream.next(tableUpdate(table.id, (e) => e.state === 'ordered'));
    // Worked out by each instance for its own streams: not in the log, so without an id.
    expect(ordered.id).toBeUndefined();
    await callFor(table, 'waiter');
    await stream.next(tableUpdate(table.id, (e) => e.openRequests === 1));
    await moveOrder(order.id, 'accepted', 'preparing', 'ready', 'served');
    await stream.next(tableUpdate(table.id, (e) => e.state === 'served'));
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: order.totalMinor },
    });
    await stream.next(tableUpdate(table.id, (e) => e.state === 'free'));
  });

  it('carries the floor’s own writes in the log (with an id), and tables joining and leaving the floor', async () => {
    const table = await newTable({ area: 'Garden' });
    await stream.next(tableUpdate(table.id, (e) => e.state === 'free' && e.area === 'Garden'));
    await openTable(table, { covers: 2 });
    const seated = await stream.next(tableUpdate(table.id, (e) => e.state === 'seated'));
    expect(Number(seated.id)).toBeGreaterThan(0);
    await callApi(t.app, a.owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { area: 'Veranda', label: 'By the door' },
    });
    await stream.next(tableUpdate(table.id, (e) => e.area === 'Veranda' && e.label === 'By the door'));
    await callApi(t.app, a.owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { active: false },
    });
    await stream.next(tableUpdate(table.id, (e) => e.removed === true));
    expect((await floorOf()).tables.map((entry) => entry.id)).not.toContain(table.id);
  });

  it("says when a checkout's hold lets go, which no event tells", { timeout: 15_000 }, async () => {
    const table = await newTable();
    await guestOrder(table);
    await startPaying(table);
    await stream.next(tableUpdate(table.id, (e) => e.state === 'paying'));
    // The hold ends in a moment; a call makes the floor read the table again and learn when.
    await db.execute(
      sql`UPDATE bill_payments SET hold_until = now() + interval '2 seconds' WHERE table_id = ${table.id}`,
    );
    await callFor(table, 'waiter');
    await stream.next(tableUpdate(table.id, (e) => e.state === 'paying' && e.openRequests === 1));
    // Then nothing happens but the clock.
    await stream.next(
      tableUpdate(table.id, (e) => e.state === 'ordered'),
      8000,
    );
  });

  it("is told by its instance from when a member's stream opens there, though nobody read the floor", async () => {
    const fresh = await seedRestaurant(t.app, { register: { restaurantName: 'Fresh' }, tables: [7] });
    const own = await openEventStream(
      base + urlOf(ordersEndpoints.restaurantStream),
      bearer(fresh.owner.token),
    );
    try {
      await own.next((e) => e.event === 'ready');
      // The floor is being built meanwhile; the order below comes after.
      await sleep(100);
      await callApi(t.app, null, ordersEndpoints.placeOrder, {
        body: { qrToken: fresh.tables[0]!.qrToken, items: [{ menuItemId: fresh.items[0]!.id, quantity: 1 }] },
      });
      await own.next(tableUpdate(fresh.tables[0]!.id, (e) => e.state === 'ordered'));
    } finally {
      await own.close();
    }
  });

  it('a stream resumed with Last-Event-ID replays the floor’s own writes, and the floor read then is right', async () => {
    const table = await newTable();
    const url = base + urlOf(ordersEndpoints.restaurantStream);
    const first = await openEventStream(url, bearer(a.owner.token));
    const { id: lastEventId } = await first.next((e) => e.event === 'ready');
    await first.close();
    // While away: a guest's order (worked out by the instance, not replayed) and a seating (in the log).
    await guestOrder(table);
    await openTable(table, { covers: 3 });
    const resumed = await openEventStream(
      base + urlOf(ordersEndpoints.restaurantStream, { query: { lastEventId } }),
      bearer(a.owner.token),
    );
    try {
      const replayed = await resumed.next(
        tableUpdate(table.id, (e) => e.state === 'ordered' && e.covers === 3),
      );
      expect(replayed.id).toBeDefined();
      await resumed.next((e) => e.event === 'ready');
      const entry = (await floorOf()).tables.find((e) => e.id === table.id);
      expect(entry).toEqual(JSON.parse(replayed.data!).table);
    } finally {
      await resumed.close();
    }
  });

  it("a waiter's new name reaches the tables they serve", async () => {
    const table = await newTable();
    const member = await createStaffMember(t, a.owner, 'Waiter');
    await openTable(table, { covers: 2, waiterId: member.staffId });
    await callApi(t.app, a.owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { name: 'Renamed Waiter' },
    });
    await stream.next(tableUpdate(table.id, (e) => e.waiter?.name === 'Renamed Waiter'));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('each keeps the floor from the other’s changes, tells its own streams, and both answer the same', async () => {
    const database = await createTestDatabase();
    const one = await createTestApp({ database, env: { SANDBOX_WEBHOOK_SECRET: SECRET } });
    const two = await createTestApp({ database, env: { SANDBOX_WEBHOOK_SECRET: SECRET } });
    try {
      const twoBase = await two.app.listen({ port: 0, host: '127.0.0.1' });
      const seeded = await seedRestaurant(one.app, { tables: [1, 2] });
      const [first, second] = seeded.tables as [TTable, TTable];
      const floorAt = (app: TestApp) => callApi(app.app, seeded.owner.token, floorEndpoints.getFloor);
      // Both hold the floor before anything happens.
      await floorAt(one);
      await floorAt(two);
      const stream = await openEventStream(twoBase + urlOf(ordersEndpoints.restaurantStream), {
        authorization: `Bearer ${seeded.owner.token}`,
      });
      try {
        await stream.next((e) => e.event === 'ready');
        await callApi(one.app, seeded.owner.token, floorEndpoints.openTable, {
          params: { id: first.id },
          body: { covers: 4 },
        });
        await stream.next(tableUpdate(first.id, (e) => e.state === 'seated' && e.covers === 4));
        const order = await callApi(one.app, null, ordersEndpoints.placeOrder, {
          body: { qrToken: second.qrToken, items: [{ menuItemId: seeded.items[0]!.id, quantity: 1 }] },
        });
        await stream.next(tableUpdate(second.id, (e) => e.state === 'ordered'));
        await callApi(one.app, seeded.owner.token, ordersEndpoints.recordPayment, {
          params: { id: order.id },
          body: { method: 'cash', amountMinor: order.totalMinor },
        });
        await stream.next(tableUpdate(second.id, (e) => e.state === 'free'));
        await callApi(two.app, seeded.owner.token, floorEndpoints.updateVisit, {
          params: { id: first.id },
          body: { covers: 5 },
        });
        // Each instance hears the other within moments; then they answer alike.
        const deadline = performance.now() + 3000;
        let answers = [await floorAt(one), await floorAt(two)];
        while (JSON.stringify(answers[0]) !== JSON.stringify(answers[1]) && performance.now() < deadline) {
          await sleep(10);
          answers = [await floorAt(one), await floorAt(two)];
        }
        expect(answers[0]).toEqual(answers[1]);
        expect(answers[0]!.tables.map((e) => [e.number, e.state, e.covers])).toEqual([
          [1, 'seated', 5],
          [2, 'free', null],
        ]);
      } finally {
        await stream.close();
      }
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
