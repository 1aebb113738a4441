import { auditEndpoints } from '@tavolo/contract/audit';
import { floorEndpoints } from '@tavolo/contract/floor';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { daysEndpoints } from '@tavolo/contract/receipts';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';
import type { Db } from '../../db/client';
import { restaurantEvents } from '../../db/schema';

/* Finishing a table (PRODUCT.md §9): a party moved to another table whole, and a table cleared. */

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let waiter: Awaited<ReturnType<typeof createStaffMember>>;
let tableNo = 500;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  a = await seedRestaurant(t.app, { dishes: [{ name: 'Risotto', priceMinor: 1600 }], tables: [1] });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  waiter = await createStaffMember(t, a.owner, 'Waiter');
});
afterAll(() => t.close());
afterEach(() => expectOpenBillsAsCounted(db));

async function newTable(where = a): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, where.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

function seat(table: TTable, covers: number, token = waiter.token) {
  return callApi(t.app, token, floorEndpoints.openTable, { params: { id: table.id }, body: { covers } });
}

function staffOrder(table: TTable, quantity = 1) {
  return callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
    body: { tableId: table.id, items: [{ menuItemId: a.items[0]!.id, quantity, seat: 1 }] },
  });
}

function transfer(from: TTable, to: TTable, token = waiter.token) {
  return injectApi(t.app, floorEndpoints.transferTable, {
    token,
    params: { id: from.id },
    body: { toTableId: to.id },
  });
}

function clear(table: TTable, token = waiter.token) {
  return injectApi(t.app, floorEndpoints.clearTable, { token, params: { id: table.id } });
}

const detail = (table: TTable) =>
  callApi(t.app, waiter.token, floorEndpoints.getFloorTable, { params: { id: table.id } });

async function tableEvents(tableId: string, type: 'table.updated' | 'bill.updated') {
  const rows = await db
    .select({ data: restaurantEvents.data })
    .from(restaurantEvents)
    .where(and(eq(restaurantEvents.type, type), eq(restaurantEvents.tableId, tableId)))
    .orderBy(asc(restaurantEvents.seq));
  return rows.map((r) => r.data as Record<string, unknown>);
}

async function auditOf(kind: 'table.transferred' | 'visit.cleared') {
  return (await callApi(t.app, a.owner.token, auditEndpoints.listAudit, { query: { kind } })).items;
}

describe('transferring a table', () => {
  it('moves the orders, the paid money, the covers and the waiter to a free table; the old one is free', async () => {
    const from = await newTable();
    const to = await newTable();
    await seat(from, 3);
    const order = await staffOrder(from, 2);
    // Part of the bill paid by seat before they move: it goes with them.
    await callApi(t.app, waiter.token, tableServiceEndpoints.takeBillPayment, {
      params: { id: from.id },
      body: { mode: 'amount', amountMinor: 1000, method: 'card' },
    });
    const billBefore = await callApi(t.app, waiter.token, tableServiceEndpoints.getStaffTableBill, {
      params: { id: from.id },
    });

    const response = await transfer(from, to);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: to.id,
      state: 'ordered',
      covers: 3,
      waiter: { id: waiter.staffId },
      totalMinor: order.totalMinor,
      dueMinor: order.totalMinor - 1000,
    });
    const moved = await detail(to);
    expect(moved.orders.map((o) => [o.id, o.tableNumber])).toEqual([[order.id, to.number]]);
    expect((await detail(from)).table).toMatchObject({
      state: 'free',
      covers: null,
      waiter: null,
      totalMinor: 0,
    });
    // The same bill, with its payment, now at the new table.
    const billAfter = await callApi(t.app, waiter.token, tableServiceEndpoints.getStaffTableBill, {
      params: { id: to.id },
    });
    expect(billAfter).toMatchObject({
      visitId: billBefore.visitId,
      tableNumber: to.number,
      paidMinor: 1000,
      payments: billBefore.payments,
    });
    // Both tables told: table.updated and bill.updated (the old one's bill ended, with nothing on it).
    expect((await tableEvents(from.id, 'table.updated')).at(-1)).toMatchObject({ table: { state: 'free' } });
    expect((await tableEvents(to.id, 'table.updated')).at(-1)).toMatchObject({ table: { covers: 3 } });
    expect((await tableEvents(from.id, 'bill.updated')).at(-1)).toMatchObject({
      closed: true,
      totalMinor: 0,
    });
    expect((await tableEvents(to.id, 'bill.updated')).at(-1)).toMatchObject({
      closed: false,
      paidMinor: 1000,
    });
    const [entry] = (await auditOf('table.transferred')).filter((e) => e.tableNumber === to.number);
    expect(entry).toMatchObject({
      actor: { id: waiter.staffId },
      details: expect.objectContaining({ fromTableNumber: from.number, toTableNumber: to.number, covers: 3 }),
    });
  });

  it('counts the covers once after the move, on the day’s report', async () => {
    const day = await callApi(t.app, a.owner.token, daysEndpoints.getDay, { params: { date: today() } });
    const from = await newTable();
    const to = await newTable();
    await seat(from, 4);
    await staffOrder(from);
    expect((await transfer(from, to)).statusCode).toBe(200);
    const after = await callApi(t.app, a.owner.token, daysEndpoints.getDay, { params: { date: today() } });
    expect(after.covers - day.covers).toBe(4);
    // Still once when the visit ends at the new table.
    await callApi(t.app, waiter.token, tableServiceEndpoints.takeBillPayment, {
      params: { id: to.id },
      body: { mode: 'full', method: 'card' },
    });
    const ended = await callApi(t.app, a.owner.token, daysEndpoints.getDay, { params: { date: today() } });
    expect(ended.covers - day.covers).toBe(4);
  });

  it('refuses a table that is taken (409), a table with nobody (409), and another restaurant’s (404)', async () => {
    const from = await newTable();
    const taken = await newTable();
    const free = await newTable();
    await seat(from, 2);
    await seat(taken, 2);
    expect((await transfer(from, taken)).statusCode).toBe(409);
    expect((await transfer(free, taken)).statusCode).toBe(409);
    expect((await transfer(from, from)).statusCode).toBe(409);
    const theirs = await newTable(b);
    expect((await transfer(from, theirs)).statusCode).toBe(404);
    expect((await transfer(from, free, b.owner.token)).statusCode).toBe(404);
    // Nothing moved.
    expect((await detail(from)).table).toMatchObject({ state: 'seated', covers: 2 });
  });
});

describe('clearing a table', () => {
  it('ends a seated visit whose last order moved away, and audits it', async () => {
    const table = await newTable();
    const other = await newTable();
    await seat(table, 2);
    await seat(other, 2);
    const order = await staffOrder(table);
    await callApi(t.app, waiter.token, orderChangesEndpoints.moveOrder, {
      params: { id: order.id },
      body: { tableId: other.id },
    });
    expect((await detail(table)).table.state).toBe('seated');
    const response = await clear(table);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: table.id, state: 'free', covers: null });
    expect((await tableEvents(table.id, 'table.updated')).at(-1)).toMatchObject({ table: { state: 'free' } });
    const [entry] = (await auditOf('visit.cleared')).filter((e) => e.tableNumber === table.number);
    expect(entry).toMatchObject({
      actor: { id: waiter.staffId },
      details: expect.objectContaining({ covers: 2 }),
    });
    expect((await clear(table)).statusCode).toBe(409);
  });

  it('refuses while something is due or not served yet (409), and another restaurant’s table (404)', async () => {
    const table = await newTable();
    await seat(table, 2);
    const order = await staffOrder(table);
    const due = await clear(table);
    expect(due.statusCode).toBe(409);
    expect((await clear(table, b.owner.token)).statusCode).toBe(404);
    expect((await detail(table)).table.state).toBe('ordered');
    expect(order.totalMinor).toBeGreaterThan(0);
  });
});

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
