import type { TStockShortfall } from '@tavolo/contract/errors';
import { menuEndpoints, type TGuestMenu, type TMenuItem } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { type Db, queryRows } from '../../db/client';
import { restaurantEvents, restaurants } from '../../db/schema';

/*
 * Stock counts (PRODUCT.md §10, decision 035): a dish counted through PUT /api/menu/{id}/stock,
 * orders taking their units in their own transaction (409 OUT_OF_STOCK with what is left), sold out
 * at 0 on every guest's menu, and voids, cancellations and changed lines giving units back. Runs on
 * the embedded database and on PostgreSQL (TEST_DATABASE_URL): the racing orders race on the latter.
 */

let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let tableNo = 10;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  a = await seedRestaurant(t.app, {
    category: 'Dolci',
    dishes: [
      { name: 'Tiramisù', priceMinor: 650 },
      { name: 'Panna cotta', priceMinor: 600 },
      { name: 'Water', priceMinor: 250 },
    ],
    tables: [],
  });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [1] });
});
afterAll(() => t.close());

// ---- helpers ----------------------------------------------------------------------------------------

/** A fresh dish of A's for one test, so tests never share a count. */
async function newDish(name: string, priceMinor = 500): Promise<TMenuItem> {
  return callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
    body: { categoryId: a.category.id, name, priceMinor },
  });
}

async function newTable(): Promise<TTable> {
  tableNo += 1;
  return callApi(t.app, a.owner.token, tablesEndpoints.createTable, { body: { number: tableNo } });
}

const setStock = (id: string, count: unknown, token = a.owner.token) =>
  injectApi(t.app, menuEndpoints.setStock, { token, params: { id }, body: { count } });

async function countOf(id: string): Promise<number | null> {
  return (await callApi(t.app, a.owner.token, menuEndpoints.getMenuItem, { params: { id } })).stockCount;
}

type Line = { dish: TMenuItem; quantity: number };
const itemsOf = (lines: Line[]) => lines.map((l) => ({ menuItemId: l.dish.id, quantity: l.quantity }));

const guestOrder = (table: TTable, lines: Line[], key?: string) =>
  injectApi(t.app, ordersEndpoints.placeOrder, {
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
    body: { qrToken: table.qrToken, items: itemsOf(lines) },
  });

const staffOrder = (table: TTable, lines: Line[]) =>
  injectApi(t.app, ordersEndpoints.placeOrder, {
    token: a.owner.token,
    body: { tableId: table.id, items: itemsOf(lines) },
  });

async function placed(response: Awaited<ReturnType<typeof guestOrder>>): Promise<TCreatedOrder> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreatedOrder>();
}

async function guestDish(table: TTable, id: string) {
  const menu = await callApi(t.app, null, menuEndpoints.guestMenu, { query: { qrToken: table.qrToken } });
  return (menu as TGuestMenu).menu.categories.flatMap((c) => c.items).find((item) => item.id === id);
}

async function menuVersion(restaurantId = a.owner.restaurantId): Promise<number> {
  const [row] = await db
    .select({ version: restaurants.menuVersion })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row!.version;
}

async function lastSeq(): Promise<number> {
  const [row] = await queryRows<{ seq: number }>(
    db,
    sql`SELECT coalesce(max(seq), 0)::int AS seq FROM restaurant_events WHERE restaurant_id = ${a.owner.restaurantId}`,
  );
  return row!.seq;
}

/** The menu.updated events of A's since `after` (an event number). */
async function menuEventsSince(after: number) {
  const rows = await db
    .select({ data: restaurantEvents.data })
    .from(restaurantEvents)
    .where(
      and(
        eq(restaurantEvents.restaurantId, a.owner.restaurantId),
        eq(restaurantEvents.type, 'menu.updated'),
        gt(restaurantEvents.seq, after),
      ),
    )
    .orderBy(asc(restaurantEvents.seq));
  return rows.map((row) => row.data);
}

async function ordersAt(table: TTable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders WHERE table_id = ${table.id}`,
  );
  return row!.n;
}

const voidLine = (orderId: string, lineIndex: number, quantity: number) =>
  injectApi(t.app, orderChangesEndpoints.voidOrderLine, {
    token: a.owner.token,
    params: { id: orderId, lineIndex },
    body: { quantity, reason: 'guest_changed_mind' },
  });

const changeLine = (orderId: string, lineIndex: number, quantity: number) =>
  injectApi(t.app, orderChangesEndpoints.changeOrderLine, {
    token: a.owner.token,
    params: { id: orderId, lineIndex },
    body: { quantity },
  });

const cancel = (orderId: string) =>
  injectApi(t.app, ordersEndpoints.updateOrderStatus, {
    token: a.owner.token,
    params: { id: orderId },
    body: { status: 'cancelled', reason: 'the guests left' },
  });

// ---- setting a count ----------------------------------------------------------------------------------

describe('PUT /api/menu/{id}/stock', () => {
  it('counts a dish and stops counting it; staff read the count, guests never do', async () => {
    const dish = await newDish('Cannoli');
    const table = await newTable();
    const version = await menuVersion();
    const seq = await lastSeq();

    const counted = await setStock(dish.id, 12);
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({ id: dish.id, stockCount: 12, soldOut: false });
    expect(await countOf(dish.id)).toBe(12);
    const { items } = await callApi(t.app, a.owner.token, menuEndpoints.listMenuItems, {
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(items.find((item) => item.id === dish.id)?.stockCount).toBe(12);
    const today = await callApi(t.app, a.owner.token, menuEndpoints.todayMenu, {
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(today.categories.flatMap((c) => c.items).find((item) => item.id === dish.id)?.stockCount).toBe(12);
    // Whether a dish is counted is part of the menu: the version moves and the live layer hears it.
    expect(await menuVersion()).toBe(version + 1);
    expect(await menuEventsSince(seq)).toEqual([{ reason: 'item.updated', menuItemId: dish.id }]);

    const guest = await guestDish(table, dish.id);
    expect(guest).toMatchObject({ id: dish.id, soldOut: false });
    expect(guest).not.toHaveProperty('stockCount');

    const cleared = await setStock(dish.id, null);
    expect(cleared.json()).toMatchObject({ stockCount: null, soldOut: false });
    expect(await countOf(dish.id)).toBeNull();
  });

  it('at 0 the dish is sold out to staff and guests, and back once counted again', async () => {
    const dish = await newDish('Sfogliatella');
    const table = await newTable();
    const before = await callApi(t.app, a.owner.token, menuEndpoints.todayMenu, {
      params: { restaurantId: a.owner.restaurantId },
    });
    const seq = await lastSeq();

    expect((await setStock(dish.id, 0)).json()).toMatchObject({ stockCount: 0, soldOut: true });
    expect(await menuEventsSince(seq)).toEqual([{ reason: 'item.sold_out', menuItemId: dish.id }]);
    const today = await callApi(t.app, a.owner.token, menuEndpoints.todayMenu, {
      params: { restaurantId: a.owner.restaurantId },
    });
    expect(today.soldOutCount).toBe(before.soldOutCount + 1);
    expect((await guestDish(table, dish.id))?.soldOut).toBe(true);

    expect((await setStock(dish.id, 5)).json()).toMatchObject({ stockCount: 5, soldOut: false });
    expect((await guestDish(table, dish.id))?.soldOut).toBe(false);
  });

  it('takes a whole number from 0 to 100 000, or null', async () => {
    const dish = await newDish('Bignè');
    for (const count of [-1, 1.5, '3', 100_001]) {
      const refused = await setStock(dish.id, count);
      expect(refused.statusCode, String(count)).toBe(400);
      expect(errorOf(refused).fields, String(count)).toHaveProperty('count');
    }
    const missing = await injectApi(t.app, menuEndpoints.setStock, {
      token: a.owner.token,
      params: { id: dish.id },
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(await countOf(dish.id)).toBeNull();
    expect((await setStock(dish.id, 100_000)).json().stockCount).toBe(100_000);
  });

  it('needs menu.availability: the kitchen and the waiter count, the cashier may not', async () => {
    const dish = await newDish('Zeppole');
    const kitchen = await createStaffMember(t, a.owner, 'Kitchen');
    const waiter = await createStaffMember(t, a.owner, 'Waiter');
    const cashier = await createStaffMember(t, a.owner, 'Cashier');
    expect((await setStock(dish.id, 7, kitchen.token)).json().stockCount).toBe(7);
    expect((await setStock(dish.id, 6, waiter.token)).json().stockCount).toBe(6);
    const refused = await setStock(dish.id, 1, cashier.token);
    expect(refused.statusCode).toBe(403);
    expect(await countOf(dish.id)).toBe(6);
    expect(
      (await injectApi(t.app, menuEndpoints.setStock, { params: { id: dish.id }, body: { count: 1 } }))
        .statusCode,
    ).toBe(401);
  });

  it("answers 404 for another restaurant's dish and leaves it uncounted", async () => {
    const theirs = b.items[0]!;
    const refused = await setStock(theirs.id, 3);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(theirs.name);
    const still = await callApi(t.app, b.owner.token, menuEndpoints.getMenuItem, {
      params: { id: theirs.id },
    });
    expect(still.stockCount).toBeNull();
  });
});

// ---- orders take from the count -------------------------------------------------------------------------

describe('orders take units from the count', () => {
  it('a guest order and a staff order take their units; lines of one dish add up', async () => {
    const dish = await newDish('Babà');
    const water = a.items[2]!;
    const table = await newTable();
    await setStock(dish.id, 10);
    await placed(
      await guestOrder(table, [
        { dish, quantity: 2 },
        { dish: water, quantity: 1 },
      ]),
    );
    expect(await countOf(dish.id)).toBe(8);
    await placed(
      await staffOrder(table, [
        { dish, quantity: 1 },
        { dish: water, quantity: 4 },
        { dish, quantity: 2 },
      ]),
    );
    expect(await countOf(dish.id)).toBe(5);
    // Taking units leaves the menu where it is: only a count reaching 0 moves it.
    const version = await menuVersion();
    await placed(await guestOrder(table, [{ dish, quantity: 1 }]));
    expect(await menuVersion()).toBe(version);
    expect(await countOf(dish.id)).toBe(4);
  });

  it('asking for more than is left answers 409 OUT_OF_STOCK with what is left, and takes nothing', async () => {
    const tiramisu = await newDish('Tiramisù della casa');
    const panna = await newDish('Panna cotta al caramello');
    const table = await newTable();
    await setStock(tiramisu.id, 3);
    await setStock(panna.id, 5);

    const refused = await guestOrder(table, [
      { dish: tiramisu, quantity: 2 },
      { dish: panna, quantity: 1 },
      { dish: tiramisu, quantity: 2 },
    ]);
    expect(refused.statusCode).toBe(409);
    const error = refused.json().error as ReturnType<typeof errorOf> & { outOfStock: TStockShortfall[] };
    expect(error.code).toBe('OUT_OF_STOCK');
    expect(error.message).toBe('Only 3 Tiramisù della casa left');
    expect(error.fields).toEqual({ 'items.0.quantity': 'only 3 left', 'items.2.quantity': 'only 3 left' });
    expect(error.outOfStock).toEqual([
      { menuItemId: tiramisu.id, name: 'Tiramisù della casa', remaining: 3, lines: [0, 2] },
    ]);
    // All or nothing: the dish that had enough kept its units too.
    expect(await countOf(tiramisu.id)).toBe(3);
    expect(await countOf(panna.id)).toBe(5);
    expect(await ordersAt(table)).toBe(0);

    // Staff hear the same.
    const staff = await staffOrder(table, [{ dish: tiramisu, quantity: 4 }]);
    expect(staff.statusCode).toBe(409);
    expect(errorOf(staff)).toMatchObject({
      code: 'OUT_OF_STOCK',
      fields: { 'items.0.quantity': 'only 3 left' },
    });

    // What is left can be ordered.
    await placed(await guestOrder(table, [{ dish: tiramisu, quantity: 3 }]));
    expect(await countOf(tiramisu.id)).toBe(0);
  });

  it('an order that cannot be priced answers 422 first, and takes nothing', async () => {
    const dish = await newDish('Cassata');
    const table = await newTable();
    await setStock(dish.id, 1);
    const refused = await guestOrder(table, [
      { dish, quantity: 2 },
      { dish: b.items[0]!, quantity: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).fields).toEqual({ 'items.1.menuItemId': 'is not on the menu' });
    expect(await countOf(dish.id)).toBe(1);
  });

  it('at 0 the dish is sold out on every guest menu at once (menu.updated), and the next order hears it', async () => {
    const dish = await newDish('Crostata');
    const table = await newTable();
    await setStock(dish.id, 2);
    // The guests' menu is cached by version; read once so it is.
    expect((await guestDish(table, dish.id))?.soldOut).toBe(false);
    const version = await menuVersion();
    const seq = await lastSeq();

    await placed(await guestOrder(table, [{ dish, quantity: 2 }]));
    expect(await countOf(dish.id)).toBe(0);
    expect(await menuVersion()).toBe(version + 1);
    expect(await menuEventsSince(seq)).toEqual([{ reason: 'item.sold_out', menuItemId: dish.id }]);
    expect((await guestDish(table, dish.id))?.soldOut).toBe(true);

    const refused = await guestOrder(table, [{ dish, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Crostata is sold out',
      fields: { 'items.0.quantity': 'none left' },
      outOfStock: [{ menuItemId: dish.id, remaining: 0, lines: [0] }],
    });
  });

  it('a dish without a count is unaffected: nothing counted, nothing locked, the menu does not move', async () => {
    const water = a.items[2]!;
    const table = await newTable();
    const version = await menuVersion();
    const seq = await lastSeq();
    const order = await placed(await guestOrder(table, [{ dish: water, quantity: 40 }]));
    expect(order.items[0]).toMatchObject({ menuItemId: water.id, quantity: 40 });
    expect(await countOf(water.id)).toBeNull();
    expect(await menuVersion()).toBe(version);
    expect(await menuEventsSince(seq)).toEqual([]);
  });

  it('a retried order (same Idempotency-Key) takes its units once', async () => {
    const dish = await newDish('Pastiera');
    const table = await newTable();
    await setStock(dish.id, 5);
    const first = await placed(await guestOrder(table, [{ dish, quantity: 2 }], 'stock-key-1'));
    const again = await guestOrder(table, [{ dish, quantity: 2 }], 'stock-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.id);
    expect(await countOf(dish.id)).toBe(3);
  });

  it.each(['at once', 'in turn'] as const)(
    '20 orders for the last 5 units, sent %s: exactly 5 go through and the count ends at 0',
    async (how) => {
      const dish = await newDish(`Maritozzo ${how}`);
      const water = a.items[2]!;
      const tables = await Promise.all(Array.from({ length: 4 }, () => newTable()));
      await setStock(dish.id, 5);
      // Guests and staff, some with keys, some with a dish that is not counted beside it.
      const requests = Array.from({ length: 20 }, (_, i) => {
        const table = tables[i % tables.length]!;
        const lines =
          i % 3 === 0
            ? [
                { dish: water, quantity: 1 },
                { dish, quantity: 1 },
              ]
            : [{ dish, quantity: 1 }];
        if (i % 2 === 0) return () => staffOrder(table, lines);
        return () => guestOrder(table, lines, i % 4 === 1 ? `race-${how.replace(' ', '-')}-${i}` : undefined);
      });
      const answers = await sendAll(requests, how);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(errorOf(answer).code).toBe('OUT_OF_STOCK');
      }
      expect(await countOf(dish.id)).toBe(0);
      const [sold] = await queryRows<{ n: number }>(
        db,
        sql`SELECT coalesce(sum((line->>'quantity')::int), 0)::int AS n
            FROM orders, jsonb_array_elements(items) line
            WHERE restaurant_id = ${a.owner.restaurantId} AND line->>'menuItemId' = ${dish.id}`,
      );
      expect(sold!.n).toBe(5);
    },
  );

  it('20 orders of 2 racing for 7 units never take the count below zero', async () => {
    const dish = await newDish('Cornetto');
    const table = await newTable();
    await setStock(dish.id, 7);
    const answers = await sendAll(
      Array.from({ length: 20 }, () => () => guestOrder(table, [{ dish, quantity: 2 }])),
      'at once',
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(await countOf(dish.id)).toBe(1);
    const last = answers.filter((answer) => answer.statusCode === 409).at(-1)!;
    expect(last.json().error.outOfStock).toEqual([
      { menuItemId: dish.id, name: 'Cornetto', remaining: 1, lines: [0] },
    ]);
  });
});

// ---- units given back -----------------------------------------------------------------------------------------

describe('voids, cancellations and changed lines give units back', () => {
  it('a void gives its units back; a dish counted down to 0 is back on sale', async () => {
    const dish = await newDish('Profiteroles');
    const table = await newTable();
    await setStock(dish.id, 2);
    const order = await placed(await staffOrder(table, [{ dish, quantity: 2 }]));
    expect((await guestDish(table, dish.id))?.soldOut).toBe(true);
    const version = await menuVersion();
    const seq = await lastSeq();

    const voided = await voidLine(order.id, 0, 1);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await countOf(dish.id)).toBe(1);
    expect(await menuVersion()).toBe(version + 1);
    expect(await menuEventsSince(seq)).toContainEqual({ reason: 'item.back', menuItemId: dish.id });
    expect((await guestDish(table, dish.id))?.soldOut).toBe(false);
  });

  it('a cancelled order gives back what was not voided already', async () => {
    const dish = await newDish('Semifreddo');
    const water = a.items[2]!;
    const table = await newTable();
    await setStock(dish.id, 5);
    const order = await placed(
      await guestOrder(table, [
        { dish, quantity: 3 },
        { dish: water, quantity: 1 },
      ]),
    );
    expect(await countOf(dish.id)).toBe(2);
    expect((await voidLine(order.id, 0, 1)).statusCode).toBe(200);
    expect(await countOf(dish.id)).toBe(3);
    const cancelled = await cancel(order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await countOf(dish.id)).toBe(5);
    // Cancelled twice is refused, and gives nothing more.
    expect((await cancel(order.id)).statusCode).toBe(409);
    expect(await countOf(dish.id)).toBe(5);
  });

  it('a changed line takes what it adds (409 when too few are left) and gives back what it drops', async () => {
    const dish = await newDish('Gelato');
    const table = await newTable();
    await setStock(dish.id, 4);
    const order = await placed(await staffOrder(table, [{ dish, quantity: 1 }]));
    expect(await countOf(dish.id)).toBe(3);

    expect((await changeLine(order.id, 0, 3)).statusCode).toBe(200);
    expect(await countOf(dish.id)).toBe(1);
    const refused = await changeLine(order.id, 0, 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 1 Gelato left',
      fields: { quantity: 'only 1 left' },
    });
    expect(await countOf(dish.id)).toBe(1);
    expect((await changeLine(order.id, 0, 2)).statusCode).toBe(200);
    expect(await countOf(dish.id)).toBe(2);
  });

  it('a dish no longer counted gets nothing back, and a recount starts afresh', async () => {
    const dish = await newDish('Granita');
    const table = await newTable();
    await setStock(dish.id, 5);
    const order = await placed(await guestOrder(table, [{ dish, quantity: 3 }]));
    await setStock(dish.id, null);
    expect((await voidLine(order.id, 0, 1)).statusCode).toBe(200);
    expect(await countOf(dish.id)).toBeNull();
    await setStock(dish.id, 10);
    expect((await cancel(order.id)).statusCode).toBe(200);
    // The two units still on the order come back to the new count.
    expect(await countOf(dish.id)).toBe(12);
  });
});
