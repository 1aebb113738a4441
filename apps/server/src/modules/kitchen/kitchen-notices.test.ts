import { kitchenEndpoints, type TKitchenTicket, type TKitchenView } from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { staffEndpoints } from '@tavolo/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  openEventStream,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
  urlOf,
} from '../../../test/helpers';
import { findKitchenOrders } from './kitchen.repository';

/*
 * What the station must hear about a line it was sent (PRODUCT.md §10): a void, a change, a recall
 * stays on its ticket, marked, until the cook acknowledges it — also when it was the ticket's only
 * line, which must not count as done before that.
 */

let t: TestApp;
let base: string;
let a: SeededRestaurant;
let b: SeededRestaurant;
let cook: Awaited<ReturnType<typeof createStaffMember>>;
let waiter: Awaited<ReturnType<typeof createStaffMember>>;
let manager: Awaited<ReturnType<typeof createStaffMember>>;
let soup: TMenuItem;
let salad: TMenuItem;
const MANAGER_PIN = '4826';

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await seedRestaurant(t.app, { tables: [1, 2] });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  cook = await createStaffMember(t, a.owner, 'Kitchen');
  waiter = await createStaffMember(t, a.owner, 'Waiter');
  manager = await createStaffMember(t, a.owner, 'Manager');
  await callApi(t.app, manager.token, staffEndpoints.setStaffPin, {
    params: { id: manager.staffId },
    body: { pin: MANAGER_PIN },
  });
  const starters = await callApi(t.app, a.owner.token, categoriesEndpoints.createCategory, {
    body: { name: 'Starters', course: 1 },
  });
  const dish = (name: string) =>
    callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: starters.id, name, priceMinor: 800 },
    });
  soup = await dish('Minestrone');
  salad = await dish('Panzanella');
});
afterAll(() => t.close());

function place(items: { menuItemId: string; quantity?: number }[]): Promise<TOrder> {
  return callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
    body: { tableId: a.tables[0]!.id, items: items.map((l) => ({ quantity: 1, ...l })) },
  }) as Promise<TOrder>;
}

function start(orderId: string, lineIndexes: number[], status: 'preparing' | 'ready' = 'preparing') {
  return callApi(t.app, cook.token, kitchenEndpoints.bumpLines, {
    body: { orderId, lineIndexes, status },
  });
}

/** The waiter voids with the manager's PIN, as at the table. */
function voidWithPin(orderId: string, lineIndex: number, quantity: number) {
  return callApi(t.app, waiter.token, orderChangesEndpoints.voidOrderLine, {
    params: { id: orderId, lineIndex },
    body: { quantity, reason: 'guest_changed_mind', approvalPin: MANAGER_PIN },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

function move(orderId: string, status: 'served' | 'completed' | 'cancelled', token = a.owner.token) {
  return callApi(t.app, token, ordersEndpoints.updateOrderStatus, {
    params: { id: orderId },
    body: { status, ...(status === 'cancelled' ? { reason: 'The guests left' } : {}) },
  });
}

function acknowledge(orderId: string, lineIndexes: number[], token = cook.token) {
  return injectApi(t.app, kitchenEndpoints.acknowledgeLines, {
    headers: bearer(token),
    body: { orderId, lineIndexes },
  });
}

/** The salads the station's all-day panel counts. */
async function saladsToMake(): Promise<number> {
  const screen: TKitchenView = await callApi(t.app, cook.token, kitchenEndpoints.getKitchen, { query: {} });
  return screen.allDay.find((row) => row.menuItemId === salad.id)?.quantity ?? 0;
}

async function ticketOf(orderId: string): Promise<TKitchenTicket | undefined> {
  const screen: TKitchenView = await callApi(t.app, cook.token, kitchenEndpoints.getKitchen, { query: {} });
  return screen.tickets.find((tk) => tk.orderId === orderId);
}

describe('a void the station must see', () => {
  it('a started line voided stays on its ticket, marked VOID with what the cook had, until acknowledged', async () => {
    const order = await place([{ menuItemId: soup.id, quantity: 2 }, { menuItemId: salad.id }]);
    await start(order.id, [0]);
    const voided = await voidWithPin(order.id, 0, 2);
    expect(voided.items[0]).toMatchObject({ quantity: 0, voidedQuantity: 2, kitchenStatus: 'voided' });
    expect(voided.items[0]!.voidedAt).not.toBeNull();
    const line = (await ticketOf(order.id))!.lines[0]!;
    expect(line).toMatchObject({
      name: 'Minestrone',
      kitchenStatus: 'voided',
      voidedQuantity: 2,
      notice: { kind: 'voided', was: { quantity: 2, options: [], note: null, seat: null, course: 1 } },
    });
    expect(line.voidedAt).toBe(voided.items[0]!.voidedAt);
    // The salad's line carries no notice.
    expect((await ticketOf(order.id))!.lines[1]!.notice).toBeNull();
    const acknowledged = await acknowledge(order.id, [0]);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json<TOrder>().items[0]!.kitchenNotice).toBeNull();
    // The salad is still to make: the ticket stays, its voided line struck through without a mark.
    expect((await ticketOf(order.id))!.lines[0]).toMatchObject({ kitchenStatus: 'voided', notice: null });
  });

  it('a ticket whose only line is voided stays until acknowledged, then leaves (done); the stream says so', async () => {
    const order = await place([{ menuItemId: soup.id }]);
    await start(order.id, [0]);
    await ticketOf(order.id);
    const stream = await openEventStream(base + urlOf(ordersEndpoints.restaurantStream), bearer(cook.token));
    try {
      await voidWithPin(order.id, 0, 1);
      const marked = await stream.next(
        (e) => e.event === 'kitchen.updated' && Boolean(e.data?.includes(order.id)),
      );
      expect(JSON.parse(marked.data!)).toMatchObject({
        done: false,
        ticket: { lines: [{ kitchenStatus: 'voided', notice: { kind: 'voided' } }] },
      });
      expect(await ticketOf(order.id)).toBeDefined();
      expect((await acknowledge(order.id, [0])).statusCode).toBe(200);
      const gone = await stream.next(
        (e) =>
          e.event === 'kitchen.updated' && Boolean(e.data?.includes(order.id)) && JSON.parse(e.data!).done,
      );
      expect(JSON.parse(gone.data!).ticket.lines[0].notice).toBeNull();
    } finally {
      stream.close();
    }
    expect(await ticketOf(order.id)).toBeUndefined();
  });

  it('a second acknowledge changes nothing; an unknown line answers 422; a ready ticket voided comes back', async () => {
    const order = await place([{ menuItemId: soup.id, quantity: 3 }]);
    await start(order.id, [0], 'ready');
    expect(await ticketOf(order.id)).toBeUndefined();
    // Two of three voided: the third stays ready, the ticket comes back to say so.
    await voidWithPin(order.id, 0, 2);
    expect((await ticketOf(order.id))!.lines[0]).toMatchObject({
      quantity: 1,
      voidedQuantity: 2,
      kitchenStatus: 'ready',
      notice: { kind: 'voided', was: { quantity: 3 } },
    });
    const first = (await acknowledge(order.id, [0])).json<TOrder>();
    const second = await acknowledge(order.id, [0]);
    expect(second.statusCode).toBe(200);
    expect(second.json<TOrder>().version).toBe(first.version);
    expect(await ticketOf(order.id)).toBeUndefined();
    const unknown = await acknowledge(order.id, [5]);
    expect([unknown.statusCode, errorOf(unknown).fields]).toEqual([422, { lineIndexes: 'must be below 1' }]);
  });

  it('a held line voided is not news to any station; a completed order cannot be acknowledged (409)', async () => {
    const order = await place([{ menuItemId: soup.id }]);
    await start(order.id, [0], 'ready');
    await move(order.id, 'served');
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: order.totalMinor },
    });
    expect((await move(order.id, 'completed')).status).toBe('completed');
    const refused = await acknowledge(order.id, [0]);
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'INVALID_TRANSITION']);
    const held = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
      body: {
        tableId: a.tables[1]!.id,
        items: [
          { menuItemId: soup.id, quantity: 1 },
          { menuItemId: salad.id, quantity: 1, course: 3 },
        ],
      },
    });
    const voided = await voidWithPin(held.id, 1, 1);
    expect(voided.items[1]).toMatchObject({ kitchenStatus: 'voided', kitchenNotice: null });
  });

  it("another restaurant's order answers 404, whatever its lines", async () => {
    const order = await place([{ menuItemId: soup.id }]);
    const theirs = await acknowledge(order.id, [0], b.owner.token);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('changes and recalls the station must see', () => {
  it('a queued line changed shows CHANGED with what it was; a recall shows RECALLED; both until acknowledged', async () => {
    const order = await place([{ menuItemId: soup.id }, { menuItemId: salad.id }]);
    const changed = await callApi(t.app, waiter.token, orderChangesEndpoints.changeOrderLine, {
      params: { id: order.id, lineIndex: 0 },
      body: { quantity: 2, note: 'no cheese' },
    });
    expect(changed.items[0]!.kitchenNotice).toMatchObject({
      kind: 'changed',
      was: { quantity: 1, note: null },
    });
    // A second change keeps what the cook last acknowledged.
    await callApi(t.app, waiter.token, orderChangesEndpoints.changeOrderLine, {
      params: { id: order.id, lineIndex: 0 },
      body: { quantity: 3 },
    });
    expect((await ticketOf(order.id))!.lines[0]).toMatchObject({
      quantity: 3,
      note: 'no cheese',
      notice: { kind: 'changed', was: { quantity: 1, note: null } },
    });
    await acknowledge(order.id, [0]);
    await start(order.id, [0, 1], 'ready');
    expect(await ticketOf(order.id)).toBeUndefined();
    const recalled = await callApi(t.app, a.owner.token, kitchenEndpoints.recallLines, {
      body: { orderId: order.id, lineIndexes: [1] },
    });
    expect(recalled.items[1]!.kitchenNotice).toMatchObject({ kind: 'recalled', was: null });
    expect((await ticketOf(order.id))!.lines[1]!.notice?.kind).toBe('recalled');
    const seen = (await acknowledge(order.id, [1])).json<TOrder>();
    // Acknowledged, the recalled line is still to make: the ticket stays, unmarked.
    expect(seen.items[1]).toMatchObject({ kitchenStatus: 'preparing', kitchenNotice: null });
    expect((await ticketOf(order.id))!.lines[1]!.notice).toBeNull();
  });

  it('a recalled line bumped ready again has its recall seen to; a change stays until acknowledged', async () => {
    const order = await place([{ menuItemId: soup.id }, { menuItemId: salad.id }]);
    await callApi(t.app, waiter.token, orderChangesEndpoints.changeOrderLine, {
      params: { id: order.id, lineIndex: 1 },
      body: { note: 'dressing apart' },
    });
    await start(order.id, [0, 1], 'ready');
    await callApi(t.app, cook.token, kitchenEndpoints.recallLines, {
      body: { orderId: order.id, lineIndexes: [0] },
    });
    const bumped = await start(order.id, [0], 'ready');
    expect(bumped.items.map((line) => line.kitchenNotice?.kind ?? null)).toEqual([null, 'changed']);
    // Everything made, but a change not seen: the ticket stays on the station.
    expect((await ticketOf(order.id))!.lines.map((line) => line.kitchenStatus)).toEqual(['ready', 'ready']);
    await acknowledge(order.id, [1]);
    expect(await ticketOf(order.id)).toBeUndefined();
  });
});

describe('a cancelled order the station must see', () => {
  it('keeps its ticket with every line on the station marked VOID, until each is acknowledged; then it leaves', async () => {
    const order = await place([{ menuItemId: soup.id, quantity: 2 }, { menuItemId: salad.id }]);
    await start(order.id, [0]);
    const saladsBefore = await saladsToMake();
    const stream = await openEventStream(base + urlOf(ordersEndpoints.restaurantStream), bearer(cook.token));
    try {
      const cancelled = await move(order.id, 'cancelled');
      expect(cancelled.items.map((line) => [line.kitchenStatus, line.kitchenNotice?.kind])).toEqual([
        ['voided', 'voided'],
        ['voided', 'voided'],
      ]);
      const marked = await stream.next(
        (e) => e.event === 'kitchen.updated' && Boolean(e.data?.includes(order.id)),
      );
      expect(JSON.parse(marked.data!)).toMatchObject({ done: false, ticket: { orderId: order.id } });
    } finally {
      stream.close();
    }
    const ticket = (await ticketOf(order.id))!;
    expect(ticket.lines).toMatchObject([
      {
        name: 'Minestrone',
        quantity: 2,
        kitchenStatus: 'voided',
        notice: { kind: 'voided', was: { quantity: 2, course: 1 } },
      },
      { name: 'Panzanella', kitchenStatus: 'voided', notice: { kind: 'voided' } },
    ]);
    // Nothing of it is left to make: the all-day panel no longer counts its salad.
    expect(await saladsToMake()).toBe(saladsBefore - 1);
    const first = await acknowledge(order.id, [0]);
    expect([first.statusCode, first.json<TOrder>().status]).toEqual([200, 'cancelled']);
    // The salad's mark is still to see: the ticket stays.
    expect((await ticketOf(order.id))!.lines.map((line) => line.notice?.kind ?? null)).toEqual([
      null,
      'voided',
    ]);
    const seen = (await acknowledge(order.id, [1])).json<TOrder>();
    expect(seen.statusHistory.map((entry) => entry.status).at(-1)).toBe('cancelled');
    expect(await ticketOf(order.id)).toBeUndefined();
    // Nor is it among the recent ones to recall.
    const after: TKitchenView = await callApi(t.app, cook.token, kitchenEndpoints.getKitchen, { query: {} });
    expect(after.recent.some((tk) => tk.orderId === order.id)).toBe(false);
  });

  it('marks a ready line too, but not a served one: only the fired course still on the station comes back', async () => {
    const order = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
      body: {
        tableId: a.tables[1]!.id,
        items: [
          { menuItemId: soup.id, quantity: 1 },
          { menuItemId: salad.id, quantity: 1, course: 3 },
          { menuItemId: soup.id, quantity: 1, course: 3 },
        ],
      },
    });
    await start(order.id, [0], 'ready');
    await move(order.id, 'served');
    await callApi(t.app, waiter.token, kitchenEndpoints.fireCourse, {
      params: { id: order.id },
      body: { course: 3 },
    });
    await start(order.id, [2], 'ready');
    const cancelled = await move(order.id, 'cancelled');
    expect(cancelled.items.map((line) => [line.kitchenStatus, line.kitchenNotice?.kind ?? null])).toEqual([
      ['served', null],
      ['voided', 'voided'],
      ['voided', 'voided'],
    ]);
    const screen: TKitchenView = await callApi(t.app, cook.token, kitchenEndpoints.getKitchen, { query: {} });
    const mine = screen.tickets.filter((tk) => tk.orderId === order.id);
    expect(mine.map((tk) => [tk.course, tk.lines.map((line) => line.lineIndex)])).toEqual([[3, [1, 2]]]);
    await acknowledge(order.id, [1, 2]);
    expect(await ticketOf(order.id)).toBeUndefined();
  });

  it('leaves no ticket when nothing of it was on a station (its lines held, or voided and seen)', async () => {
    const order = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
      body: {
        tableId: a.tables[1]!.id,
        items: [
          { menuItemId: soup.id, quantity: 1 },
          { menuItemId: salad.id, quantity: 1, course: 3 },
        ],
      },
    });
    await voidWithPin(order.id, 0, 1);
    await acknowledge(order.id, [0]);
    const cancelled = await move(order.id, 'cancelled');
    expect(cancelled.items.map((line) => [line.kitchenStatus, line.kitchenNotice])).toEqual([
      ['voided', null],
      ['voided', null],
    ]);
    expect(await ticketOf(order.id)).toBeUndefined();
  });

  it('another instance opening the kitchen reads the marks of a cancelled order from the database, and only those', async () => {
    const marked = await place([{ menuItemId: soup.id }]);
    await start(marked.id, [0]);
    await move(marked.id, 'cancelled');
    const seen = await place([{ menuItemId: salad.id }]);
    await move(seen.id, 'cancelled');
    await acknowledge(seen.id, [0]);
    const loaded = (await findKitchenOrders(t.database.db, a.owner.restaurantId)).map((order) => order.id);
    expect([loaded.includes(marked.id), loaded.includes(seen.id)]).toEqual([true, false]);
    const other = await createTestApp({ database: t.database });
    try {
      const screen: TKitchenView = await callApi(other.app, cook.token, kitchenEndpoints.getKitchen, {
        query: {},
      });
      expect(screen.tickets.find((tk) => tk.orderId === marked.id)?.lines[0]?.notice?.kind).toBe('voided');
      expect(screen.tickets.some((tk) => tk.orderId === seen.id)).toBe(false);
    } finally {
      await other.close();
    }
    await acknowledge(marked.id, [0]);
    expect(await ticketOf(marked.id)).toBeUndefined();
  });

  it("another restaurant cannot acknowledge a cancelled order's marks (404); they stay", async () => {
    const order = await place([{ menuItemId: soup.id }]);
    await move(order.id, 'cancelled');
    const theirs = await acknowledge(order.id, [0], b.owner.token);
    expect(theirs.statusCode).toBe(404);
    expect((await ticketOf(order.id))!.lines[0]!.notice?.kind).toBe('voided');
    await acknowledge(order.id, [0]);
  });
});
