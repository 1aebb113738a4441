import { categoriesEndpoints, menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type Owner,
  registerOwner,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';

let t: TestApp;
let owner: Owner;
let other: Owner;
let pizza: TMenuItem;
let water: TMenuItem;
let theirItem: TMenuItem;
let tableCounter = 0;

const sizeGroup = {
  name: 'Size',
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: 'Regular', priceMinor: 0 },
    { name: 'Large', priceMinor: 300 },
  ],
};
const extrasGroup = {
  name: 'Extras',
  required: false,
  min: 0,
  max: 2,
  choices: [
    { name: 'Basil', priceMinor: 50 },
    { name: 'Burrata', priceMinor: 400 },
    { name: 'Chili', priceMinor: 0 },
  ],
};

async function newTable(token = owner.token, body: Record<string, unknown> = {}): Promise<TTable> {
  tableCounter += 1;
  return callApi(t.app, token, tablesEndpoints.createTable, { body: { number: tableCounter, ...body } });
}

function order(payload: unknown, headers: Record<string, string> = {}) {
  return injectApi(t.app, ordersEndpoints.placeOrder, { headers, body: payload });
}

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '6' } });
  // No tables: each test adds its own (newTable).
  const mine = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Margherita', priceMinor: 900, options: [sizeGroup, extrasGroup] },
      { name: 'Water', priceMinor: 250 },
    ],
    tables: [],
  });
  owner = mine.owner;
  [pizza, water] = mine.items as [TMenuItem, TMenuItem];
  await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
    params: { id: owner.restaurantId },
    body: { serviceChargePercent: 10 },
  });
  const theirs = await seedRestaurant(t.app, {
    category: 'Theirs',
    dishes: [{ name: 'Their dish', priceMinor: 100 }],
    tables: [],
  });
  other = theirs.owner;
  theirItem = theirs.items[0]!;
});
afterAll(() => t.close());

describe('POST /api/orders by a guest', () => {
  it('prices every line from the database, applies the service charge and answers 201 with a guestToken', async () => {
    const table = await newTable();
    const response = await order({
      qrToken: table.qrToken,
      customerName: 'Lucia',
      note: 'Birthday!',
      tipMinor: 200,
      items: [
        {
          menuItemId: pizza.id,
          quantity: 2,
          note: 'well done',
          options: [
            { group: 'Size', choice: 'Large' },
            { group: 'Extras', choice: 'Burrata' },
          ],
        },
        { menuItemId: water.id, quantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<TCreatedOrder>();
    // (900 + 300 + 400) × 2 + 250 × 3 = 3950; 10 % service = 395; tip 200.
    expect(created).toMatchObject({
      tableId: table.id,
      tableNumber: table.number,
      source: 'qr',
      status: 'pending',
      subtotalMinor: 3950,
      serviceChargeMinor: 395,
      tipMinor: 200,
      totalMinor: 4545,
      paymentStatus: 'unpaid',
      paidMinor: 0,
      currency: 'EUR',
      customerName: 'Lucia',
      note: 'Birthday!',
    });
    expect(created.items[0]).toEqual({
      menuItemId: pizza.id,
      name: 'Margherita',
      unitPriceMinor: 1600,
      quantity: 2,
      options: [
        { group: 'Size', choice: 'Large', priceMinor: 300 },
        { group: 'Extras', choice: 'Burrata', priceMinor: 400 },
      ],
      note: 'well done',
      seat: null,
      // Its category's course (none named: Mains, the only course on it, so fired at once), at its
      // category's station (Kitchen).
      course: 2,
      voidedQuantity: 0,
      discountMinor: 0,
      lineTotalMinor: 3200,
      stationId: expect.any(String),
      kitchenStatus: 'queued',
      firedAt: created.createdAt,
      startedAt: null,
      readyAt: null,
      voidedAt: null,
      kitchenNotice: null,
      // A restaurant without tax rates charges no tax: all of it is net.
      tax: { name: '', rateBasisPoints: 0, netMinor: 3200, taxMinor: 0 },
    });
    expect(created.guestToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(created.statusHistory).toEqual([
      {
        status: 'pending',
        at: expect.any(String),
        by: { type: 'guest', id: null, name: 'Lucia' },
        reason: null,
      },
    ]);
  });

  it('ignores prices and totals sent by the client', async () => {
    const table = await newTable();
    const response = await order({
      qrToken: table.qrToken,
      subtotalMinor: 1,
      totalMinor: 1,
      items: [
        {
          menuItemId: pizza.id,
          quantity: 1,
          unitPriceMinor: 1,
          priceMinor: 1,
          lineTotalMinor: 1,
          options: [{ group: 'Size', choice: 'Regular', priceMinor: -900 }],
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ subtotalMinor: 900, serviceChargeMinor: 90, totalMinor: 990 });
    expect(response.json().items[0]).toMatchObject({ unitPriceMinor: 900, lineTotalMinor: 900 });
  });

  it('keeps the names and prices of the moment it was placed', async () => {
    const table = await newTable();
    const placed = (
      await order({ qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] })
    ).json<TCreatedOrder>();
    await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: water.id },
      body: { name: 'Still water', priceMinor: 300 },
    });
    const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: placed.id } });
    expect(read.items[0]).toMatchObject({ name: 'Water', unitPriceMinor: 250 });
    await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: water.id },
      body: { name: 'Water', priceMinor: 250 },
    });
  });

  it('numbers orders per restaurant, one after the other', async () => {
    const seeded = await seedRestaurant(t.app);
    const [item, table] = [seeded.items[0]!, seeded.tables[0]!];
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      numbers.push(
        (await order({ qrToken: table.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] })).json()
          .number,
      );
    }
    expect(numbers).toEqual([1, 2, 3]);
  });

  it.each([
    ['an absurd quantity', { quantity: 1000 }, 'items.0.quantity', 'must be at most 50'],
    ['a zero quantity', { quantity: 0 }, 'items.0.quantity', 'must be at least 1'],
    ['a fractional quantity', { quantity: 1.5 }, 'items.0.quantity', 'must be a whole number'],
    ['a menu item id that is not an id', { menuItemId: 'pizza' }, 'items.0.menuItemId', 'must be a valid id'],
  ])('refuses %s with 400 and the field', async (_label, change, field, message) => {
    const table = await newTable();
    const response = await order({
      qrToken: table.qrToken,
      items: [{ menuItemId: water.id, quantity: 1, ...change }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.[field]).toBe(message);
  });

  it('refuses an empty order, a negative tip, a body without qrToken or tableId (400), an anonymous tableId (401)', async () => {
    const table = await newTable();
    expect(errorOf(await order({ qrToken: table.qrToken, items: [] })).fields).toEqual({
      items: 'must have at least one item',
    });
    const tip = await order({
      qrToken: table.qrToken,
      tipMinor: -5,
      items: [{ menuItemId: water.id, quantity: 1 }],
    });
    expect(errorOf(tip).fields).toEqual({ tipMinor: 'must be at least 0' });
    const neither = await order({ items: [{ menuItemId: water.id, quantity: 1 }] });
    expect(errorOf(neither).fields).toEqual({ qrToken: 'send either qrToken (guest) or tableId (staff)' });
    // A table id is a staff order: without a session, 401.
    expect(
      (await order({ tableId: table.id, items: [{ menuItemId: water.id, quantity: 1 }] })).statusCode,
    ).toBe(401);
  });

  it('refuses unknown, inactive, sold-out, not-today and other-restaurant items with 422 naming each line', async () => {
    const table = await newTable();
    const mains = (
      await callApi(t.app, owner.token, categoriesEndpoints.listCategories, {
        params: { id: owner.restaurantId },
      })
    ).items[0]!;
    const inactive = await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: mains.id, name: 'Old', priceMinor: 1, active: false },
    });
    const soldOut = await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: mains.id, name: 'Gone', priceMinor: 1 },
    });
    await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
      params: { id: soldOut.id },
      body: { soldOut: true },
    });
    const weekday = new Date().getUTCDay();
    // Served on no day that could be today in Rome (today ± 1 in UTC).
    const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => Math.abs(d - weekday) > 1 && Math.abs(d - weekday) < 6);
    const notToday = await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: mains.id, name: 'Sunday roast', priceMinor: 1, availableDays: days },
    });

    const response = await order({
      qrToken: table.qrToken,
      items: [
        { menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        { menuItemId: inactive.id, quantity: 1 },
        { menuItemId: soldOut.id, quantity: 1 },
        { menuItemId: theirItem.id, quantity: 1 },
        { menuItemId: water.id, quantity: 1 },
        { menuItemId: notToday.id, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'UNPROCESSABLE',
      fields: {
        'items.0.menuItemId': 'is not on the menu',
        'items.1.menuItemId': 'is not on the menu',
        'items.2.menuItemId': 'Gone is sold out',
        'items.3.menuItemId': 'is not on the menu',
        'items.5.menuItemId': 'Sunday roast is not served today',
      },
    });
    expect(errorOf(response).fields).not.toHaveProperty('items.4.menuItemId');
  });

  it('validates options: required groups, min/max, unknown groups and choices, repeats', async () => {
    const table = await newTable();
    const cases: [unknown[] | undefined, string][] = [
      [undefined, '"Size": choose 1'],
      [[{ group: 'Size', choice: 'Huge' }], '"Huge" is not a choice of "Size"'],
      [
        [
          { group: 'Sauce', choice: 'Tomato' },
          { group: 'Size', choice: 'Regular' },
        ],
        '"Sauce" is not an option of Margherita',
      ],
      [
        [
          { group: 'Size', choice: 'Regular' },
          { group: 'Size', choice: 'Large' },
        ],
        '"Size": choose at most 1',
      ],
      [
        [
          { group: 'Size', choice: 'Regular' },
          { group: 'Extras', choice: 'Basil' },
          { group: 'Extras', choice: 'Burrata' },
          { group: 'Extras', choice: 'Chili' },
        ],
        '"Extras": choose at most 2',
      ],
      [
        [
          { group: 'Size', choice: 'Regular' },
          { group: 'Extras', choice: 'Basil' },
          { group: 'Extras', choice: 'Basil' },
        ],
        'choose "Basil" only once',
      ],
    ];
    for (const [options, message] of cases) {
      const response = await order({
        qrToken: table.qrToken,
        items: [{ menuItemId: pizza.id, quantity: 1, options }],
      });
      expect(response.statusCode, message).toBe(422);
      expect(errorOf(response).fields?.['items.0.options']).toContain(message);
    }
  });

  it('answers 404 for an unknown code and for an inactive table', async () => {
    const unknown = await order({ qrToken: 'x'.repeat(24), items: [{ menuItemId: water.id, quantity: 1 }] });
    expect(unknown.statusCode).toBe(404);
    const closed = await newTable(owner.token, { active: false });
    const response = await order({ qrToken: closed.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] });
    expect(response.statusCode).toBe(404);
  });

  it('rate-limits orders per table (429), without touching other tables', async () => {
    const table = await newTable();
    const responses = [];
    for (let i = 0; i < 7; i++) {
      responses.push(await order({ qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] }));
    }
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect(Number(responses[6]!.headers['retry-after'])).toBeGreaterThan(0);
    const neighbour = await newTable();
    expect(
      (await order({ qrToken: neighbour.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] }))
        .statusCode,
    ).toBe(201);
  });
});

describe('text the database cannot hold', () => {
  it('answers 400, not 500, to a NUL byte in a name or note, and on the guest menu', async () => {
    const table = await newTable();
    for (const body of [
      { customerName: 'An\u0000na' },
      { note: 'a\u0000b' },
      { items: [{ menuItemId: water.id, quantity: 1, note: 'x\u0000' }] },
    ]) {
      const response = await order({
        qrToken: table.qrToken,
        items: [{ menuItemId: water.id, quantity: 1 }],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const menu = await injectApi(t.app, menuEndpoints.guestMenu, {
      query: { qrToken: `${table.qrToken}\u0000` },
    });
    expect(menu.statusCode).toBeGreaterThanOrEqual(400);
    expect(menu.statusCode).toBeLessThan(500);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for a retry with the same key, guestToken included', async () => {
    const table = await newTable();
    const body = { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 2 }] };
    const first = await order(body, { 'idempotency-key': 'retry-1' });
    const retry = await order(body, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  // On PostgreSQL (a pool of ten connections) the twenty requests race for the key.
  itRaces('creates exactly one order when 20 retries race', async () => {
    const table = await newTable();
    const body = { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => order(body, { 'idempotency-key': 'race-key-1' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE table_id = ${table.id}`,
    );
    expect(count!.n).toBe(1);
  });

  it('answers 422 for the same key with a different body, and accepts the key at another table', async () => {
    const table = await newTable();
    await order(
      { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] },
      { 'idempotency-key': 'k-2' },
    );
    const different = await order(
      { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 5 }] },
      { 'idempotency-key': 'k-2' },
    );
    expect(different.statusCode).toBe(422);
    expect(errorOf(different).code).toBe('IDEMPOTENCY_MISMATCH');
    const elsewhere = await newTable();
    const response = await order(
      { qrToken: elsewhere.qrToken, items: [{ menuItemId: water.id, quantity: 5 }] },
      { 'idempotency-key': 'k-2' },
    );
    expect(response.statusCode).toBe(201);
  });

  it('stores nothing for a refused order, so a corrected retry with the same key goes through', async () => {
    const table = await newTable();
    const refused = await order(
      { qrToken: table.qrToken, items: [{ menuItemId: pizza.id, quantity: 1 }] },
      { 'idempotency-key': 'k-3' },
    );
    expect(refused.statusCode).toBe(422);
    const again = await order(
      { qrToken: table.qrToken, items: [{ menuItemId: pizza.id, quantity: 1 }] },
      { 'idempotency-key': 'k-3' },
    );
    expect(again.statusCode).toBe(422);
    expect(
      (
        await order(
          { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] },
          { 'idempotency-key': 'k-4' },
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/orders by staff', () => {
  it('lets staff with orders.create take an order for a table (source "staff")', async () => {
    const table = await newTable();
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
      token: waiter.token,
      body: { tableId: table.id, items: [{ menuItemId: water.id, quantity: 2 }] },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<TCreatedOrder>();
    expect(created).toMatchObject({ source: 'staff', tableNumber: table.number, subtotalMinor: 500 });
    expect(created).not.toHaveProperty('guestToken');
    expect(created.statusHistory[0]!.by).toEqual({
      type: 'staff',
      id: waiter.staffId,
      name: 'Waiter Person',
    });
  });

  it("names who took a staff order and keeps each line's seat and course; a guest's order has no taker", async () => {
    const table = await newTable();
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const created = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
      body: {
        tableId: table.id,
        items: [
          { menuItemId: water.id, quantity: 1, seat: 2, course: 0 },
          { menuItemId: water.id, quantity: 1, seat: 3 },
        ],
      },
    });
    expect(created.takenBy).toEqual({ id: waiter.staffId, name: 'Waiter Person' });
    expect(created.items.map((line) => [line.seat, line.course])).toEqual([
      [2, 0],
      [3, 2],
    ]);
    // As stored, not only as answered.
    const read = await callApi(t.app, owner.token, ordersEndpoints.getOrder, { params: { id: created.id } });
    expect(read.takenBy).toEqual(created.takenBy);
    expect(read.items).toEqual(created.items);
    const byOwner = await callApi(t.app, owner.token, ordersEndpoints.placeOrder, {
      body: { tableId: table.id, items: [{ menuItemId: water.id, quantity: 1 }] },
    });
    expect(byOwner.takenBy).toEqual({ id: expect.any(String), name: 'Ada Owner' });
    const guest = await callApi(t.app, null, ordersEndpoints.placeOrder, {
      body: { qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] },
    });
    expect(guest.takenBy).toBeNull();
    const [row] = await queryRows<{ taken_by_id: string | null }>(
      t.database.db,
      sql`SELECT taken_by_id FROM orders WHERE id = ${guest.id}`,
    );
    expect(row!.taken_by_id).toBeNull();
  });

  it('refuses staff without orders.create (403) and a table of another restaurant (422)', async () => {
    const table = await newTable();
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const forbidden = await injectApi(t.app, ordersEndpoints.placeOrder, {
      token: kitchen.token,
      body: { tableId: table.id, items: [{ menuItemId: water.id, quantity: 1 }] },
    });
    expect(forbidden.statusCode).toBe(403);
    const theirTable = await newTable(other.token);
    const foreign = await injectApi(t.app, ordersEndpoints.placeOrder, {
      token: owner.token,
      body: { tableId: theirTable.id, items: [{ menuItemId: water.id, quantity: 1 }] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).fields).toEqual({ tableId: 'is not an active table of this restaurant' });
  });
});

describe('GET /api/orders/{id}', () => {
  it('lets the guest read their own order with X-Guest-Token, and nobody else’s', async () => {
    const table = await newTable();
    const mine = (
      await order({ qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] })
    ).json<TCreatedOrder>();
    const theirs = (
      await order({ qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 2 }] })
    ).json<TCreatedOrder>();

    const own = await injectApi(t.app, ordersEndpoints.getOrder, {
      headers: { 'x-guest-token': mine.guestToken! },
      params: { id: mine.id },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: mine.id, totalMinor: mine.totalMinor });
    expect(own.json()).not.toHaveProperty('guestToken');

    const crossed = await injectApi(t.app, ordersEndpoints.getOrder, {
      headers: { 'x-guest-token': mine.guestToken! },
      params: { id: theirs.id },
    });
    expect(crossed.statusCode).toBe(404);
    const forged = await injectApi(t.app, ordersEndpoints.getOrder, {
      headers: { 'x-guest-token': 'forged' },
      params: { id: mine.id },
    });
    expect(forged.statusCode).toBe(404);
    expect((await injectApi(t.app, ordersEndpoints.getOrder, { params: { id: mine.id } })).statusCode).toBe(
      401,
    );
  });

  it("lets the restaurant's staff with orders.view read it; another restaurant gets 404", async () => {
    const table = await newTable();
    const placed = (
      await order({ qrToken: table.qrToken, items: [{ menuItemId: water.id, quantity: 1 }] })
    ).json<TCreatedOrder>();
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    expect(
      (await injectApi(t.app, ordersEndpoints.getOrder, { token: kitchen.token, params: { id: placed.id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await injectApi(t.app, ordersEndpoints.getOrder, { token: owner.token, params: { id: placed.id } })
      ).json(),
    ).toMatchObject({ id: placed.id });
    const stranger = await injectApi(t.app, ordersEndpoints.getOrder, {
      token: other.token,
      params: { id: placed.id },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('GET /api/orders/restaurant/{restaurantId}/export.csv', () => {
  it("names the file by the restaurant's date, not the server's", async () => {
    // Kiritimati is UTC+14 and Pago Pago UTC−11: for most of the day their dates differ from each
    // other, and from UTC's.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const far = await registerOwner(t.app, { timezone });
      const localDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
      const before = localDate();
      const response = await injectApi(t.app, ordersEndpoints.exportOrdersCsv, {
        token: far.token,
        params: { restaurantId: far.restaurantId },
      });
      const after = localDate();
      const filename = /filename="orders-(\d{4}-\d{2}-\d{2})\.csv"/.exec(
        String(response.headers['content-disposition']),
      )?.[1];
      expect([before, after], timezone).toContain(filename);
    }
  });
});

describe('the service charge', () => {
  it('is rounded half up to a whole minor unit, never truncated', async () => {
    const fresh = await registerOwner(t.app);
    await callApi(t.app, fresh.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: fresh.restaurantId },
      body: { serviceChargePercent: 12.5 },
    });
    const cat = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Any' },
    });
    const table = await callApi(t.app, fresh.token, tablesEndpoints.createTable, { body: { number: 1 } });
    const totals = async (priceMinor: number) => {
      const dish = await callApi(t.app, fresh.token, menuEndpoints.createMenuItem, {
        body: { categoryId: cat.id, name: `Dish ${priceMinor}`, priceMinor },
      });
      const response = await order({ qrToken: table.qrToken, items: [{ menuItemId: dish.id, quantity: 1 }] });
      expect(response.statusCode).toBe(201);
      const { subtotalMinor, serviceChargeMinor, totalMinor } = response.json<TCreatedOrder>();
      return [subtotalMinor, serviceChargeMinor, totalMinor];
    };
    // 12.5 % of 900 is 112.5: exactly half a cent goes up.
    expect(await totals(900)).toEqual([900, 113, 1013]);
    // 12.5 % of 1004 is 125.5; of 1003, 125.375; of 1005, 125.625.
    expect(await totals(1004)).toEqual([1004, 126, 1130]);
    expect(await totals(1003)).toEqual([1003, 125, 1128]);
    expect(await totals(1005)).toEqual([1005, 126, 1131]);
    // 12.5 % of 4 is 0.5: even the smallest half goes up.
    expect(await totals(4)).toEqual([4, 1, 5]);
  });
});
