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

function acknowledge(orderId: string, lineIndexes: number[], token = cook.token) {
  return injectApi(t.app, kitchenEndpoints.acknowledgeLines, {
    headers: bearer(token),
    body: { orderId, lineIndexes },
  });
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

  it('a held line voided is not news to any station; a cancelled order cannot be acknowledged (409)', async () => {
    const order = await place([{ menuItemId: soup.id }]);
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: 'cancelled', reason: 'The guests left' },
    });
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
