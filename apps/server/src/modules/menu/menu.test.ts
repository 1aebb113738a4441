import zlib from 'node:zlib';
import type { BodyOf } from '@tavolo/contract/endpoint';
import {
  categoriesEndpoints,
  menuEndpoints,
  type TCategory,
  type TGuestMenu,
  ZGuestMenu,
} from '@tavolo/contract/menu';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { rolesEndpoints } from '@tavolo/contract/staff';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  callApi,
  createStaffMember,
  createTestApp,
  describeEndpoint,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { zonedParts } from '../../lib/zoned-time';

let t: TestApp;
let owner: Owner;
let other: Owner;
let mains: TCategory;
let theirCategory: TCategory;

beforeAll(async () => {
  t = await createTestApp();
  // Categories without dishes or tables: each test adds what it needs.
  ({ owner, category: mains } = await seedRestaurant(t.app, {
    register: { timezone: 'Asia/Tokyo', currency: 'JPY' },
    dishes: [],
    tables: [],
  }));
  ({ owner: other, category: theirCategory } = await seedRestaurant(t.app, {
    category: 'Theirs',
    dishes: [],
    tables: [],
  }));
});
afterAll(() => t.close());

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

const createItem = (token: string, body: BodyOf<typeof menuEndpoints.createMenuItem>) =>
  callApi(t.app, token, menuEndpoints.createMenuItem, { body });

function post(token: string, payload: unknown) {
  return injectApi(t.app, menuEndpoints.createMenuItem, { token, body: payload });
}

describe('POST /api/menu', () => {
  it('creates an item with every field and sensible defaults', async () => {
    const item = await createItem(owner.token, {
      categoryId: mains.id,
      name: '  Ramen ',
      priceMinor: 1200,
      description: 'Pork broth',
      tags: ['Spicy', 'spicy', 'new'],
      allergens: ['gluten', 'eggs'],
      availableDays: [5, 1, 1],
      prepMinutes: 12,
      options: [
        sizeGroup,
        {
          name: 'Extras',
          required: false,
          min: 0,
          max: 2,
          choices: [
            { name: 'Egg', priceMinor: 150 },
            { name: 'Nori', priceMinor: 100 },
          ],
        },
      ],
    });
    expect(item).toMatchObject({
      categoryId: mains.id,
      name: 'Ramen',
      priceMinor: 1200,
      active: true,
      tags: ['spicy', 'new'],
      allergens: ['gluten', 'eggs'],
      availableDays: [1, 5],
      prepMinutes: 12,
      soldOut: false,
      soldOutUntil: null,
      imageUrl: null,
    });
    expect(item.options).toEqual([
      sizeGroup,
      expect.objectContaining({ name: 'Extras', required: false, min: 0, max: 2 }),
    ]);
    const minimal = await createItem(owner.token, { categoryId: mains.id, name: 'Gyoza', priceMinor: 500 });
    expect(minimal).toMatchObject({
      availableDays: [],
      tags: [],
      options: [],
      description: null,
      prepMinutes: null,
    });
    expect(minimal.position).toBeGreaterThan(item.position);
  });

  it.each([
    ['a negative price', { priceMinor: -1 }, 'priceMinor', 'must be at least 0'],
    [
      'a fractional price',
      { priceMinor: 12.5 },
      'priceMinor',
      'must be a whole number of minor units (e.g. cents)',
    ],
    ['a price given as text', { priceMinor: '12' }, 'priceMinor', 'must be a number'],
    ['an empty name', { name: '  ' }, 'name', 'is required'],
    [
      'a weekday out of range',
      { availableDays: [7] },
      'availableDays.0',
      'must be 0 (Sunday) to 6 (Saturday)',
    ],
  ])('refuses %s with 400 and the field', async (_label, change, field, message) => {
    const response = await post(owner.token, {
      categoryId: mains.id,
      name: 'Bad',
      priceMinor: 100,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(errorOf(response).fields?.[field]).toBe(message);
  });

  it('refuses option groups of an unknown shape or with impossible bounds', async () => {
    const base = { categoryId: mains.id, name: 'Bad options', priceMinor: 100 };
    const unknownKey = await post(owner.token, {
      ...base,
      options: [{ ...sizeGroup, choices: [{ name: 'Red', priceMinor: 0, colour: 'red' }] }],
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(
      Object.keys(errorOf(unknownKey).fields ?? {}).some((f) => f.startsWith('options.0.choices.0')),
    ).toBe(true);

    const notAGroup = await post(owner.token, { ...base, options: ['large'] });
    expect(notAGroup.statusCode).toBe(400);
    expect(Object.keys(errorOf(notAGroup).fields ?? {})).toContain('options.0');

    const bounds = await post(owner.token, { ...base, options: [{ ...sizeGroup, min: 2, max: 1 }] });
    expect(errorOf(bounds).fields).toMatchObject({ 'options.0.min': 'must not exceed max' });
    const tooMany = await post(owner.token, { ...base, options: [{ ...sizeGroup, max: 3 }] });
    expect(errorOf(tooMany).fields).toMatchObject({
      'options.0.max': 'must not exceed the number of choices',
    });
    const requiredZero = await post(owner.token, { ...base, options: [{ ...sizeGroup, min: 0 }] });
    expect(errorOf(requiredZero).fields).toMatchObject({
      'options.0.min': 'must be at least 1 for a required group',
    });
    const negativeChoice = await post(owner.token, {
      ...base,
      options: [
        {
          ...sizeGroup,
          choices: [
            { name: 'Cheap', priceMinor: -5 },
            { name: 'Dear', priceMinor: 5 },
          ],
        },
      ],
    });
    expect(errorOf(negativeChoice).fields).toMatchObject({
      'options.0.choices.0.priceMinor': 'must be at least 0',
    });
  });

  it('refuses unknown fields and a client-chosen id or restaurant', async () => {
    const response = await post(owner.token, {
      categoryId: mains.id,
      name: 'Sneaky',
      priceMinor: 100,
      restaurantId: other.restaurantId,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a category of another restaurant with 422 on categoryId', async () => {
    const response = await post(owner.token, {
      categoryId: theirCategory.id,
      name: 'Stolen',
      priceMinor: 100,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'UNPROCESSABLE',
      fields: { categoryId: 'is not a category of this restaurant' },
    });
  });
});

describe('reading, changing and deleting items', () => {
  it('lists items in menu order: category position, then item position', async () => {
    const fresh = await registerOwner(t.app);
    const first = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'First' },
    });
    const second = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Second' },
    });
    await createItem(fresh.token, { categoryId: second.id, name: 'S1', priceMinor: 1 });
    await createItem(fresh.token, { categoryId: first.id, name: 'F1', priceMinor: 1 });
    await createItem(fresh.token, { categoryId: first.id, name: 'F2', priceMinor: 1 });
    const list = await callApi(t.app, fresh.token, menuEndpoints.listMenuItems, {
      params: { restaurantId: fresh.restaurantId },
    });
    expect(list.items.map((i) => i.name)).toEqual(['F1', 'F2', 'S1']);
  });

  it('PUT changes only what it carries, null clears, and a moved item goes to the end of its category', async () => {
    const starters = await callApi(t.app, owner.token, categoriesEndpoints.createCategory, {
      body: { name: 'Starters' },
    });
    await createItem(owner.token, { categoryId: starters.id, name: 'Edamame', priceMinor: 400 });
    const item = await createItem(owner.token, {
      categoryId: mains.id,
      name: 'Katsu',
      priceMinor: 1500,
      description: 'Crispy',
      prepMinutes: 15,
    });
    const changed = await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: item.id },
      body: { priceMinor: 1600, description: null, prepMinutes: null, categoryId: starters.id },
    });
    expect(changed).toMatchObject({
      name: 'Katsu',
      priceMinor: 1600,
      description: null,
      prepMinutes: null,
      categoryId: starters.id,
      position: 1,
    });
    expect(new Date(changed.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(item.updatedAt).getTime());
    const read = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, { params: { id: item.id } });
    expect(read).toEqual(changed);
  });

  it('PUT validates like POST and refuses a foreign category', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Udon', priceMinor: 900 });
    const bad = await injectApi(t.app, menuEndpoints.updateMenuItem, {
      token: owner.token,
      params: { id: item.id },
      body: { priceMinor: -100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ priceMinor: 'must be at least 0' });
    const foreign = await injectApi(t.app, menuEndpoints.updateMenuItem, {
      token: owner.token,
      params: { id: item.id },
      body: { categoryId: theirCategory.id },
    });
    expect(foreign.statusCode).toBe(422);
  });

  it('DELETE removes the item (204), then it is 404', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Temporary', priceMinor: 100 });
    await callApi(t.app, owner.token, menuEndpoints.deleteMenuItem, { params: { id: item.id } });
    const gone = await injectApi(t.app, menuEndpoints.getMenuItem, {
      token: owner.token,
      params: { id: item.id },
    });
    expect(gone.statusCode).toBe(404);
    const again = await injectApi(t.app, menuEndpoints.deleteMenuItem, {
      token: owner.token,
      params: { id: item.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another restaurant's items on every call, and leaves them untouched", async () => {
    const theirs = await createItem(other.token, {
      categoryId: theirCategory.id,
      name: 'Secret recipe',
      priceMinor: 999,
    });
    const params = { id: theirs.id };
    const calls: ApiCall[] = [
      { endpoint: menuEndpoints.getMenuItem, params },
      { endpoint: menuEndpoints.updateMenuItem, params, body: { priceMinor: 1 } },
      { endpoint: menuEndpoints.setSoldOut, params, body: { soldOut: true } },
      { endpoint: menuEndpoints.deleteMenuItem, params },
      { endpoint: menuEndpoints.listMenuItems, params: { restaurantId: other.restaurantId } },
      { endpoint: menuEndpoints.todayMenu, params: { restaurantId: other.restaurantId } },
    ];
    for (const { endpoint, ...call } of calls) {
      const response = await injectApi(t.app, endpoint, { ...call, token: owner.token });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(404);
      expect(response.body).not.toContain('Secret recipe');
    }
    const still = await callApi(t.app, other.token, menuEndpoints.getMenuItem, { params: { id: theirs.id } });
    expect(still).toMatchObject({ priceMinor: 999, soldOut: false });
  });

  it('answers 403 without menu.manage, lets the kitchen mark sold out, and refuses the cashier', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Soba', priceMinor: 800 });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const writes: ApiCall[] = [
      { endpoint: menuEndpoints.createMenuItem, body: { categoryId: mains.id, name: 'X', priceMinor: 1 } },
      { endpoint: menuEndpoints.updateMenuItem, params: { id: item.id }, body: { priceMinor: 1 } },
      { endpoint: menuEndpoints.deleteMenuItem, params: { id: item.id } },
    ];
    for (const { endpoint, ...call } of writes) {
      const response = await injectApi(t.app, endpoint, { ...call, token: waiter.token });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(403);
    }
    expect(
      (
        await injectApi(t.app, menuEndpoints.listMenuItems, {
          token: waiter.token,
          params: { restaurantId: owner.restaurantId },
        })
      ).statusCode,
    ).toBe(200);

    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const soldOut = await callApi(t.app, kitchen.token, menuEndpoints.setSoldOut, {
      params: { id: item.id },
      body: { soldOut: true },
    });
    expect(soldOut.soldOut).toBe(true);
    const cashier = await createStaffMember(t, owner, 'Cashier');
    const refused = await injectApi(t.app, menuEndpoints.setSoldOut, {
      token: cashier.token,
      params: { id: item.id },
      body: { soldOut: false },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('marks sold out with menu.availability alone: the waiter may, orders.manage or menu.manage alone may not', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Udon', priceMinor: 900 });
    const params = { id: item.id };
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(
      (await callApi(t.app, waiter.token, menuEndpoints.setSoldOut, { params, body: { soldOut: true } }))
        .soldOut,
    ).toBe(true);
    for (const permissions of [['orders.manage', 'orders.view'], ['menu.manage']]) {
      const role = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
        body: { name: `Only ${permissions.join(' ')}`, permissions },
      });
      const member = await createStaffMember(t, owner, `Only ${permissions.join(' ')}`);
      expect(member.roleId).toBe(role.id);
      const response = await injectApi(t.app, menuEndpoints.setSoldOut, {
        token: member.token,
        params,
        body: { soldOut: false },
      });
      expect(response.statusCode, permissions.join()).toBe(403);
    }
    const availability = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
      body: { name: 'Availability', permissions: ['menu.availability'] },
    });
    const member = await createStaffMember(t, owner, 'Availability');
    expect(member.roleId).toBe(availability.id);
    expect(
      (await callApi(t.app, member.token, menuEndpoints.setSoldOut, { params, body: { soldOut: false } }))
        .soldOut,
    ).toBe(false);
  });
});

describe("today's menu", () => {
  it('lists active items served today in the restaurant timezone, flags sold-out ones, and counts them', async () => {
    const fresh = await registerOwner(t.app, { timezone: 'Pacific/Auckland' });
    const cat = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Only' },
    });
    const empty = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Empty' },
    });
    const today = zonedParts(new Date(), 'Pacific/Auckland').weekday;
    const everyDay = await createItem(fresh.token, {
      categoryId: cat.id,
      name: 'Every day',
      priceMinor: 100,
    });
    await createItem(fresh.token, {
      categoryId: cat.id,
      name: 'Today only',
      priceMinor: 100,
      availableDays: [today],
    });
    await createItem(fresh.token, {
      categoryId: cat.id,
      name: 'Not today',
      priceMinor: 100,
      availableDays: [(today + 1) % 7],
    });
    await createItem(fresh.token, { categoryId: cat.id, name: 'Hidden', priceMinor: 100, active: false });

    const before = await callApi(t.app, fresh.token, menuEndpoints.todayMenu, {
      params: { restaurantId: fresh.restaurantId },
    });
    expect(before).toMatchObject({
      weekday: today,
      timezone: 'Pacific/Auckland',
      availableCount: 2,
      soldOutCount: 0,
    });
    expect(before.categories.map((c) => c.name)).toEqual(['Only']);
    expect(before.categories[0]!.items.map((i) => i.name)).toEqual(['Every day', 'Today only']);
    expect(empty.itemCount).toBe(0);

    const soldOut = await callApi(t.app, fresh.token, menuEndpoints.setSoldOut, {
      params: { id: everyDay.id },
      body: { soldOut: true },
    });
    expect(soldOut.soldOut).toBe(true);
    const after = await callApi(t.app, fresh.token, menuEndpoints.todayMenu, {
      params: { restaurantId: fresh.restaurantId },
    });
    expect(after).toMatchObject({ availableCount: 1, soldOutCount: 1 });
    expect(after.categories[0]!.items.find((i) => i.name === 'Every day')?.soldOut).toBe(true);

    const back = await callApi(t.app, fresh.token, menuEndpoints.setSoldOut, {
      params: { id: everyDay.id },
      body: { soldOut: false },
    });
    expect(back).toMatchObject({ soldOut: false, soldOutUntil: null });
  });

  it("keeps an item sold out until the restaurant's next local midnight, written out by hand", async () => {
    const fresh = await registerOwner(t.app, { timezone: 'Pacific/Auckland' });
    const cat = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Only' },
    });
    const dish = await createItem(fresh.token, { categoryId: cat.id, name: 'Pavlova', priceMinor: 900 });
    const soldOutAt = async (instant: string) => {
      // Only Date is faked: the server reads the clock through it, and timers stay real.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      try {
        return await callApi(t.app, fresh.token, menuEndpoints.setSoldOut, {
          params: { id: dish.id },
          body: { soldOut: true },
        });
      } finally {
        vi.useRealTimers();
      }
    };
    // Saturday 7 March 2026, 23:59 in Auckland (UTC+13): sold out for one minute.
    expect((await soldOutAt('2026-03-07T10:59:00Z')).soldOutUntil).toBe('2026-03-07T11:00:00.000Z');
    // Midnight itself starts a new day: sold out until the next one.
    expect((await soldOutAt('2026-03-07T11:00:00Z')).soldOutUntil).toBe('2026-03-08T11:00:00.000Z');
    // Sunday 5 April 2026, 01:00 NZDT: the clocks go back at 03:00, so the next midnight is NZST (UTC+12).
    expect((await soldOutAt('2026-04-04T12:00:00Z')).soldOutUntil).toBe('2026-04-05T12:00:00.000Z');
  });

  it('marks sold out once for a tap sent again with its Idempotency-Key (a queued tap replayed)', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Gyoza', priceMinor: 700 });
    const menuEvents = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM restaurant_events
              WHERE restaurant_id = ${owner.restaurantId} AND type = 'menu.updated'`,
        )
      )[0]!.n;
    const before = await menuEvents();
    const tap = () =>
      injectApi(t.app, menuEndpoints.setSoldOut, {
        token: owner.token,
        headers: { 'idempotency-key': `sold-out-${item.id}` },
        params: { id: item.id },
        body: { soldOut: true },
      });
    const first = await tap();
    const again = await tap();
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([
      200,
      200,
      'true',
    ]);
    expect(again.json()).toEqual(first.json());
    expect(await menuEvents()).toBe(before + 1);
  });

  it('brings a sold-out item back by itself once its time has passed', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Tempura', priceMinor: 1100 });
    await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
      params: { id: item.id },
      body: { soldOut: true },
    });
    await t.database.db.execute(
      sql`UPDATE menu_items SET sold_out_until = now() - interval '1 second' WHERE id = ${item.id}`,
    );
    const read = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, { params: { id: item.id } });
    expect(read.soldOut).toBe(false);
    const today = await callApi(t.app, owner.token, menuEndpoints.todayMenu, {
      params: { restaurantId: owner.restaurantId },
    });
    expect(today.categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.soldOut).toBe(false);
  });
});

describe('GET /api/menu/qr (guest menu, public)', () => {
  it('answers the public profile, the table and today’s menu without a session', async () => {
    const table = await callApi(t.app, owner.token, tablesEndpoints.createTable, {
      body: { number: 7, label: 'Window' },
    });
    expect(table.guestUrl).toBe(`http://tavolo.test/t/${table.qrToken}`);
    expect(table.qrToken.length).toBeGreaterThanOrEqual(22);
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { email: 'private@example.test' },
    });

    const response = await injectApi(t.app, menuEndpoints.guestMenu, {
      query: { restaurantId: owner.restaurantId, tableNumber: '7' },
    });
    expect(response.statusCode).toBe(200);
    const menu = response.json<TGuestMenu>();
    expect(menu.restaurant).toMatchObject({
      id: owner.restaurantId,
      currency: 'JPY',
      timezone: 'Asia/Tokyo',
    });
    expect(menu.restaurant).not.toHaveProperty('email');
    expect(response.body).not.toContain('private@example.test');
    expect(menu.table).toEqual({ id: table.id, number: 7, label: 'Window' });
    expect(menu.menu.categories.flatMap((c) => c.items).every((i) => i.active)).toBe(true);
    expect(menu.menu.categories.length).toBeGreaterThan(0);
    // The guest page finds the same menu by the token its printed code carries.
    const byToken = await injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken: table.qrToken } });
    expect(byToken.json()).toEqual(response.json());

    // Phones get it compressed (made once per menu version), and it decodes to the same menu.
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await injectApi(t.app, menuEndpoints.guestMenu, {
        headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
        query: { restaurantId: owner.restaurantId, tableNumber: '7' },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(compressed.rawPayload.length).toBeLessThan(response.rawPayload.length);
      expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(response.json());
    }
  });

  it('shows every menu change at once, though it is cached, and a timed sold-out ends by itself', async () => {
    const fresh = await registerOwner(t.app);
    const cat = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, {
      body: { name: 'Soups' },
    });
    const soup = await createItem(fresh.token, { categoryId: cat.id, name: 'Minestrone', priceMinor: 700 });
    await callApi(t.app, fresh.token, tablesEndpoints.createTable, { body: { number: 1 } });
    const read = async () =>
      ZGuestMenu.parse(
        await callApi(t.app, null, menuEndpoints.guestMenu, {
          query: { restaurantId: fresh.restaurantId, tableNumber: 1 },
        }),
      );
    const items = (menu: TGuestMenu) => menu.menu.categories.flatMap((c) => c.items);

    expect(items(await read()).map((i) => [i.name, i.soldOut])).toEqual([['Minestrone', false]]);
    await callApi(t.app, fresh.token, menuEndpoints.setSoldOut, {
      params: { id: soup.id },
      body: { soldOut: true },
    });
    expect(items(await read())[0]!.soldOut).toBe(true);
    await createItem(fresh.token, { categoryId: cat.id, name: 'Ribollita', priceMinor: 800 });
    await callApi(t.app, fresh.token, categoriesEndpoints.updateCategory, {
      params: { id: cat.id },
      body: { name: 'Zuppe' },
    });
    const changed = await read();
    expect(changed.menu.categories.map((c) => c.name)).toEqual(['Zuppe']);
    expect(items(changed).map((i) => i.name)).toEqual(['Minestrone', 'Ribollita']);
    await callApi(t.app, fresh.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: fresh.restaurantId },
      body: { name: 'Renamed Trattoria' },
    });
    expect((await read()).restaurant.name).toBe('Renamed Trattoria');

    // A sold-out that ends at a given instant (as at local midnight): the cached menu must not
    // outlive it. The server's clock is moved by hand (only Date is faked; timers stay real).
    await t.database.db.execute(
      sql`UPDATE menu_items SET sold_out_until = '2026-03-07T10:30:00Z' WHERE id = ${soup.id}`,
    );
    // Any change through the API moves the menu version, which the cached menu is kept by.
    await callApi(t.app, fresh.token, categoriesEndpoints.updateCategory, {
      params: { id: cat.id },
      body: { name: 'Zuppe' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-07T10:29:59.999Z'));
      expect(items(await read())[0]!.soldOut).toBe(true);
      expect(items(await read())[0]!.soldOut).toBe(true);
      vi.setSystemTime(new Date('2026-03-07T10:30:00.000Z'));
      expect(items(await read())[0]!.soldOut).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for an unknown table, an inactive table and an unknown restaurant; 400 for bad input', async () => {
    await callApi(t.app, owner.token, tablesEndpoints.createTable, { body: { number: 8, active: false } });
    const cases = [
      { restaurantId: owner.restaurantId, tableNumber: 99 },
      { restaurantId: owner.restaurantId, tableNumber: 8 },
      { restaurantId: '00000000-0000-4000-8000-000000000000', tableNumber: 7 },
      { restaurantId: other.restaurantId, tableNumber: 7 },
    ];
    for (const query of cases) {
      const response = await injectApi(t.app, menuEndpoints.guestMenu, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(404);
    }
    const bad = await injectApi(t.app, menuEndpoints.guestMenu, {
      query: { restaurantId: owner.restaurantId, tableNumber: 'seven' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('tableNumber');
  });
});

describe('tables (minimal, until the tables feature)', () => {
  it('refuses a duplicate number (409), staff without tables.manage (403), and another tenant’s list (404)', async () => {
    await callApi(t.app, owner.token, tablesEndpoints.createTable, { body: { number: 20 } });
    const duplicate = await injectApi(t.app, tablesEndpoints.createTable, {
      token: owner.token,
      body: { number: 20 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).fields).toEqual({ number: 'is already used' });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const forbidden = await injectApi(t.app, tablesEndpoints.createTable, {
      token: waiter.token,
      body: { number: 21 },
    });
    expect(forbidden.statusCode).toBe(403);
    const list = await callApi(t.app, waiter.token, tablesEndpoints.listTables, {
      params: { restaurantId: owner.restaurantId },
    });
    expect(list.items.map((x) => x.number)).toContain(20);
    expect(
      (
        await injectApi(t.app, tablesEndpoints.listTables, {
          token: owner.token,
          params: { restaurantId: other.restaurantId },
        })
      ).statusCode,
    ).toBe(404);
  });
});
