import {
  kitchenEndpoints,
  stationsEndpoints,
  type TKitchenView,
  type TStation,
} from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { eq, sql } from 'drizzle-orm';
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
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';
import { prepFigures } from './kitchen.service';

let t: TestApp;
let db: Db;
let base: string;
let a: SeededRestaurant;
let b: SeededRestaurant;
let kitchen: TStation;
let grill: TStation;
let bar: TStation;
let cook: Awaited<ReturnType<typeof createStaffMember>>;
let waiter: Awaited<ReturnType<typeof createStaffMember>>;
/** Dishes: a drink (bar, course 0), a starter (course 1), a main (grill, course 2), a dish overriding to the bar. */
let spritz: TMenuItem;
let bruschetta: TMenuItem;
let steak: TMenuItem;
let affogato: TMenuItem;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await seedRestaurant(t.app, { tables: [1, 2, 3] });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
  cook = await createStaffMember(t, a.owner, 'Kitchen');
  waiter = await createStaffMember(t, a.owner, 'Waiter');
  const token = a.owner.token;
  kitchen = (await callApi(t.app, token, stationsEndpoints.listStations)).items[0]!;
  grill = await callApi(t.app, token, stationsEndpoints.createStation, { body: { name: 'Grill' } });
  bar = await callApi(t.app, token, stationsEndpoints.createStation, {
    body: { name: 'Bar', printer: { host: '127.0.0.1', port: 9 } },
  });
  const drinks = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Drinks', stationId: bar.id, course: 0 },
  });
  const starters = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Starters', course: 1 },
  });
  const mains = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Secondi', stationId: grill.id, course: 2 },
  });
  const dish = (categoryId: string, name: string, extra: object = {}) =>
    callApi(t.app, token, menuEndpoints.createMenuItem, {
      body: { categoryId, name, priceMinor: 1000, ...extra },
    });
  spritz = await dish(drinks.id, 'Spritz');
  bruschetta = await dish(starters.id, 'Bruschetta');
  steak = await dish(mains.id, 'Tagliata', {
    options: [
      {
        name: 'Cottura',
        required: true,
        min: 1,
        max: 1,
        choices: [
          { name: 'Al sangue', priceMinor: 0 },
          { name: 'Media', priceMinor: 0 },
        ],
      },
    ],
  });
  affogato = await dish(starters.id, 'Affogato', { stationId: bar.id });
});
afterAll(() => t.close());

type Line = {
  menuItemId: string;
  quantity?: number;
  course?: number;
  options?: { group: string; choice: string }[];
};

function place(lines: Line[], token = waiter.token, tableId = a.tables[0]!.id): Promise<TOrder> {
  return callApi(t.app, token, ordersEndpoints.placeOrder, {
    body: { tableId, items: lines.map((l) => ({ quantity: 1, ...l })) },
  }) as Promise<TOrder>;
}

const fullOrder = () =>
  place([
    { menuItemId: spritz.id },
    { menuItemId: bruschetta.id, quantity: 2 },
    { menuItemId: steak.id, options: [{ group: 'Cottura', choice: 'Media' }] },
  ]);

function view(stationId: string, token = cook.token): Promise<TKitchenView> {
  return callApi(t.app, token, kitchenEndpoints.getKitchen, { query: { stationId } });
}

function bump(
  orderId: string,
  lineIndexes: number[],
  status: 'preparing' | 'ready',
  token = cook.token,
  key?: string,
) {
  return injectApi(t.app, kitchenEndpoints.bumpLines, {
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    body: { orderId, lineIndexes, status },
  });
}

describe('stations', () => {
  it('every restaurant has Kitchen, which cannot be deleted; names are unique; another restaurant cannot touch them', async () => {
    expect(kitchen).toMatchObject({ name: 'Kitchen', isDefault: true, printer: null });
    expect(bar.printer).toEqual({ host: '127.0.0.1', port: 9 });
    const refused = await injectApi(t.app, stationsEndpoints.deleteStation, {
      headers: bearer(a.owner.token),
      params: { id: kitchen.id },
    });
    expect(refused.statusCode).toBe(409);
    const twice = await injectApi(t.app, stationsEndpoints.createStation, {
      headers: bearer(a.owner.token),
      body: { name: 'grill' },
    });
    expect([twice.statusCode, errorOf(twice).fields]).toEqual([409, { name: 'is already used' }]);
    const theirs = await injectApi(t.app, stationsEndpoints.updateStation, {
      headers: bearer(b.owner.token),
      params: { id: grill.id },
      body: { name: 'Mine' },
    });
    expect(theirs.statusCode).toBe(404);
    const foreign = await injectApi(t.app, categoriesEndpoints.createCategory, {
      headers: bearer(b.owner.token),
      body: { name: 'Stolen', stationId: grill.id },
    });
    expect([foreign.statusCode, errorOf(foreign).fields]).toEqual([
      422,
      { stationId: 'is not a station of this restaurant' },
    ]);
    const theirList = await callApi(t.app, b.owner.token, stationsEndpoints.listStations);
    expect(theirList.items.map((s) => s.name)).toEqual(['Kitchen']);
  });

  it('a deleted station sends its categories to Kitchen', async () => {
    const pastry = await callApi(t.app, a.owner.token, stationsEndpoints.createStation, {
      body: { name: 'Pastry' },
    });
    const sweets = await callApi(t.app, a.owner.token, categoriesEndpoints.createCategory, {
      body: { name: 'Dolci', stationId: pastry.id, course: 3 },
    });
    const tiramisu = await callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: sweets.id, name: 'Tiramisù', priceMinor: 600 },
    });
    await callApi(t.app, a.owner.token, stationsEndpoints.deleteStation, { params: { id: pastry.id } });
    const order = await place([{ menuItemId: tiramisu.id }]);
    expect(order.items[0]).toMatchObject({ stationId: kitchen.id, course: 3, kitchenStatus: 'queued' });
  });
});

describe('routing and courses', () => {
  it('lines go to their category’s station or the dish’s own; course 0 and the lowest course fire, later ones are held', async () => {
    const order = await place([
      { menuItemId: spritz.id },
      { menuItemId: bruschetta.id },
      { menuItemId: steak.id, options: [{ group: 'Cottura', choice: 'Media' }] },
      { menuItemId: affogato.id },
    ]);
    expect(order.items.map((l) => [l.name, l.stationId, l.course, l.kitchenStatus])).toEqual([
      ['Spritz', bar.id, 0, 'queued'],
      ['Bruschetta', kitchen.id, 1, 'queued'],
      ['Tagliata', grill.id, 2, 'held'],
      ['Affogato', bar.id, 1, 'queued'],
    ]);
    expect(order.items[0]!.firedAt).toBe(order.createdAt);
    expect(order.items[2]!.firedAt).toBeNull();
  });

  it('an order of mains alone fires them at once; a waiter may name a line’s course', async () => {
    const mains = await place([{ menuItemId: steak.id, options: [{ group: 'Cottura', choice: 'Media' }] }]);
    expect(mains.items[0]!.kitchenStatus).toBe('queued');
    const held = await place([{ menuItemId: bruschetta.id }, { menuItemId: bruschetta.id, course: 3 }]);
    expect(held.items.map((l) => [l.course, l.kitchenStatus])).toEqual([
      [1, 'queued'],
      [3, 'held'],
    ]);
  });

  it('fire sends a held course and answers 409 for one that is not held', async () => {
    const order = await fullOrder();
    const notHeld = await injectApi(t.app, kitchenEndpoints.fireCourse, {
      headers: bearer(waiter.token),
      params: { id: order.id },
      body: { course: 1 },
    });
    expect(notHeld.statusCode).toBe(409);
    const fired = await callApi(t.app, waiter.token, kitchenEndpoints.fireCourse, {
      params: { id: order.id },
      body: { course: 2 },
    });
    expect(fired.items[2]).toMatchObject({ kitchenStatus: 'queued' });
    expect(fired.items[2]!.firedAt).not.toBeNull();
    const grillView = await view(grill.id);
    const ticket = grillView.tickets.find((tk) => tk.orderId === order.id)!;
    // The fired ticket names its items.
    expect(ticket.lines.map((l) => [l.name, l.options])).toEqual([
      ['Tagliata', [{ group: 'Cottura', choice: 'Media' }]],
    ]);
    expect(ticket.course).toBe(2);
  });
});

describe('lines and the order status', () => {
  it('the first line started makes the order preparing, the last fired line ready makes it ready, a fired course takes it back', async () => {
    const order = await fullOrder();
    expect((await bump(order.id, [1], 'preparing')).json().status).toBe('preparing');
    expect((await bump(order.id, [0], 'ready')).json().status).toBe('preparing');
    const ready = (await bump(order.id, [1], 'ready')).json() as TOrder;
    // The mains are held: every fired line is ready, so the order is.
    expect(ready.status).toBe('ready');
    expect(ready.items[1]!.startedAt).not.toBeNull();
    const completing = await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
      headers: bearer(a.owner.token),
      params: { id: order.id },
      body: { status: 'served' },
    });
    expect(completing.json().status).toBe('served');
    const held = await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
      headers: bearer(a.owner.token),
      params: { id: order.id },
      body: { status: 'completed' },
    });
    expect(held.statusCode).toBe(409);
    const fired = await callApi(t.app, waiter.token, kitchenEndpoints.fireCourse, {
      params: { id: order.id },
      body: { course: 2 },
    });
    expect(fired.status).toBe('preparing');
    expect(fired.statusHistory.map((h) => h.status)).toEqual([
      'pending',
      'preparing',
      'ready',
      'served',
      'preparing',
    ]);
    expect(fired.items.slice(0, 2).map((l) => l.kitchenStatus)).toEqual(['served', 'served']);
    expect((await bump(order.id, [2], 'ready')).json().status).toBe('ready');
  });

  it('a double bump changes nothing; held, voided and unknown lines are refused', async () => {
    const order = await fullOrder();
    const once = (await bump(order.id, [0], 'ready')).json() as TOrder;
    const twice = (await bump(order.id, [0], 'ready')).json() as TOrder;
    expect(twice.version).toBe(once.version);
    const heldLine = await bump(order.id, [2], 'preparing');
    expect([heldLine.statusCode, errorOf(heldLine).code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await bump(order.id, [7], 'ready')).statusCode).toBe(422);
    await callApi(t.app, a.owner.token, orderChangesEndpoints.voidOrderLine, {
      params: { id: order.id, lineIndex: 1 },
      body: { quantity: 2, reason: 'wrong_item' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const voided = await bump(order.id, [1], 'ready');
    expect(voided.statusCode).toBe(409);
  });

  it('a bump or a recall sent again with its Idempotency-Key (a queued tap replayed) happens once', async () => {
    const order = await fullOrder();
    const ready = await bump(order.id, [0], 'ready', cook.token, 'bump-spritz');
    const retried = await bump(order.id, [0], 'ready', cook.token, 'bump-spritz');
    expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(retried.json<TOrder>().version).toBe(ready.json<TOrder>().version);
    const recall = () =>
      injectApi(t.app, kitchenEndpoints.recallLines, {
        headers: { ...bearer(cook.token), 'idempotency-key': 'recall-spritz' },
        body: { orderId: order.id, lineIndexes: [0] },
      });
    const first = await recall();
    const again = await recall();
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([
      200,
      200,
      'true',
    ]);
    const read = await callApi(t.app, cook.token, ordersEndpoints.getOrder, { params: { id: order.id } });
    expect(read.items[0]!.kitchenStatus).toBe('preparing');
    expect(read.version).toBe(first.json<TOrder>().version);
    // Without a key a second recall is refused: the line is no longer ready.
    const unkeyed = await injectApi(t.app, kitchenEndpoints.recallLines, {
      headers: bearer(cook.token),
      body: { orderId: order.id, lineIndexes: [0] },
    });
    expect(unkeyed.statusCode).toBe(409);
    // Ready again, as the prep times below count this restaurant's lines.
    expect((await bump(order.id, [0], 'ready')).statusCode).toBe(200);
  });

  it('moving the whole order on the board moves its fired lines', async () => {
    const order = await fullOrder();
    for (const status of ['accepted', 'preparing'] as const) {
      await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
        params: { id: order.id },
        body: { status },
      });
    }
    const ready = await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: 'ready' },
    });
    expect(ready.items.map((l) => l.kitchenStatus)).toEqual(['ready', 'ready', 'held']);
  });

  it('a line can be changed until its station starts it', async () => {
    const order = await fullOrder();
    await bump(order.id, [1], 'preparing');
    const started = await injectApi(t.app, orderChangesEndpoints.changeOrderLine, {
      headers: bearer(a.owner.token),
      params: { id: order.id, lineIndex: 1 },
      body: { note: 'no garlic' },
    });
    expect(errorOf(started).code).toBe('LINE_STARTED');
    const heldLine = await callApi(t.app, a.owner.token, orderChangesEndpoints.changeOrderLine, {
      params: { id: order.id, lineIndex: 2 },
      body: { course: 1 },
    });
    // Course 1 has fired on this order: the line goes at once.
    expect(heldLine.items[2]).toMatchObject({ course: 1, kitchenStatus: 'queued' });
  });

  it('recalls within ten minutes of ready, not after', async () => {
    const order = await fullOrder();
    await bump(order.id, [0, 1], 'ready');
    const recalled = await callApi(t.app, cook.token, kitchenEndpoints.recallLines, {
      body: { orderId: order.id, lineIndexes: [0] },
    });
    expect(recalled.items[0]).toMatchObject({ kitchenStatus: 'preparing', readyAt: null });
    expect(recalled.status).toBe('preparing');
    await bump(order.id, [0], 'ready');
    // Made ready eleven minutes ago.
    await db
      .update(orders)
      .set({
        items: sql`jsonb_set(${orders.items}, '{0,readyAt}', to_jsonb(${new Date(Date.now() - 11 * 60_000).toISOString()}::text))`,
      })
      .where(eq(orders.id, order.id));
    const late = await injectApi(t.app, kitchenEndpoints.recallLines, {
      headers: bearer(cook.token),
      body: { orderId: order.id, lineIndexes: [0] },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('the station screen', () => {
  it('shows its fired tickets oldest first, voids struck through, the all-day sums and recent bumps; another restaurant sees none', async () => {
    await place([{ menuItemId: bruschetta.id, quantity: 3 }], waiter.token, a.tables[1]!.id);
    const second = await place(
      [{ menuItemId: bruschetta.id, quantity: 2 }, { menuItemId: spritz.id }],
      waiter.token,
      a.tables[2]!.id,
    );
    const screen = await view(kitchen.id);
    const mine = screen.tickets.filter((tk) => tk.tableNumber !== 1);
    expect(mine.map((tk) => tk.tableNumber)).toEqual([2, 3]);
    const sum = screen.tickets
      .flatMap((tk) => tk.lines)
      .filter((l) => l.menuItemId === bruschetta.id && ['queued', 'preparing'].includes(l.kitchenStatus));
    expect(screen.allDay.find((e) => e.menuItemId === bruschetta.id)?.quantity).toBe(
      sum.reduce((s, l) => s + l.quantity, 0),
    );
    await bump(second.id, [0], 'ready');
    const after = await view(kitchen.id);
    expect(after.tickets.some((tk) => tk.orderId === second.id)).toBe(false);
    expect(after.recent[0]!.orderId).toBe(second.id);
    expect(after.allDay.find((e) => e.menuItemId === bruschetta.id)?.quantity).toBe(
      sum.reduce((s, l) => s + l.quantity, 0) - 2,
    );
    // The bar still has the spritz.
    expect((await view(bar.id)).tickets.some((tk) => tk.orderId === second.id)).toBe(true);
    const theirs = await injectApi(t.app, kitchenEndpoints.getKitchen, {
      headers: bearer(b.owner.token),
      query: { stationId: kitchen.id },
    });
    expect(theirs.statusCode).toBe(404);
    const own = await callApi(t.app, b.owner.token, kitchenEndpoints.getKitchen, { query: {} });
    expect(own.tickets).toEqual([]);
  });

  it('kitchen.updated reaches a member’s stream with the changed ticket', async () => {
    await view(kitchen.id);
    const stream = await openEventStream(base + urlOf(ordersEndpoints.restaurantStream), bearer(cook.token));
    try {
      const order = await place([{ menuItemId: bruschetta.id }]);
      const placed = await stream.next(
        (e) => e.event === 'kitchen.updated' && Boolean(e.data?.includes(order.id)),
      );
      expect(JSON.parse(placed.data!)).toMatchObject({ stationId: kitchen.id, done: false });
      await bump(order.id, [0], 'ready');
      const done = await stream.next(
        (e) =>
          e.event === 'kitchen.updated' && Boolean(e.data?.includes(order.id)) && JSON.parse(e.data!).done,
      );
      expect(JSON.parse(done.data!).ticket.lines[0].kitchenStatus).toBe('ready');
    } finally {
      stream.close();
    }
  });
});

describe('prep times', () => {
  it('are fired to ready, per station and per dish, as counted here', async () => {
    // Yesterday too: a line made ready 11 minutes ago (above) is yesterday's just after midnight.
    const now = new Date();
    const period = {
      from: zonedDate(new Date(now.getTime() - 24 * 3600_000), 'Europe/Rome'),
      to: zonedDate(now, 'Europe/Rome'),
    };
    const before = await callApi(t.app, a.owner.token, kitchenEndpoints.kitchenStats, { query: period });
    const order = await place([{ menuItemId: spritz.id }, { menuItemId: bruschetta.id }]);
    await bump(order.id, [0, 1], 'ready');
    const stats = await callApi(t.app, a.owner.token, kitchenEndpoints.kitchenStats, { query: period });
    const rows = await db.execute(sql`
      SELECT l ->> 'stationId' AS station, extract(epoch FROM (l ->> 'readyAt')::timestamptz - (l ->> 'firedAt')::timestamptz)::float8 AS s
      FROM orders o, jsonb_array_elements(o.items) l
      WHERE o.restaurant_id = ${a.owner.restaurantId} AND l ->> 'readyAt' IS NOT NULL AND o.status <> 'cancelled'`);
    const seconds = (rows as unknown as { rows: { station: string; s: number }[] }).rows;
    // A ready time before the firing (set by hand above) counts as 0.
    const barSeconds = seconds.filter((r) => r.station === bar.id).map((r) => Math.max(0, Number(r.s)));
    expect(stats.stations.find((s) => s.stationId === bar.id)).toMatchObject(prepFigures(barSeconds));
    expect(stats.stations.find((s) => s.stationId === bar.id)!.lines).toBe(
      before.stations.find((s) => s.stationId === bar.id)!.lines + 1,
    );
    expect(stats.dishes.some((d) => d.menuItemId === spritz.id)).toBe(true);
  });

  it('p90 is the nearest rank and the average is rounded', () => {
    expect(prepFigures([10, 20, 30, 40, 50, 60, 70, 80, 90, 100])).toEqual({
      lines: 10,
      avgSeconds: 55,
      p90Seconds: 90,
    });
    expect(prepFigures([5])).toEqual({ lines: 1, avgSeconds: 5, p90Seconds: 5 });
    expect(prepFigures([])).toEqual({ lines: 0, avgSeconds: 0, p90Seconds: 0 });
  });
});
