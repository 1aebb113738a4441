import { authEndpoints } from '@tavolo/contract/auth';
import { floorEndpoints, type TFloorTable } from '@tavolo/contract/floor';
import { orderChangesEndpoints, PIN_ATTEMPTS } from '@tavolo/contract/order-changes';
import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { type TTableBill, tableServiceEndpoints } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted, recordCash } from '../../../test/money';
import { type Db, queryRows } from '../../db/client';
import { auditLog, diningTables, restaurantEvents, restaurants } from '../../db/schema';

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
type Member = Awaited<ReturnType<typeof createStaffMember>>;
/** Restaurant A's people: a waiter (orders.create, no voids or discounts), a manager with a PIN, the kitchen. */
let waiter: Member;
let manager: Member;
let kitchen: Member;
const MANAGER_PIN = '2468';
let tableNo = 10;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  a = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Lasagne', priceMinor: 1234 },
      { name: 'Tiramisu', priceMinor: 650 },
      { name: 'Espresso', priceMinor: 130 },
      {
        name: 'Pizza',
        priceMinor: 900,
        options: [
          {
            name: 'Size',
            required: true,
            min: 1,
            max: 1,
            choices: [
              { name: 'Regular', priceMinor: 0 },
              { name: 'Large', priceMinor: 300 },
            ],
          },
        ],
      },
    ],
    tables: [],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  // A 12.5% service charge, so totals carry a share of it and rounding is real.
  await db
    .update(restaurants)
    .set({ serviceChargeBasisPoints: 1250 })
    .where(eq(restaurants.id, a.owner.restaurantId));
  waiter = await createStaffMember(t, a.owner, 'Waiter');
  manager = await createStaffMember(t, a.owner, 'Manager');
  kitchen = await createStaffMember(t, a.owner, 'Kitchen');
  await callApi(t.app, manager.token, staffEndpoints.setStaffPin, {
    params: { id: manager.staffId },
    body: { pin: MANAGER_PIN },
  });
});
afterAll(() => t.close());
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(db));

// ---- helpers ----------------------------------------------------------------------------------------

async function newTable(where: SeededRestaurant = a): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, where.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

type Line = { dish: number; quantity: number; options?: { group: string; choice: string }[] };

/** A staff order (the waiter's) at a table of A's. */
function staffOrder(table: TTable, lines: Line[], token = waiter.token, where: SeededRestaurant = a) {
  return callApi(t.app, token, ordersEndpoints.placeOrder, {
    body: {
      tableId: table.id,
      items: lines.map((l) => ({
        menuItemId: where.items[l.dish]!.id,
        quantity: l.quantity,
        options: l.options,
      })),
    },
  });
}

function guestOrder(table: TTable, lines: Line[]) {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: {
      qrToken: table.qrToken,
      items: lines.map((l) => ({ menuItemId: a.items[l.dish]!.id, quantity: l.quantity })),
    },
  });
}

async function moveTo(orderId: string, status: 'accepted' | 'preparing' | 'served' | 'cancelled') {
  const path = {
    accepted: ['accepted'],
    preparing: ['accepted', 'preparing'],
    served: ['accepted', 'preparing', 'ready', 'served'],
    cancelled: ['cancelled'],
  }[status] as ('accepted' | 'preparing' | 'ready' | 'served' | 'cancelled')[];
  for (const next of path) {
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: orderId },
      body: { status: next, ...(next === 'cancelled' ? { reason: 'test' } : {}) },
    });
  }
}

const changeLine = (token: string, orderId: string, lineIndex: number, body: unknown) =>
  injectApi(t.app, orderChangesEndpoints.changeOrderLine, {
    token,
    params: { id: orderId, lineIndex },
    body,
  });

const voidLine = (token: string, orderId: string, lineIndex: number, body: unknown, key?: string) =>
  injectApi(t.app, orderChangesEndpoints.voidOrderLine, {
    token,
    params: { id: orderId, lineIndex },
    body,
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
  });

const discount = (token: string, orderId: string, body: unknown, key?: string) =>
  injectApi(t.app, orderChangesEndpoints.discountOrder, {
    token,
    params: { id: orderId },
    body,
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
  });

const moveOrder = (token: string, orderId: string, tableId: string) =>
  injectApi(t.app, orderChangesEndpoints.moveOrder, { token, params: { id: orderId }, body: { tableId } });

const merge = (token: string, tableId: string, fromTableId: string) =>
  injectApi(t.app, floorEndpoints.mergeTables, { token, params: { id: tableId }, body: { fromTableId } });

const staffBill = (table: TTable, token = a.owner.token): Promise<TTableBill> =>
  callApi(t.app, token, tableServiceEndpoints.getStaffTableBill, { params: { id: table.id } });

const getOrder = (id: string) => callApi(t.app, a.owner.token, ordersEndpoints.getOrder, { params: { id } });

async function auditOf(orderId: string) {
  return db.select().from(auditLog).where(eq(auditLog.orderId, orderId)).orderBy(asc(auditLog.seq));
}

async function eventsOf(type: string, where: { orderId?: string; tableId?: string }) {
  const rows = await db
    .select({ data: restaurantEvents.data })
    .from(restaurantEvents)
    .where(
      and(
        eq(restaurantEvents.type, type),
        where.orderId ? eq(restaurantEvents.orderId, where.orderId) : undefined,
        where.tableId ? eq(restaurantEvents.tableId, where.tableId) : undefined,
      ),
    )
    .orderBy(asc(restaurantEvents.seq));
  return rows.map((r) => r.data as Record<string, unknown>);
}

/** What the server must have computed for an order's lines: gross − discount, service on the subtotal. */
function expectTotalsConsistent(order: TOrder) {
  const subtotal = order.items.reduce((s, l) => s + l.lineTotalMinor, 0);
  for (const l of order.items) expect(l.lineTotalMinor).toBe(l.unitPriceMinor * l.quantity - l.discountMinor);
  expect(order.subtotalMinor).toBe(subtotal);
  expect(order.discountMinor).toBe(order.items.reduce((s, l) => s + l.discountMinor, 0));
  expect(order.serviceChargeMinor).toBe(Math.floor((subtotal * 1250 + 5000) / 10000));
  expect(order.totalMinor).toBe(subtotal + order.serviceChargeMinor + order.tipMinor);
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

// ---- changing a line ----------------------------------------------------------------------------------

describe('PUT /api/orders/{id}/lines/{lineIndex}', () => {
  it('changes quantity, note, seat and course while the kitchen has not started, with the totals and an audit entry', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 1, quantity: 2 },
    ]);
    const response = await changeLine(waiter.token, placed.id, 1, {
      quantity: 3,
      note: 'no cocoa',
      seat: 4,
      course: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<TOrder>();
    expect(changed.items[1]).toMatchObject({
      quantity: 3,
      note: 'no cocoa',
      seat: 4,
      course: 3,
      lineTotalMinor: 1950,
    });
    expect(changed.subtotalMinor).toBe(1234 + 1950);
    expectTotalsConsistent(changed);
    expect(changed.version).toBe(placed.version + 1);
    expect(await getOrder(placed.id)).toEqual(changed);
    // The order and its bill told.
    expect((await eventsOf('order.updated', { orderId: placed.id })).at(-1)).toEqual({ order: changed });
    expect((await eventsOf('bill.updated', { tableId: table.id })).at(-1)).toMatchObject({
      totalMinor: changed.totalMinor,
      dueMinor: changed.totalMinor,
    });
    const [entry] = await auditOf(placed.id);
    expect(entry).toMatchObject({
      kind: 'order.line_changed',
      actorId: waiter.staffId,
      actorName: 'Waiter Person',
      approvedById: null,
      orderNumber: placed.number,
      tableNumber: table.number,
    });
    expect(entry!.details).toMatchObject({
      lineIndex: 1,
      name: 'Tiramisu',
      before: { quantity: 2, note: null, seat: null, course: 2, lineTotalMinor: 1300 },
      after: { quantity: 3, note: 'no cocoa', seat: 4, course: 3, lineTotalMinor: 1950 },
      orderTotalMinor: { before: placed.totalMinor, after: changed.totalMinor },
    });
    // What the line already is changes nothing: no new version, no entry.
    for (const same of [{}, { quantity: 3, seat: 4 }]) {
      const unchanged = await changeLine(waiter.token, placed.id, 1, same);
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json<TOrder>().version).toBe(changed.version);
    }
    expect(await auditOf(placed.id)).toHaveLength(1);
    // Accepted is not started yet; an empty note clears it.
    await moveTo(placed.id, 'accepted');
    const cleared = await changeLine(waiter.token, placed.id, 1, { note: '', quantity: 1 });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<TOrder>().items[1]).toMatchObject({ note: null, quantity: 1, lineTotalMinor: 650 });
  });

  it('prices changed options again from the menu, and refuses choices the menu does not have (422)', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 3, quantity: 2, options: [{ group: 'Size', choice: 'Regular' }] },
    ]);
    const large = await changeLine(waiter.token, placed.id, 0, {
      options: [{ group: 'Size', choice: 'Large' }],
    });
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json<TOrder>().items[0]).toMatchObject({
      unitPriceMinor: 1200,
      options: [{ group: 'Size', choice: 'Large', priceMinor: 300 }],
      lineTotalMinor: 2400,
    });
    const wrong = await changeLine(waiter.token, placed.id, 0, {
      options: [{ group: 'Size', choice: 'Huge' }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).fields).toHaveProperty('options');
    const missing = await changeLine(waiter.token, placed.id, 0, { options: [] });
    expect(missing.statusCode).toBe(422);
    // Unknown fields and a quantity of 0 are not changes (400): a line is voided, not emptied.
    expect((await changeLine(waiter.token, placed.id, 0, { quantity: 0 })).statusCode).toBe(400);
    expect((await changeLine(waiter.token, placed.id, 0, { priceMinor: 1 })).statusCode).toBe(400);
  });

  it('answers 409 LINE_STARTED once the kitchen prepares it, 409 for a cancelled order, 404 for no such line', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 0, quantity: 1 }]);
    expect((await changeLine(waiter.token, placed.id, 5, { quantity: 2 })).statusCode).toBe(404);
    await moveTo(placed.id, 'preparing');
    const started = await changeLine(waiter.token, placed.id, 0, { quantity: 2 });
    expect(started.statusCode).toBe(409);
    expect(errorOf(started).code).toBe('LINE_STARTED');
    const seat = await changeLine(waiter.token, placed.id, 0, { seat: 2 });
    expect(errorOf(seat).code).toBe('LINE_STARTED');
    const cancelled = await staffOrder(table, [{ dish: 0, quantity: 1 }]);
    await moveTo(cancelled.id, 'cancelled');
    expect((await changeLine(waiter.token, cancelled.id, 0, { quantity: 2 })).statusCode).toBe(409);
    expect(await auditOf(placed.id)).toEqual([]);
  });

  it('refuses the kitchen (no orders.create: 403) and another restaurant (404)', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 0, quantity: 1 }]);
    expect((await changeLine(kitchen.token, placed.id, 0, { quantity: 2 })).statusCode).toBe(403);
    expect((await changeLine(b.owner.token, placed.id, 0, { quantity: 2 })).statusCode).toBe(404);
    expect((await getOrder(placed.id)).items[0]!.quantity).toBe(1);
  });
});

// ---- voids and approvals ----------------------------------------------------------------------------

describe('POST /api/orders/{id}/lines/{lineIndex}/void', () => {
  it('moves units to voidedQuantity, takes them off the totals and the bill, and logs who, why and how much', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 1, quantity: 3 },
    ]);
    const response = await voidLine(manager.token, placed.id, 1, {
      quantity: 2,
      reason: 'wrong_item',
      note: 'meant espresso',
    });
    expect(response.statusCode, response.body).toBe(200);
    const voided = response.json<TOrder>();
    expect(voided.items[1]).toMatchObject({ quantity: 1, voidedQuantity: 2, lineTotalMinor: 650 });
    expectTotalsConsistent(voided);
    const bill = await staffBill(table);
    expect(bill.totalMinor).toBe(voided.totalMinor);
    expect(bill.lines.find((l) => l.lineIndex === 1)).toMatchObject({ quantity: 1 });
    expect((await eventsOf('bill.updated', { tableId: table.id })).at(-1)).toMatchObject({
      totalMinor: voided.totalMinor,
    });
    const [entry] = await auditOf(placed.id);
    expect(entry).toMatchObject({
      kind: 'order.line_voided',
      actorId: manager.staffId,
      approvedById: null,
      amountMinor: 1300,
      reason: 'wrong_item',
    });
    expect(entry!.details).toMatchObject({
      lineIndex: 1,
      name: 'Tiramisu',
      quantity: 2,
      note: 'meant espresso',
    });
    // The last unit too: the line stays on the ticket, struck through, and leaves the bill.
    const all = (
      await voidLine(manager.token, placed.id, 1, { quantity: 1, reason: 'quality' })
    ).json<TOrder>();
    expect(all.items[1]).toMatchObject({ quantity: 0, voidedQuantity: 3, lineTotalMinor: 0 });
    expect((await staffBill(table)).lines.map((l) => l.name)).toEqual(['Lasagne']);
    const again = await voidLine(manager.token, placed.id, 1, { quantity: 1, reason: 'quality' });
    expect(again.statusCode).toBe(409);
    const tooMany = await voidLine(manager.token, placed.id, 0, { quantity: 2, reason: 'other' });
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany).fields).toEqual({ quantity: 'must be at most 1' });
  });

  it('needs orders.void or a PIN: 403 APPROVAL_REQUIRED, 403 APPROVAL_REFUSED, and the approver logged', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 1, quantity: 4 }]);
    const required = await voidLine(waiter.token, placed.id, 0, {
      quantity: 1,
      reason: 'guest_changed_mind',
    });
    expect(required.statusCode).toBe(403);
    expect(errorOf(required).code).toBe('APPROVAL_REQUIRED');
    const wrong = await voidLine(waiter.token, placed.id, 0, {
      quantity: 1,
      reason: 'guest_changed_mind',
      approvalPin: '0000',
    });
    expect(errorOf(wrong).code).toBe('APPROVAL_REFUSED');
    // A PIN of someone who lacks orders.void (the waiter's own) approves nothing.
    await callApi(t.app, waiter.token, staffEndpoints.setStaffPin, {
      params: { id: waiter.staffId },
      body: { pin: '13579' },
    });
    const own = await voidLine(waiter.token, placed.id, 0, {
      quantity: 1,
      reason: 'guest_changed_mind',
      approvalPin: '13579',
    });
    expect(errorOf(own).code).toBe('APPROVAL_REFUSED');
    expect((await getOrder(placed.id)).items[0]!.quantity).toBe(4);
    const approved = await voidLine(waiter.token, placed.id, 0, {
      quantity: 1,
      reason: 'guest_changed_mind',
      approvalPin: MANAGER_PIN,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TOrder>().items[0]!.voidedQuantity).toBe(1);
    const [entry] = await auditOf(placed.id);
    expect(entry).toMatchObject({
      actorId: waiter.staffId,
      approvedById: manager.staffId,
      approvedByName: 'Manager Person',
    });
    // The kitchen holds neither orders.void nor orders.create: refused before any PIN.
    const kitchenTry = await voidLine(kitchen.token, placed.id, 0, {
      quantity: 1,
      reason: 'quality',
      approvalPin: MANAGER_PIN,
    });
    expect(errorOf(kitchenTry).code).toBe('FORBIDDEN');
    // A deactivated manager's PIN approves nothing.
    await callApi(t.app, a.owner.token, staffEndpoints.updateStaffMember, {
      params: { id: manager.staffId },
      body: { active: false },
    });
    try {
      const inactive = await voidLine(waiter.token, placed.id, 0, {
        quantity: 1,
        reason: 'quality',
        approvalPin: MANAGER_PIN,
      });
      expect(errorOf(inactive).code).toBe('APPROVAL_REFUSED');
    } finally {
      await callApi(t.app, a.owner.token, staffEndpoints.updateStaffMember, {
        params: { id: manager.staffId },
        body: { active: true },
      });
      manager = { ...manager, token: (await loginAgain(manager)).token };
    }
  });

  it('says when no one who may approve has set a PIN, until one does', async () => {
    const here = await seedRestaurant(t.app, { tables: [1] });
    const hisWaiter = await createStaffMember(t, here.owner, 'Waiter');
    const hisManager = await createStaffMember(t, here.owner, 'Manager');
    const placed = await staffOrder(here.tables[0]!, [{ dish: 0, quantity: 2 }], hisWaiter.token, here);
    const ask = () => voidLine(hisWaiter.token, placed.id, 0, { quantity: 1, reason: 'other' });
    const unapprovable = await ask();
    expect(unapprovable.statusCode).toBe(403);
    expect(errorOf(unapprovable)).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      fields: { approvers: 'none has set a PIN' },
    });
    // A waiter's own PIN approves nothing: still none who may.
    await callApi(t.app, hisWaiter.token, staffEndpoints.setStaffPin, {
      params: { id: hisWaiter.staffId },
      body: { pin: '1357' },
    });
    expect(errorOf(await ask()).fields).toHaveProperty('approvers');
    await callApi(t.app, hisManager.token, staffEndpoints.setStaffPin, {
      params: { id: hisManager.staffId },
      body: { pin: '9753' },
    });
    const approvable = await ask();
    expect(errorOf(approvable).code).toBe('APPROVAL_REQUIRED');
    expect(errorOf(approvable).fields).not.toHaveProperty('approvers');
  });

  it('limits wrong PINs per restaurant: the sixth in ten minutes answers 429 with Retry-After, even a right one', async () => {
    const here = await seedRestaurant(t.app, { tables: [1] });
    const hisWaiter = await createStaffMember(t, here.owner, 'Waiter');
    const hisManager = await createStaffMember(t, here.owner, 'Manager');
    await callApi(t.app, hisManager.token, staffEndpoints.setStaffPin, {
      params: { id: hisManager.staffId },
      body: { pin: '9753' },
    });
    const placed = await staffOrder(here.tables[0]!, [{ dish: 0, quantity: 5 }], hisWaiter.token, here);
    const tryPin = (pin: string) =>
      voidLine(hisWaiter.token, placed.id, 0, { quantity: 1, reason: 'other', approvalPin: pin });
    // A right PIN is no guess: it does not count.
    expect((await tryPin('9753')).statusCode).toBe(200);
    for (let i = 0; i < PIN_ATTEMPTS; i++)
      expect(errorOf(await tryPin(`111${i}`)).code).toBe('APPROVAL_REFUSED');
    const limited = await tryPin('1119');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect((await tryPin('9753')).statusCode).toBe(429);
    // A caller holding the permission needs no PIN: not limited. Nor is another restaurant.
    expect(
      (await voidLine(here.owner.token, placed.id, 0, { quantity: 1, reason: 'other' })).statusCode,
    ).toBe(200);
    const mine = await staffOrder(await newTable(), [{ dish: 0, quantity: 2 }]);
    const elsewhere = await voidLine(waiter.token, mine.id, 0, {
      quantity: 1,
      reason: 'other',
      approvalPin: MANAGER_PIN,
    });
    expect(elsewhere.statusCode).toBe(200);
    // What went through is in the log; the refused attempts changed nothing.
    expect((await auditOf(placed.id)).map((e) => e.kind)).toEqual(['order.line_voided', 'order.line_voided']);
  });

  it('never voids paid units (409 UNITS_PAID): units paid item by item, nor below what an amount paid', async () => {
    const table = await newTable();
    const placed = await guestOrder(table, [
      { dish: 0, quantity: 2 },
      { dish: 1, quantity: 2 },
    ]);
    // A guest pays one Lasagne by items.
    const checkout = await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
      body: {
        qrToken: table.qrToken,
        mode: 'items',
        items: [{ orderId: placed.id, lineIndex: 0, quantity: 1 }],
      },
    });
    // While it is being paid, its unit is held.
    const held = await voidLine(manager.token, placed.id, 0, { quantity: 2, reason: 'other' });
    expect(held.statusCode).toBe(409);
    await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
      params: { paymentId: checkout.paymentId },
      body: { outcome: 'pay' },
    });
    const paidUnit = await voidLine(manager.token, placed.id, 0, { quantity: 2, reason: 'other' });
    expect(paidUnit.statusCode).toBe(409);
    expect(errorOf(paidUnit).code).toBe('UNITS_PAID');
    // The unpaid one goes.
    expect((await voidLine(manager.token, placed.id, 0, { quantity: 1, reason: 'other' })).statusCode).toBe(
      200,
    );
    // By amount: cash covering all but a little; voiding below it is refused.
    const cashTable = await newTable();
    const cashOrder = await staffOrder(cashTable, [
      { dish: 0, quantity: 1 },
      { dish: 2, quantity: 1 },
    ]);
    await recordCash(t.app, a.owner.token, cashOrder.id, cashOrder.totalMinor - 100);
    const below = await voidLine(manager.token, cashOrder.id, 0, { quantity: 1, reason: 'other' });
    expect(below.statusCode).toBe(409);
    expect(errorOf(below).code).toBe('UNITS_PAID');
    expect((await getOrder(cashOrder.id)).totalMinor).toBe(cashOrder.totalMinor);
  });

  it('settles the visit when a void leaves nothing due of what was paid', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 2, quantity: 1 },
    ]);
    const lasagneOnly = Math.round(1234 * 1.125);
    await recordCash(t.app, a.owner.token, placed.id, lasagneOnly);
    const before = await staffBill(table);
    const voided = await voidLine(manager.token, placed.id, 1, { quantity: 1, reason: 'guest_changed_mind' });
    expect(voided.json<TOrder>()).toMatchObject({ totalMinor: lasagneOnly, paymentStatus: 'paid' });
    const events = await eventsOf('bill.updated', { tableId: table.id });
    expect(events.at(-1)).toMatchObject({ closed: true, visitId: before.visitId, dueMinor: 0 });
    expect((await staffBill(table)).visitId).not.toBe(before.visitId);
  });

  it('is idempotent: a retry with the same key replays the first answer', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 1, quantity: 5 }]);
    const body = { quantity: 1, reason: 'quality', approvalPin: MANAGER_PIN };
    const first = await voidLine(waiter.token, placed.id, 0, body, 'void-once');
    const second = await voidLine(
      waiter.token,
      placed.id,
      0,
      { ...body, approvalPin: MANAGER_PIN },
      'void-once',
    );
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await getOrder(placed.id)).items[0]).toMatchObject({ quantity: 4, voidedQuantity: 1 });
    // The same key with another request: 422.
    const other = await voidLine(waiter.token, placed.id, 0, { ...body, quantity: 2 }, 'void-once');
    expect(other.statusCode).toBe(422);
    // The key's record keeps no PIN (its request hash is taken without it).
    const keys = await queryRows<{ request_hash: string; response: unknown }>(
      db,
      sql`SELECT request_hash, response FROM idempotency_keys WHERE key = 'void-once'`,
    );
    expect(JSON.stringify(keys)).not.toContain(MANAGER_PIN);
  });

  for (const how of ['at once', 'in turn'] as const) {
    const name = `voids once for 20 retries sent ${how} with one key`;
    const test = async () => {
      const table = await newTable();
      const placed = await staffOrder(table, [{ dish: 1, quantity: 6 }]);
      const key = `void-race-${how.replace(' ', '-')}`;
      const answers = await sendAll(
        Array.from(
          { length: 20 },
          () => () => voidLine(manager.token, placed.id, 0, { quantity: 2, reason: 'other' }, key),
        ),
        how,
      );
      const statuses = answers.map((r) => r.statusCode);
      // A retry that finds the first still running may hear 409; none voids again.
      expect(
        statuses.every((s) => s === 200 || s === 409),
        statuses.join(),
      ).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect((await getOrder(placed.id)).items[0]).toMatchObject({ quantity: 4, voidedQuantity: 2 });
      expect((await auditOf(placed.id)).length).toBe(1);
    };
    if (how === 'at once') itRaces(name, test, 30_000);
    else it(name, test, 30_000);
  }
});

async function loginAgain(member: Member): Promise<{ token: string }> {
  const session = await callApi(t.app, null, authEndpoints.logIn, {
    query: { staff: 'true' },
    body: { email: member.email, password: member.password },
  });
  return { token: session.token! };
}

// ---- discounts ----------------------------------------------------------------------------------------

describe('POST /api/orders/{id}/discounts', () => {
  it('takes a percentage off a line and an amount off the order, spread exactly, before the service charge', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 1, quantity: 3 },
      { dish: 2, quantity: 1 },
    ]);
    const tenth = await discount(manager.token, placed.id, {
      lineIndex: 0,
      percent: 10,
      reason: 'complaint',
    });
    expect(tenth.statusCode, tenth.body).toBe(200);
    const afterLine = tenth.json<TOrder>();
    expect(afterLine.items[0]).toMatchObject({ discountMinor: 123, lineTotalMinor: 1111 });
    expectTotalsConsistent(afterLine);
    const fiver = await discount(manager.token, placed.id, { amountMinor: 500, reason: 'regular_guest' });
    const afterOrder = fiver.json<TOrder>();
    expect(afterOrder.discountMinor).toBe(623);
    expect(afterOrder.subtotalMinor).toBe(afterLine.subtotalMinor - 500);
    expectTotalsConsistent(afterOrder);
    // Spread in proportion to what each line charged: 1111, 1950, 130 of 3191.
    expect(afterOrder.items.map((l, i) => l.discountMinor - afterLine.items[i]!.discountMinor)).toEqual([
      174, 305, 21,
    ]);
    const entries = await auditOf(placed.id);
    expect(entries.map((e) => [e.kind, e.amountMinor, e.reason])).toEqual([
      ['order.discounted', 123, 'complaint'],
      ['order.discounted', 500, 'regular_guest'],
    ]);
    expect(entries[0]!.details).toMatchObject({ lineIndex: 0, percent: 10, name: 'Lasagne' });
    // The bill follows, every line at its discounted total.
    const bill = await staffBill(table);
    expect(bill.totalMinor).toBe(afterOrder.totalMinor);
    expect(sum(bill.lines.map((l) => l.totalMinor))).toBe(afterOrder.totalMinor);
  });

  it('comps a line (100 %), refuses more than is charged (422) or nothing left to discount (409)', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 1, quantity: 1 },
    ]);
    const comp = (
      await discount(manager.token, placed.id, { lineIndex: 1, percent: 100, reason: 'complaint' })
    ).json<TOrder>();
    expect(comp.items[1]).toMatchObject({ discountMinor: 650, lineTotalMinor: 0 });
    expect(comp.subtotalMinor).toBe(1234);
    expect(
      (await discount(manager.token, placed.id, { lineIndex: 1, percent: 50, reason: 'other' })).statusCode,
    ).toBe(409);
    const tooMuch = await discount(manager.token, placed.id, { amountMinor: 1235, reason: 'other' });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).fields).toEqual({ amountMinor: 'must be at most 1234' });
    const noLine = await discount(manager.token, placed.id, {
      lineIndex: 7,
      amountMinor: 1,
      reason: 'other',
    });
    expect(noLine.statusCode).toBe(422);
    // Both or neither of percent and amountMinor: 400.
    expect(
      (await discount(manager.token, placed.id, { percent: 5, amountMinor: 5, reason: 'other' })).statusCode,
    ).toBe(400);
    expect((await discount(manager.token, placed.id, { reason: 'other' })).statusCode).toBe(400);
    // Everything given away, even the bill of it.
    const all = (
      await discount(manager.token, placed.id, { percent: 100, reason: 'staff_meal' })
    ).json<TOrder>();
    expect(all).toMatchObject({
      subtotalMinor: 0,
      serviceChargeMinor: 0,
      totalMinor: 0,
      discountMinor: 1884,
    });
    // A visit with nothing paid stays open: the guests are still there.
    expect((await eventsOf('bill.updated', { tableId: table.id })).at(-1)).toMatchObject({
      closed: false,
      totalMinor: 0,
    });
  });

  it('needs orders.discount or a PIN, and never goes below what is paid (409)', async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 0, quantity: 2 }]);
    const required = await discount(waiter.token, placed.id, { percent: 10, reason: 'complaint' });
    expect(errorOf(required).code).toBe('APPROVAL_REQUIRED');
    const approved = await discount(waiter.token, placed.id, {
      percent: 10,
      reason: 'complaint',
      approvalPin: MANAGER_PIN,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await auditOf(placed.id))[0]).toMatchObject({
      kind: 'order.discounted',
      approvedById: manager.staffId,
    });
    await recordCash(t.app, a.owner.token, placed.id, approved.json<TOrder>().totalMinor - 50);
    const below = await discount(manager.token, placed.id, { amountMinor: 100, reason: 'other' });
    expect(below.statusCode).toBe(409);
    expect((await discount(manager.token, placed.id, { amountMinor: 40, reason: 'other' })).statusCode).toBe(
      200,
    );
  });

  it('never discounts units paid item by item (409 UNITS_PAID), and is idempotent', async () => {
    const table = await newTable();
    const placed = await guestOrder(table, [
      { dish: 0, quantity: 1 },
      { dish: 1, quantity: 2 },
    ]);
    const checkout = await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
      body: {
        qrToken: table.qrToken,
        mode: 'items',
        items: [{ orderId: placed.id, lineIndex: 1, quantity: 1 }],
      },
    });
    await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
      params: { paymentId: checkout.paymentId },
      body: { outcome: 'pay' },
    });
    const paidLine = await discount(manager.token, placed.id, { lineIndex: 1, percent: 10, reason: 'other' });
    expect(errorOf(paidLine).code).toBe('UNITS_PAID');
    expect(errorOf(await discount(manager.token, placed.id, { percent: 10, reason: 'other' })).code).toBe(
      'UNITS_PAID',
    );
    const first = await discount(
      manager.token,
      placed.id,
      { lineIndex: 0, amountMinor: 234, reason: 'promotion' },
      'disc-1',
    );
    const retry = await discount(
      manager.token,
      placed.id,
      { lineIndex: 0, amountMinor: 234, reason: 'promotion' },
      'disc-1',
    );
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await getOrder(placed.id)).discountMinor).toBe(234);
    // Paying for the rest by items: live units at their discounted totals, exactly what is due.
    const bill = await staffBill(table);
    const rest = bill.lines.flatMap((l) => {
      const left = l.quantity - l.paidQuantity;
      return left > 0 ? [{ orderId: l.orderId, lineIndex: l.lineIndex, quantity: left }] : [];
    });
    const last = await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
      body: { qrToken: table.qrToken, mode: 'items', items: rest },
    });
    expect(last.amountMinor).toBe(bill.dueMinor);
  });

  it("refuses another restaurant's order (404) and the kitchen (403)", async () => {
    const table = await newTable();
    const placed = await staffOrder(table, [{ dish: 0, quantity: 1 }]);
    expect((await discount(b.owner.token, placed.id, { percent: 10, reason: 'other' })).statusCode).toBe(404);
    expect((await voidLine(b.owner.token, placed.id, 0, { quantity: 1, reason: 'other' })).statusCode).toBe(
      404,
    );
    expect((await discount(kitchen.token, placed.id, { percent: 10, reason: 'other' })).statusCode).toBe(403);
    // B's manager PIN approves nothing in A; A's in B neither.
    const theirManager = await createStaffMember(t, b.owner, 'Manager');
    await callApi(t.app, theirManager.token, staffEndpoints.setStaffPin, {
      params: { id: theirManager.staffId },
      body: { pin: '864200' },
    });
    const foreignPin = await discount(waiter.token, placed.id, {
      percent: 10,
      reason: 'other',
      approvalPin: '864200',
    });
    expect(errorOf(foreignPin).code).toBe('APPROVAL_REFUSED');
    expect(await auditOf(placed.id)).toEqual([]);
  });
});

// ---- voids and discounts on the bill ----------------------------------------------------------------

describe('the bill, after voids and discounts', () => {
  it('offers live units only, at their discounted totals, and paying them all pays the bill exactly', async () => {
    const table = await newTable();
    const first = await guestOrder(table, [
      { dish: 0, quantity: 3 },
      { dish: 1, quantity: 2 },
      { dish: 2, quantity: 4 },
    ]);
    const second = await staffOrder(table, [{ dish: 1, quantity: 3 }]);
    await voidLine(manager.token, first.id, 2, { quantity: 4, reason: 'wrong_item' });
    await voidLine(manager.token, first.id, 0, { quantity: 1, reason: 'quality' });
    await discount(manager.token, first.id, { lineIndex: 1, percent: 15, reason: 'complaint' });
    await discount(manager.token, second.id, { amountMinor: 333, reason: 'regular_guest' });
    const bill = await staffBill(table);
    const orders = [await getOrder(first.id), await getOrder(second.id)];
    expect(bill.lines.map((l) => [l.orderNumber, l.lineIndex, l.quantity])).toEqual([
      [first.number, 0, 2],
      [first.number, 1, 2],
      [second.number, 0, 3],
    ]);
    expect(bill.totalMinor).toBe(sum(orders.map((o) => o.totalMinor)));
    expect(sum(bill.lines.map((l) => l.totalMinor))).toBe(bill.totalMinor);
    // A voided unit cannot be paid for.
    const voided = await injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
      body: {
        qrToken: table.qrToken,
        mode: 'items',
        items: [{ orderId: first.id, lineIndex: 2, quantity: 1 }],
      },
    });
    expect(voided.statusCode).toBe(422);
    const tooMany = await injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
      body: {
        qrToken: table.qrToken,
        mode: 'items',
        items: [{ orderId: first.id, lineIndex: 0, quantity: 3 }],
      },
    });
    expect(tooMany.statusCode).toBe(409);
    // Unit by unit, every live unit: the payments add up to the bill.
    let paid = 0;
    for (const line of bill.lines) {
      for (let unit = 0; unit < line.quantity; unit++) {
        const checkout = await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
          body: {
            qrToken: table.qrToken,
            mode: 'items',
            items: [{ orderId: line.orderId, lineIndex: line.lineIndex, quantity: 1 }],
          },
        });
        paid += checkout.amountMinor;
        await callApi(t.app, null, paymentsEndpoints.sandboxComplete, {
          params: { paymentId: checkout.paymentId },
          body: { outcome: 'pay' },
        });
      }
    }
    expect(paid).toBe(bill.totalMinor);
    expect((await eventsOf('bill.updated', { tableId: table.id })).at(-1)).toMatchObject({
      closed: true,
      dueMinor: 0,
    });
  });
});

// ---- moving orders and merging tables ------------------------------------------------------------------

async function billTotals(...tables: TTable[]) {
  return sum(await Promise.all(tables.map(async (table) => (await staffBill(table)).totalMinor)));
}

describe('POST /api/orders/{id}/move', () => {
  it("moves an order with nothing paid to another table's bill: both bills follow, the money stays", async () => {
    const from = await newTable();
    const to = await newTable();
    const moving = await staffOrder(from, [{ dish: 0, quantity: 2 }]);
    const staying = await guestOrder(from, [{ dish: 1, quantity: 1 }]);
    const there = await staffOrder(to, [{ dish: 2, quantity: 3 }]);
    const before = await billTotals(from, to);
    const response = await moveOrder(a.owner.token, moving.id, to.id);
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<TOrder>();
    expect(moved).toMatchObject({ tableId: to.id, tableNumber: to.number, totalMinor: moving.totalMinor });
    expect(await billTotals(from, to)).toBe(before);
    expect((await staffBill(from)).totalMinor).toBe(staying.totalMinor);
    expect((await staffBill(to)).totalMinor).toBe(there.totalMinor + moving.totalMinor);
    expect((await eventsOf('bill.updated', { tableId: from.id })).at(-1)).toMatchObject({
      totalMinor: staying.totalMinor,
    });
    expect((await eventsOf('bill.updated', { tableId: to.id })).at(-1)).toMatchObject({
      totalMinor: there.totalMinor + moving.totalMinor,
    });
    expect((await eventsOf('order.updated', { orderId: moving.id })).at(-1)).toEqual({ order: moved });
    const [entry] = await auditOf(moving.id);
    expect(entry).toMatchObject({
      kind: 'order.moved',
      tableNumber: to.number,
      amountMinor: moving.totalMinor,
    });
    expect(entry!.details).toEqual({ fromTableNumber: from.number, toTableNumber: to.number });
  });

  it('refuses an order with money paid, a final one, the same table, an inactive table, and a table being paid (409)', async () => {
    const from = await newTable();
    const to = await newTable();
    const paid = await staffOrder(from, [{ dish: 0, quantity: 1 }]);
    await recordCash(t.app, a.owner.token, paid.id, 100);
    expect((await moveOrder(a.owner.token, paid.id, to.id)).statusCode).toBe(409);
    const cancelled = await staffOrder(from, [{ dish: 0, quantity: 1 }]);
    await moveTo(cancelled.id, 'cancelled');
    expect((await moveOrder(a.owner.token, cancelled.id, to.id)).statusCode).toBe(409);
    const open = await staffOrder(from, [{ dish: 1, quantity: 1 }]);
    expect((await moveOrder(a.owner.token, open.id, from.id)).statusCode).toBe(409);
    const inactive = await newTable();
    await callApi(t.app, a.owner.token, tablesEndpoints.updateTable, {
      params: { id: inactive.id },
      body: { active: false },
    });
    expect((await moveOrder(a.owner.token, open.id, inactive.id)).statusCode).toBe(409);
    // A guest paying at the table holds what their checkout was priced from.
    await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
      body: { qrToken: from.qrToken, mode: 'full' },
    });
    const paying = await moveOrder(a.owner.token, open.id, to.id);
    expect(paying.statusCode).toBe(409);
    expect((await getOrder(open.id)).tableId).toBe(from.id);
    expect(await auditOf(open.id)).toEqual([]);
  });

  it('needs orders.manage (403) and keeps restaurants apart (404)', async () => {
    const from = await newTable();
    const to = await newTable();
    const placed = await staffOrder(from, [{ dish: 0, quantity: 1 }]);
    const { items: roles } = await callApi(t.app, a.owner.token, rolesEndpoints.listRoles);
    expect(roles.find((r) => r.name === 'Cashier')?.permissions).not.toContain('orders.manage');
    const cashier = await createStaffMember(t, a.owner, 'Cashier');
    expect((await moveOrder(cashier.token, placed.id, to.id)).statusCode).toBe(403);
    expect((await moveOrder(b.owner.token, placed.id, b.tables[0]!.id)).statusCode).toBe(404);
    expect((await moveOrder(a.owner.token, placed.id, b.tables[0]!.id)).statusCode).toBe(404);
    expect((await getOrder(placed.id)).tableId).toBe(from.id);
  });
});

describe('POST /api/tables/{id}/merge', () => {
  it("moves every order of the other table's bill here; its visit ends empty, its guests seated here", async () => {
    const into = await newTable();
    const from = await newTable();
    const here = await staffOrder(into, [{ dish: 0, quantity: 1 }]);
    const one = await guestOrder(from, [{ dish: 1, quantity: 2 }]);
    const two = await staffOrder(from, [{ dish: 2, quantity: 3 }]);
    const cancelled = await staffOrder(from, [{ dish: 2, quantity: 1 }]);
    await moveTo(cancelled.id, 'cancelled');
    await db
      .update(diningTables)
      .set({ visitCovers: 2, visitWaiterId: waiter.staffId })
      .where(eq(diningTables.id, from.id));
    await db.update(diningTables).set({ visitCovers: 3 }).where(eq(diningTables.id, into.id));
    const before = await billTotals(into, from);
    const fromVisit = (await staffBill(from)).visitId;

    const response = await merge(waiter.token, into.id, from.id);
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json<TFloorTable>();
    expect(entry).toMatchObject({
      id: into.id,
      number: into.number,
      state: 'ordered',
      covers: 5,
      waiter: { id: waiter.staffId, name: 'Waiter Person' },
      openOrders: 3,
      totalMinor: before,
      dueMinor: before,
    });
    expect(await billTotals(into, from)).toBe(before);
    const fromBill = await staffBill(from);
    expect(fromBill).toMatchObject({ totalMinor: 0, lines: [] });
    expect(fromBill.visitId).not.toBe(fromVisit);
    const [fromRow] = await db.select().from(diningTables).where(eq(diningTables.id, from.id));
    expect(fromRow).toMatchObject({ visitCovers: null, visitWaiterId: null, visitOpenedAt: null });
    for (const id of [one.id, two.id]) expect((await getOrder(id)).tableId).toBe(into.id);
    expect((await getOrder(cancelled.id)).tableId).toBe(from.id);
    expect((await staffBill(into)).lines.map((l) => l.orderNumber)).toEqual([
      here.number,
      one.number,
      two.number,
    ]);
    expect((await eventsOf('bill.updated', { tableId: from.id })).at(-1)).toMatchObject({
      closed: true,
      visitId: fromVisit,
    });
    expect((await eventsOf('bill.updated', { tableId: into.id })).at(-1)).toMatchObject({
      totalMinor: before,
    });
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'table.merged'), eq(auditLog.tableNumber, into.number)));
    expect(logged).toMatchObject({ actorId: waiter.staffId, amountMinor: one.totalMinor + two.totalMinor });
    expect(logged!.details).toEqual({
      fromTableNumber: from.number,
      toTableNumber: into.number,
      orders: [one.number, two.number],
    });
  });

  it('refuses (409, nothing moved) an order with money paid, a checkout held on either table, the same table', async () => {
    const into = await newTable();
    const from = await newTable();
    const unpaid = await staffOrder(from, [{ dish: 0, quantity: 1 }]);
    const paid = await staffOrder(from, [{ dish: 1, quantity: 1 }]);
    await recordCash(t.app, a.owner.token, paid.id, 100);
    expect((await merge(a.owner.token, into.id, from.id)).statusCode).toBe(409);
    expect((await getOrder(unpaid.id)).tableId).toBe(from.id);
    expect((await merge(a.owner.token, into.id, into.id)).statusCode).toBe(409);
    const otherFrom = await newTable();
    await staffOrder(otherFrom, [{ dish: 0, quantity: 1 }]);
    await staffOrder(into, [{ dish: 2, quantity: 1 }]);
    await callApi(t.app, null, tableServiceEndpoints.startBillCheckout, {
      body: { qrToken: into.qrToken, mode: 'full' },
    });
    const paying = await merge(a.owner.token, into.id, otherFrom.id);
    expect(paying.statusCode).toBe(409);
    expect((await staffBill(otherFrom)).lines.length).toBe(1);
  });

  it('needs orders.manage (403) and keeps restaurants apart (404)', async () => {
    const into = await newTable();
    const from = await newTable();
    await staffOrder(from, [{ dish: 0, quantity: 1 }]);
    const cashier = await createStaffMember(t, a.owner, 'Cashier');
    expect((await merge(cashier.token, into.id, from.id)).statusCode).toBe(403);
    expect((await merge(b.owner.token, into.id, b.tables[0]!.id)).statusCode).toBe(404);
    expect((await merge(a.owner.token, into.id, b.tables[0]!.id)).statusCode).toBe(404);
    expect((await merge(b.owner.token, b.tables[0]!.id, from.id)).statusCode).toBe(404);
    expect((await staffBill(from)).lines.length).toBe(1);
  });
});
