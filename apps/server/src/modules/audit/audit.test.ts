import { randomUUID } from 'node:crypto';
import { auditEndpoints, type TAuditEntry } from '@tavolo/contract/audit';
import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';
import { type AuditEntry, recordAudit } from './audit-log';

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let tableNo = 10;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  a = await seedRestaurant(t.app, { dishes: [{ name: 'Lasagne', priceMinor: 1200 }] });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' } });
});
afterAll(() => t.close());

// ---- helpers ----------------------------------------------------------------------------------------

async function newTable(where: SeededRestaurant = a): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, where.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

/** A guest's order of `quantity` dishes at a fresh table (or the one given). */
async function guestOrder(quantity = 1, table?: TTable, where: SeededRestaurant = a) {
  const at = table ?? (await newTable(where));
  const order = await callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: at.qrToken, items: [{ menuItemId: where.items[0]!.id, quantity }] },
  });
  return { order, table: at };
}

function list(query: Record<string, string | number> = {}, token = a.owner.token) {
  return callApi(t.app, token, auditEndpoints.listAudit, { query: query as never });
}

/** Entries of the restaurant about one order, newest first. */
async function entriesOf(orderId: string, token = a.owner.token): Promise<TAuditEntry[]> {
  const { items } = await list({ pageSize: 100 }, token);
  return items.filter(
    (entry) => entry.orderId === orderId || JSON.stringify(entry.details).includes(orderId),
  );
}

/**
 * An entry dated `at`. recordAudit stamps the transaction's time; a test of periods places its
 * entries itself, as an insert (the one thing the log allows).
 */
async function insertEntry(restaurantId: string, at: Date, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    restaurantId,
    at,
    kind: entry.kind,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    approvedById: entry.approvedBy?.id ?? null,
    approvedByName: entry.approvedBy?.name ?? null,
    orderId: entry.orderId ?? null,
    orderNumber: entry.orderNumber ?? null,
    tableNumber: entry.tableNumber ?? null,
    amountMinor: entry.amountMinor ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}

// ---- writing ----------------------------------------------------------------------------------------

describe('the changes it records, each in its own transaction', () => {
  it('a payment staff recorded, once however often the request is retried, and its refund', async () => {
    const { order, table } = await guestOrder(2);
    const headers = { [IDEMPOTENCY_KEY_HEADER]: `audit-pay-${order.id}` };
    const first = await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'card', amountMinor: 1000 },
      headers,
    });
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'card', amountMinor: 1000 },
      headers,
    });
    await callApi(t.app, a.owner.token, paymentsEndpoints.refundPayment, {
      params: { id: first.payment.id },
      body: { amountMinor: 250, reason: 'Cold soup' },
    });

    const [refunded, recorded, ...rest] = await entriesOf(order.id);
    expect(rest).toEqual([]);
    expect(recorded).toMatchObject({
      kind: 'payment.recorded',
      actor: { id: expect.any(String), name: 'Ada Owner' },
      approvedBy: null,
      orderId: order.id,
      orderNumber: order.number,
      tableNumber: table.number,
      amountMinor: 1000,
      reason: null,
      details: { method: 'card', paymentId: first.payment.id },
    });
    expect(refunded).toMatchObject({
      kind: 'payment.refunded',
      actor: recorded!.actor,
      orderId: order.id,
      amountMinor: 250,
      reason: 'Cold soup',
      details: { method: 'card', paymentId: first.payment.id },
    });
  });

  it('a cancelled order, with who, why and what it was worth', async () => {
    const { order } = await guestOrder(3);
    const waiter = await createStaffMember(t, a.owner, 'Manager');
    await callApi(t.app, waiter.token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: 'cancelled', reason: 'Guest left' },
    });
    const [cancelled, ...rest] = await entriesOf(order.id);
    expect(rest).toEqual([]);
    expect(cancelled).toMatchObject({
      kind: 'order.cancelled',
      actor: { id: waiter.staffId, name: 'Manager Person' },
      orderNumber: order.number,
      amountMinor: order.totalMinor,
      reason: 'Guest left',
      details: { fromStatus: 'pending', paidMinor: 0 },
    });
    // Other moves of an order are no audit matter.
    const { order: served } = await guestOrder();
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: served.id },
      body: { status: 'accepted' },
    });
    expect(await entriesOf(served.id)).toEqual([]);
  });

  it('an online payment, confirmed by the provider: the system took it, the guest started it', async () => {
    const { order } = await guestOrder();
    const checkout = await injectApi(t.app, paymentsEndpoints.startCheckout, {
      headers: { 'x-guest-token': order.guestToken! },
      params: { id: order.id },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const paymentId = checkout.json<{ paymentId: string }>().paymentId;
    // Nothing is recorded until the money arrives.
    expect(await entriesOf(order.id)).toEqual([]);
    await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
      params: { paymentId },
      body: { outcome: 'pay' },
    });
    const [entry, ...rest] = await entriesOf(order.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'payment.recorded',
      actor: { id: null, name: 'System' },
      amountMinor: order.totalMinor,
      details: { method: 'online', paymentId, provider: 'sandbox', startedBy: null },
    });
  });

  it('a payment towards a table’s bill: one entry over all its orders, however many they are', async () => {
    const { order: first, table } = await guestOrder(1);
    const { order: second } = await guestOrder(2, table);
    const checkout = await injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
      body: { qrToken: table.qrToken, mode: 'full', tipMinor: 100 },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { paymentId } = checkout.json<{ paymentId: string }>();
    await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
      params: { paymentId },
      body: { outcome: 'pay' },
    });
    const entries = await entriesOf(first.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'payment.recorded',
      actor: { id: null, name: 'System' },
      orderId: null,
      orderNumber: null,
      tableNumber: table.number,
      amountMinor: first.totalMinor + second.totalMinor,
      details: {
        method: 'online',
        billPaymentId: paymentId,
        tipMinor: 100,
        orders: expect.arrayContaining([
          { orderId: first.id, orderNumber: first.number, amountMinor: first.totalMinor },
          { orderId: second.id, orderNumber: second.number, amountMinor: second.totalMinor },
        ]),
      },
    });
    // Paid in full, the visit ended by itself: nobody closed it.
    const { items } = await list({ kind: 'visit.closed', pageSize: 100 });
    expect(items.filter((e) => e.tableNumber === table.number)).toEqual([]);
  });

  it('a bill staff closed: the rest paid as they said, then the close with what was left unpaid', async () => {
    const { order, table } = await guestOrder(2);
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 400 },
    });
    await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: table.id },
      body: { payRestWith: 'card' },
    });
    const [closed, settled, cash] = (await list({ pageSize: 100 })).items.filter(
      (e) => e.tableNumber === table.number,
    );
    expect(cash).toMatchObject({ kind: 'payment.recorded', amountMinor: 400, details: { method: 'cash' } });
    expect(settled).toMatchObject({
      kind: 'payment.recorded',
      orderId: order.id,
      amountMinor: order.totalMinor - 400,
      details: { method: 'card', orders: [{ orderId: order.id, amountMinor: order.totalMinor - 400 }] },
    });
    expect(closed).toMatchObject({
      kind: 'visit.closed',
      actor: { name: 'Ada Owner' },
      orderId: null,
      tableNumber: table.number,
      amountMinor: order.totalMinor,
      details: { orders: 1, settledMinor: order.totalMinor - 400, method: 'card', unpaidMinor: 0 },
    });

    // Let go with money owed: the close says how much.
    const { order: unpaid, table: other } = await guestOrder(1);
    await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: other.id },
      body: {},
    });
    const [close] = (await list({ kind: 'visit.closed' })).items;
    expect(close).toMatchObject({
      tableNumber: other.number,
      amountMinor: unpaid.totalMinor,
      details: { settledMinor: 0, method: null, unpaidMinor: unpaid.totalMinor },
    });
    // A table with nothing on it has nothing to account for.
    const empty = await newTable();
    await callApi(t.app, a.owner.token, tableServiceEndpoints.closeTableBill, {
      params: { id: empty.id },
      body: {},
    });
    expect((await list({ kind: 'visit.closed' })).items[0]!.tableNumber).toBe(other.number);
  });

  it('nothing, when the change fails', async () => {
    const { order } = await guestOrder();
    const tooMuch = await injectApi(t.app, ordersEndpoints.recordPayment, {
      token: a.owner.token,
      params: { id: order.id },
      body: { method: 'cash', amountMinor: order.totalMinor + 1 },
    });
    expect(tooMuch.statusCode).toBe(422);
    const noReason = await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
      token: a.owner.token,
      params: { id: order.id },
      body: { status: 'cancelled' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(await entriesOf(order.id)).toEqual([]);
  });
});

// ---- reading ----------------------------------------------------------------------------------------

/** A restaurant of its own (Europe/Rome), so a test counts exactly its entries. */
const freshRestaurant = () => seedRestaurant(t.app, { register: { restaurantName: 'Da Capo' } });
const person = (id: string | null, name: string) => ({ id, name });

describe('the activity list', () => {
  it('is newest first, entries of one instant in the order they were written, and pages through', async () => {
    const r = await freshRestaurant();
    const actor = person(null, 'Guest');
    // One transaction: one instant.
    await db.transaction((tx) =>
      recordAudit(
        tx,
        r.owner.restaurantId,
        { kind: 'order.cancelled', actor, orderNumber: 1 },
        { kind: 'order.cancelled', actor, orderNumber: 2 },
        { kind: 'order.cancelled', actor, orderNumber: 3 },
      ),
    );
    await insertEntry(r.owner.restaurantId, new Date('2026-01-05T12:00:00Z'), {
      kind: 'order.cancelled',
      actor,
      orderNumber: 0,
    });
    const numbers = (page: { items: TAuditEntry[] }) => page.items.map((e) => e.orderNumber);
    expect(numbers(await list({}, r.owner.token))).toEqual([3, 2, 1, 0]);
    const second = await list({ page: 2, pageSize: 3 }, r.owner.token);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(numbers(second)).toEqual([0]);
    expect((await list({ page: 3, pageSize: 3 }, r.owner.token)).items).toEqual([]);
  });

  it('reads dates as the restaurant’s days, `to` included, and date-times as instants', async () => {
    const r = await freshRestaurant();
    const actor = person(null, 'System');
    // Rome is an hour ahead of UTC in early March: its 2 March is 1 March 23:00 to 2 March 23:00 UTC.
    const at = {
      lastOfFirst: '2026-03-01T22:59:59.000Z',
      firstOfSecond: '2026-03-01T23:00:00.000Z',
      lastOfSecond: '2026-03-02T22:59:59.000Z',
      firstOfThird: '2026-03-02T23:00:00.000Z',
    };
    for (const [name, instant] of Object.entries(at)) {
      await insertEntry(r.owner.restaurantId, new Date(instant), {
        kind: 'payment.recorded',
        actor,
        details: { name },
      });
    }
    const names = async (query: Record<string, string>) =>
      (await list(query, r.owner.token)).items.map((e) => e.details.name);
    expect(await names({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['lastOfSecond', 'firstOfSecond']);
    expect(await names({ to: '2026-03-01' })).toEqual(['lastOfFirst']);
    expect(await names({ from: '2026-03-03' })).toEqual(['firstOfThird']);
    expect(await names({ from: '2026-03-01T23:00:00Z', to: '2026-03-02T23:00:00Z' })).toEqual([
      'lastOfSecond',
      'firstOfSecond',
    ]);
  });

  it('filters by kind, and by a person who did or approved what it lists', async () => {
    const r = await freshRestaurant();
    const waiter = await createStaffMember(t, r.owner, 'Waiter');
    const manager = await createStaffMember(t, r.owner, 'Manager');
    const w = person(waiter.staffId, 'Waiter Person');
    const m = person(manager.staffId, 'Manager Person');
    await db.transaction((tx) =>
      recordAudit(
        tx,
        r.owner.restaurantId,
        { kind: 'order.line_voided', actor: w, approvedBy: m, amountMinor: 500, reason: 'wrong_item' },
        { kind: 'order.discounted', actor: m, amountMinor: 300, reason: 'complaint' },
        { kind: 'payment.recorded', actor: w, amountMinor: 2000 },
      ),
    );
    const kinds = async (query: Record<string, string>) =>
      (await list(query, r.owner.token)).items.map((e) => e.kind);
    expect(await kinds({ kind: 'order.discounted' })).toEqual(['order.discounted']);
    expect(await kinds({ staffId: waiter.staffId })).toEqual(['payment.recorded', 'order.line_voided']);
    expect(await kinds({ staffId: manager.staffId })).toEqual(['order.discounted', 'order.line_voided']);
    expect(await kinds({ staffId: manager.staffId, kind: 'order.line_voided' })).toEqual([
      'order.line_voided',
    ]);
    const [voided] = (await list({ kind: 'order.line_voided' }, r.owner.token)).items;
    expect(voided).toMatchObject({ actor: w, approvedBy: m, amountMinor: 500, reason: 'wrong_item' });
    // Someone who did nothing here (another restaurant's member, say) finds nothing.
    expect(await kinds({ staffId: a.owner.restaurantId })).toEqual([]);
  });

  it('answers 400 for a query it cannot read', async () => {
    for (const query of [
      { kind: 'order.eaten' },
      { pageSize: 101 },
      { page: 0 },
      { from: '2026-02-30' },
      { staffId: 'not-an-id' },
    ]) {
      const response = await injectApi(t.app, auditEndpoints.listAudit, { token: a.owner.token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for those who hold audit.view: a Manager, not a Waiter', async () => {
    const waiter = await createStaffMember(t, a.owner, 'Waiter');
    const manager = await createStaffMember(t, a.owner, 'Manager');
    for (const endpoint of [auditEndpoints.listAudit, auditEndpoints.auditSummary]) {
      expect((await injectApi(t.app, endpoint, { token: waiter.token })).statusCode).toBe(403);
      expect((await injectApi(t.app, endpoint, { token: manager.token })).statusCode).toBe(200);
      expect((await injectApi(t.app, endpoint, {})).statusCode).toBe(401);
    }
  });
});

describe('the summary of voids and discounts', () => {
  it('counts and sums them by who gave them and by reason, for today unless told', async () => {
    const r = await freshRestaurant();
    const waiter = await createStaffMember(t, r.owner, 'Waiter');
    const w = person(waiter.staffId, 'Waiter Person');
    const o = person(randomUUID(), 'Ada Owner');
    const voided = (actor: typeof w, amountMinor: number, reason: string | null): AuditEntry => ({
      kind: 'order.line_voided',
      actor,
      amountMinor,
      reason,
    });
    await db.transaction((tx) =>
      recordAudit(
        tx,
        r.owner.restaurantId,
        voided(w, 500, 'wrong_item'),
        voided(w, 700, 'quality'),
        voided(o, 300, 'wrong_item'),
        voided(person(null, 'Guest'), 100, null),
        { kind: 'order.discounted', actor: o, amountMinor: 1000, reason: 'staff_meal' },
        // Not a void nor a discount.
        { kind: 'order.cancelled', actor: w, amountMinor: 9999, reason: 'wrong_item' },
      ),
    );
    // Yesterday's: outside today.
    await insertEntry(r.owner.restaurantId, new Date(Date.now() - 36 * 3600_000), voided(w, 4000, 'other'));

    const summary = await callApi(t.app, r.owner.token, auditEndpoints.auditSummary);
    const today = zonedDate(new Date(), 'Europe/Rome');
    expect(zonedDate(new Date(summary.from), 'Europe/Rome')).toBe(today);
    expect(new Date(summary.to).getTime() - new Date(summary.from).getTime()).toBeGreaterThanOrEqual(
      23 * 3600_000,
    );
    expect(summary.voids).toEqual({
      byStaff: [
        { staff: w, count: 2, amountMinor: 1200 },
        { staff: o, count: 1, amountMinor: 300 },
        { staff: person(null, 'Guest'), count: 1, amountMinor: 100 },
      ],
      byReason: [
        { reason: 'wrong_item', count: 2, amountMinor: 800 },
        { reason: 'quality', count: 1, amountMinor: 700 },
        { reason: 'other', count: 1, amountMinor: 100 },
      ],
    });
    expect(summary.discounts).toEqual({
      byStaff: [{ staff: o, count: 1, amountMinor: 1000 }],
      byReason: [{ reason: 'staff_meal', count: 1, amountMinor: 1000 }],
    });

    // A period of days: yesterday's too.
    const yesterday = zonedDate(new Date(Date.now() - 36 * 3600_000), 'Europe/Rome');
    const both = await callApi(t.app, r.owner.token, auditEndpoints.auditSummary, {
      query: { from: yesterday, to: today },
    });
    expect(both.voids.byStaff[0]).toEqual({ staff: w, count: 3, amountMinor: 5200 });
    const onlyYesterday = await callApi(t.app, r.owner.token, auditEndpoints.auditSummary, {
      query: { to: yesterday },
    });
    expect(onlyYesterday.voids.byReason).toEqual([{ reason: 'other', count: 1, amountMinor: 4000 }]);
  });

  it('keeps a renamed member in one row, under their newest name', async () => {
    const r = await freshRestaurant();
    const id = randomUUID();
    const earlier = new Date(Date.now() - 60_000);
    await insertEntry(r.owner.restaurantId, earlier, {
      kind: 'order.discounted',
      actor: person(id, 'Old Name'),
      amountMinor: 100,
      reason: 'promotion',
    });
    await insertEntry(r.owner.restaurantId, new Date(), {
      kind: 'order.discounted',
      actor: person(id, 'New Name'),
      amountMinor: 200,
      reason: 'promotion',
    });
    // From the first entry's day: a minute after midnight, it was yesterday's.
    const { discounts } = await callApi(t.app, r.owner.token, auditEndpoints.auditSummary, {
      query: { from: zonedDate(earlier, 'Europe/Rome'), to: zonedDate(new Date(), 'Europe/Rome') },
    });
    expect(discounts.byStaff).toEqual([{ staff: person(id, 'New Name'), count: 2, amountMinor: 300 }]);
  });

  it('answers 422 for a period that ends before it starts', async () => {
    const response = await injectApi(t.app, auditEndpoints.auditSummary, {
      token: a.owner.token,
      query: { from: '2026-03-02', to: '2026-03-01' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields).toHaveProperty('to');
  });
});

// ---- the rules ----------------------------------------------------------------------------------------

/** The PostgreSQL error code of a failed statement (drizzle wraps it in `cause`). */
async function sqlStateOf(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    }
    throw error;
  }
  return undefined;
}

describe('the log', () => {
  it('is append-only: the database refuses to change or delete an entry', async () => {
    const r = await freshRestaurant();
    await db.transaction((tx) =>
      recordAudit(tx, r.owner.restaurantId, {
        kind: 'payment.recorded',
        actor: person(null, 'System'),
        amountMinor: 1500,
      }),
    );
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.restaurantId, r.owner.restaurantId));
    expect(
      await sqlStateOf(db.update(auditLog).set({ amountMinor: 1 }).where(eq(auditLog.id, entry!.id))),
    ).toBe('42501');
    expect(
      await sqlStateOf(db.execute(sql`UPDATE audit_log SET actor_name = 'Nobody' WHERE id = ${entry!.id}`)),
    ).toBe('42501');
    expect(await sqlStateOf(db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toBe('42501');
    expect(
      await sqlStateOf(db.execute(sql`DELETE FROM audit_log WHERE restaurant_id = ${r.owner.restaurantId}`)),
    ).toBe('42501');
    const after = await db.select().from(auditLog).where(eq(auditLog.restaurantId, r.owner.restaurantId));
    expect(after).toEqual([entry]);
  });

  it('shows a restaurant only its own entries, whatever it asks', async () => {
    const { order } = await guestOrder(1, undefined, b);
    await callApi(t.app, b.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: 100 },
    });
    await db.transaction((tx) =>
      recordAudit(tx, b.owner.restaurantId, {
        kind: 'order.line_voided',
        actor: person(b.owner.restaurantId, 'Their Owner'),
        amountMinor: 900,
        reason: 'quality',
      }),
    );
    const theirs = await list({ pageSize: 100 }, b.owner.token);
    expect(theirs.items.map((e) => e.kind)).toEqual(['order.line_voided', 'payment.recorded']);
    const ours = await list({ pageSize: 100 });
    const text = JSON.stringify(ours);
    expect(text).not.toContain(order.id);
    expect(text).not.toContain('Their Owner');
    expect((await list({ staffId: b.owner.restaurantId })).items).toEqual([]);
    const summary = await callApi(t.app, a.owner.token, auditEndpoints.auditSummary);
    expect(JSON.stringify(summary)).not.toContain('Their Owner');
  });
});
