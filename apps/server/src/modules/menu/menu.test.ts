import zlib from 'node:zlib';
import {
  type TCategory,
  type TGuestMenu,
  type TMenuItem,
  type TTodayMenu,
  ZGuestMenu,
} from '@tavolo/contract/menu';
import type { TTable } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { zonedParts } from '../../lib/zoned-time';

let t: TestApp;
let owner: Owner;
let other: Owner;
let mains: TCategory;
let theirCategory: TCategory;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { timezone: 'Asia/Tokyo', currency: 'JPY' });
  other = await registerOwner(t.app);
  mains = await callApi<TCategory>(t.app, owner.token, 'POST', '/api/categories', { name: 'Mains' });
  theirCategory = await callApi<TCategory>(t.app, other.token, 'POST', '/api/categories', { name: 'Theirs' });
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

const createItem = (token: string, body: Record<string, unknown>) =>
  callApi<TMenuItem>(t.app, token, 'POST', '/api/menu', body);

function post(token: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/menu',
    headers: bearer(token),
    payload: payload as object,
  });
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
    const first = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'First' });
    const second = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', {
      name: 'Second',
    });
    await createItem(fresh.token, { categoryId: second.id, name: 'S1', priceMinor: 1 });
    await createItem(fresh.token, { categoryId: first.id, name: 'F1', priceMinor: 1 });
    await createItem(fresh.token, { categoryId: first.id, name: 'F2', priceMinor: 1 });
    const list = await callApi<{ items: TMenuItem[] }>(
      t.app,
      fresh.token,
      'GET',
      `/api/menu/restaurant/${fresh.restaurantId}`,
    );
    expect(list.items.map((i) => i.name)).toEqual(['F1', 'F2', 'S1']);
  });

  it('PUT changes only what it carries, null clears, and a moved item goes to the end of its category', async () => {
    const starters = await callApi<TCategory>(t.app, owner.token, 'POST', '/api/categories', {
      name: 'Starters',
    });
    await createItem(owner.token, { categoryId: starters.id, name: 'Edamame', priceMinor: 400 });
    const item = await createItem(owner.token, {
      categoryId: mains.id,
      name: 'Katsu',
      priceMinor: 1500,
      description: 'Crispy',
      prepMinutes: 15,
    });
    const changed = await callApi<TMenuItem>(t.app, owner.token, 'PUT', `/api/menu/${item.id}`, {
      priceMinor: 1600,
      description: null,
      prepMinutes: null,
      categoryId: starters.id,
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
    const read = await callApi<TMenuItem>(t.app, owner.token, 'GET', `/api/menu/${item.id}`);
    expect(read).toEqual(changed);
  });

  it('PUT validates like POST and refuses a foreign category', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Udon', priceMinor: 900 });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/menu/${item.id}`,
      headers: bearer(owner.token),
      payload: { priceMinor: -100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ priceMinor: 'must be at least 0' });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/menu/${item.id}`,
      headers: bearer(owner.token),
      payload: { categoryId: theirCategory.id },
    });
    expect(foreign.statusCode).toBe(422);
  });

  it('DELETE removes the item (204), then it is 404', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Temporary', priceMinor: 100 });
    await callApi(t.app, owner.token, 'DELETE', `/api/menu/${item.id}`, undefined, 204);
    const gone = await t.app.inject({ url: `/api/menu/${item.id}`, headers: bearer(owner.token) });
    expect(gone.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/menu/${item.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another restaurant's items on every call, and leaves them untouched", async () => {
    const theirs = await createItem(other.token, {
      categoryId: theirCategory.id,
      name: 'Secret recipe',
      priceMinor: 999,
    });
    const calls = [
      { method: 'GET' as const, url: `/api/menu/${theirs.id}` },
      { method: 'PUT' as const, url: `/api/menu/${theirs.id}`, payload: { priceMinor: 1 } },
      { method: 'PUT' as const, url: `/api/menu/${theirs.id}/sold-out`, payload: { soldOut: true } },
      { method: 'DELETE' as const, url: `/api/menu/${theirs.id}` },
      { method: 'GET' as const, url: `/api/menu/restaurant/${other.restaurantId}` },
      { method: 'GET' as const, url: `/api/menu/today/${other.restaurantId}` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: bearer(owner.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.body).not.toContain('Secret recipe');
    }
    const still = await callApi<TMenuItem>(t.app, other.token, 'GET', `/api/menu/${theirs.id}`);
    expect(still).toMatchObject({ priceMinor: 999, soldOut: false });
  });

  it('answers 403 without menu.manage, lets the kitchen mark sold out, and refuses the cashier', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Soba', priceMinor: 800 });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    for (const call of [
      {
        method: 'POST' as const,
        url: '/api/menu',
        payload: { categoryId: mains.id, name: 'X', priceMinor: 1 },
      },
      { method: 'PUT' as const, url: `/api/menu/${item.id}`, payload: { priceMinor: 1 } },
      { method: 'DELETE' as const, url: `/api/menu/${item.id}` },
    ]) {
      const response = await t.app.inject({ ...call, headers: bearer(waiter.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          url: `/api/menu/restaurant/${owner.restaurantId}`,
          headers: bearer(waiter.token),
        })
      ).statusCode,
    ).toBe(200);

    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const soldOut = await callApi<TMenuItem>(t.app, kitchen.token, 'PUT', `/api/menu/${item.id}/sold-out`, {
      soldOut: true,
    });
    expect(soldOut.soldOut).toBe(true);
    const cashier = await createStaffMember(t, owner, 'Cashier');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/menu/${item.id}/sold-out`,
      headers: bearer(cashier.token),
      payload: { soldOut: false },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('marks sold out with menu.availability alone: the waiter may, orders.manage or menu.manage alone may not', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Udon', priceMinor: 900 });
    const url = `/api/menu/${item.id}/sold-out`;
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect((await callApi<TMenuItem>(t.app, waiter.token, 'PUT', url, { soldOut: true }, 200)).soldOut).toBe(
      true,
    );
    for (const permissions of [['orders.manage', 'orders.view'], ['menu.manage']]) {
      const role = await callApi<{ id: string }>(t.app, owner.token, 'POST', '/api/roles', {
        name: `Only ${permissions.join(' ')}`,
        permissions,
      });
      const member = await createStaffMember(t, owner, `Only ${permissions.join(' ')}`);
      expect(member.roleId).toBe(role.id);
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(member.token),
        payload: { soldOut: false },
      });
      expect(response.statusCode, permissions.join()).toBe(403);
    }
    const availability = await callApi<{ id: string }>(t.app, owner.token, 'POST', '/api/roles', {
      name: 'Availability',
      permissions: ['menu.availability'],
    });
    const member = await createStaffMember(t, owner, 'Availability');
    expect(member.roleId).toBe(availability.id);
    expect((await callApi<TMenuItem>(t.app, member.token, 'PUT', url, { soldOut: false }, 200)).soldOut).toBe(
      false,
    );
  });
});

describe("today's menu", () => {
  it('lists active items served today in the restaurant timezone, flags sold-out ones, and counts them', async () => {
    const fresh = await registerOwner(t.app, { timezone: 'Pacific/Auckland' });
    const cat = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'Only' });
    const empty = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'Empty' });
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

    const before = await callApi<TTodayMenu>(
      t.app,
      fresh.token,
      'GET',
      `/api/menu/today/${fresh.restaurantId}`,
    );
    expect(before).toMatchObject({
      weekday: today,
      timezone: 'Pacific/Auckland',
      availableCount: 2,
      soldOutCount: 0,
    });
    expect(before.categories.map((c) => c.name)).toEqual(['Only']);
    expect(before.categories[0]!.items.map((i) => i.name)).toEqual(['Every day', 'Today only']);
    expect(empty.itemCount).toBe(0);

    const soldOut = await callApi<TMenuItem>(t.app, fresh.token, 'PUT', `/api/menu/${everyDay.id}/sold-out`, {
      soldOut: true,
    });
    expect(soldOut.soldOut).toBe(true);
    const after = await callApi<TTodayMenu>(
      t.app,
      fresh.token,
      'GET',
      `/api/menu/today/${fresh.restaurantId}`,
    );
    expect(after).toMatchObject({ availableCount: 1, soldOutCount: 1 });
    expect(after.categories[0]!.items.find((i) => i.name === 'Every day')?.soldOut).toBe(true);

    const back = await callApi<TMenuItem>(t.app, fresh.token, 'PUT', `/api/menu/${everyDay.id}/sold-out`, {
      soldOut: false,
    });
    expect(back).toMatchObject({ soldOut: false, soldOutUntil: null });
  });

  it("keeps an item sold out until the restaurant's next local midnight, written out by hand", async () => {
    const fresh = await registerOwner(t.app, { timezone: 'Pacific/Auckland' });
    const cat = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'Only' });
    const dish = await createItem(fresh.token, { categoryId: cat.id, name: 'Pavlova', priceMinor: 900 });
    const soldOutAt = async (instant: string) => {
      // Only Date is faked: the server reads the clock through it, and timers stay real.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      try {
        return await callApi<TMenuItem>(t.app, fresh.token, 'PUT', `/api/menu/${dish.id}/sold-out`, {
          soldOut: true,
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

  it('brings a sold-out item back by itself once its time has passed', async () => {
    const item = await createItem(owner.token, { categoryId: mains.id, name: 'Tempura', priceMinor: 1100 });
    await callApi(t.app, owner.token, 'PUT', `/api/menu/${item.id}/sold-out`, { soldOut: true });
    await t.database.db.execute(
      sql`UPDATE menu_items SET sold_out_until = now() - interval '1 second' WHERE id = ${item.id}`,
    );
    const read = await callApi<TMenuItem>(t.app, owner.token, 'GET', `/api/menu/${item.id}`);
    expect(read.soldOut).toBe(false);
    const today = await callApi<TTodayMenu>(
      t.app,
      owner.token,
      'GET',
      `/api/menu/today/${owner.restaurantId}`,
    );
    expect(today.categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.soldOut).toBe(false);
  });
});

describe('GET /api/menu/qr (guest menu, public)', () => {
  it('answers the public profile, the table and today’s menu without a session', async () => {
    const table = await callApi<TTable>(t.app, owner.token, 'POST', '/api/tables', {
      number: 7,
      label: 'Window',
    });
    expect(table.guestUrl).toBe(`http://tavolo.test/t/${table.qrToken}`);
    expect(table.qrToken.length).toBeGreaterThanOrEqual(22);
    await callApi(t.app, owner.token, 'PUT', `/api/restaurants/${owner.restaurantId}`, {
      email: 'private@example.test',
    });

    const response = await t.app.inject({
      url: `/api/menu/qr?restaurantId=${owner.restaurantId}&tableNumber=7`,
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
    const byToken = await t.app.inject({ url: `/api/menu/qr?qrToken=${table.qrToken}` });
    expect(byToken.json()).toEqual(response.json());

    // Phones get it compressed (made once per menu version), and it decodes to the same menu.
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await t.app.inject({
        url: `/api/menu/qr?restaurantId=${owner.restaurantId}&tableNumber=7`,
        headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(compressed.rawPayload.length).toBeLessThan(response.rawPayload.length);
      expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(response.json());
    }
  });

  it('shows every menu change at once, though it is cached, and a timed sold-out ends by itself', async () => {
    const fresh = await registerOwner(t.app);
    const cat = await callApi<TCategory>(t.app, fresh.token, 'POST', '/api/categories', { name: 'Soups' });
    const soup = await createItem(fresh.token, { categoryId: cat.id, name: 'Minestrone', priceMinor: 700 });
    await callApi(t.app, fresh.token, 'POST', '/api/tables', { number: 1 });
    const url = `/api/menu/qr?restaurantId=${fresh.restaurantId}&tableNumber=1`;
    const read = async () => ZGuestMenu.parse((await t.app.inject({ url })).json());
    const items = (menu: TGuestMenu) => menu.menu.categories.flatMap((c) => c.items);

    expect(items(await read()).map((i) => [i.name, i.soldOut])).toEqual([['Minestrone', false]]);
    await callApi(t.app, fresh.token, 'PUT', `/api/menu/${soup.id}/sold-out`, { soldOut: true });
    expect(items(await read())[0]!.soldOut).toBe(true);
    await createItem(fresh.token, { categoryId: cat.id, name: 'Ribollita', priceMinor: 800 });
    await callApi(t.app, fresh.token, 'PUT', `/api/categories/${cat.id}`, { name: 'Zuppe' });
    const changed = await read();
    expect(changed.menu.categories.map((c) => c.name)).toEqual(['Zuppe']);
    expect(items(changed).map((i) => i.name)).toEqual(['Minestrone', 'Ribollita']);
    await callApi(t.app, fresh.token, 'PUT', `/api/restaurants/${fresh.restaurantId}`, {
      name: 'Renamed Trattoria',
    });
    expect((await read()).restaurant.name).toBe('Renamed Trattoria');

    // A sold-out that ends at a given instant (as at local midnight): the cached menu must not
    // outlive it. The server's clock is moved by hand (only Date is faked; timers stay real).
    await t.database.db.execute(
      sql`UPDATE menu_items SET sold_out_until = '2026-03-07T10:30:00Z' WHERE id = ${soup.id}`,
    );
    // Any change through the API moves the menu version, which the cached menu is kept by.
    await callApi(t.app, fresh.token, 'PUT', `/api/categories/${cat.id}`, { name: 'Zuppe' });
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
    await callApi(t.app, owner.token, 'POST', '/api/tables', { number: 8, active: false });
    const cases = [
      `/api/menu/qr?restaurantId=${owner.restaurantId}&tableNumber=99`,
      `/api/menu/qr?restaurantId=${owner.restaurantId}&tableNumber=8`,
      '/api/menu/qr?restaurantId=00000000-0000-4000-8000-000000000000&tableNumber=7',
      `/api/menu/qr?restaurantId=${other.restaurantId}&tableNumber=7`,
    ];
    for (const url of cases) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    const bad = await t.app.inject({
      url: `/api/menu/qr?restaurantId=${owner.restaurantId}&tableNumber=seven`,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('tableNumber');
  });
});

describe('tables (minimal, until the tables feature)', () => {
  it('refuses a duplicate number (409), staff without tables.manage (403), and another tenant’s list (404)', async () => {
    await callApi(t.app, owner.token, 'POST', '/api/tables', { number: 20 });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: bearer(owner.token),
      payload: { number: 20 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).fields).toEqual({ number: 'is already used' });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: bearer(waiter.token),
      payload: { number: 21 },
    });
    expect(forbidden.statusCode).toBe(403);
    const list = await callApi<{ items: TTable[] }>(
      t.app,
      waiter.token,
      'GET',
      `/api/tables/restaurant/${owner.restaurantId}`,
    );
    expect(list.items.map((x) => x.number)).toContain(20);
    expect(
      (
        await t.app.inject({
          url: `/api/tables/restaurant/${other.restaurantId}`,
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});
