import type { BodyOf } from '@tavolo/contract/endpoint';
import { menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { tablesEndpoints } from '@tavolo/contract/tables';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApp;
let owner: Owner;
let other: Owner;
let item: TMenuItem;
beforeAll(async () => {
  t = await createTestApp();
  other = await registerOwner(t.app);
  const seeded = await seedRestaurant(t.app, {
    category: 'Drinks',
    dishes: [{ name: 'Espresso', priceMinor: 150 }],
    tables: [],
  });
  owner = seeded.owner;
  item = seeded.items[0]!;
});
afterAll(() => t.close());

const create = (body: BodyOf<typeof tablesEndpoints.createTable>, token = owner.token) =>
  callApi(t.app, token, tablesEndpoints.createTable, { body });

describe('tables', () => {
  it('creates a table with an unguessable code and its guest URL, and lists tables by number', async () => {
    const b = await create({ number: 12, label: 'Terrace', seats: 4 });
    const a = await create({ number: 3 });
    expect(b).toMatchObject({ number: 12, label: 'Terrace', seats: 4, active: true });
    expect(b.qrToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(b.qrToken).not.toBe(a.qrToken);
    expect(b.guestUrl).toBe(`http://tavolo.test/t/${b.qrToken}`);
    const list = await callApi(t.app, owner.token, tablesEndpoints.listTables, {
      params: { restaurantId: owner.restaurantId },
    });
    expect(list.items.map((x) => x.number)).toEqual([3, 12]);
  });

  it('updates what it carries, refuses a number already used (409) and bad input (400)', async () => {
    const table = await create({ number: 30, label: 'Bar', seats: 2 });
    await create({ number: 31 });
    const changed = await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { seats: 6, label: null },
    });
    expect(changed).toMatchObject({ number: 30, seats: 6, label: null, qrToken: table.qrToken });
    const taken = await injectApi(t.app, tablesEndpoints.updateTable, {
      token: owner.token,
      params: { id: table.id },
      body: { number: 31 },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ number: 'is already used' });
    const bad = await injectApi(t.app, tablesEndpoints.updateTable, {
      token: owner.token,
      params: { id: table.id },
      body: { number: 0, seats: 2.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['number', 'seats']);
  });

  it('keeps an area (up to 40 characters) through create, update and list, and clears it with null', async () => {
    const table = await create({ number: 260, area: '  Terrace ' });
    expect(table).toMatchObject({ number: 260, area: 'Terrace' });
    expect((await create({ number: 261 })).area).toBeNull();
    const moved = await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { area: 'Dining room' },
    });
    expect(moved.area).toBe('Dining room');
    const list = await callApi(t.app, owner.token, tablesEndpoints.listTables, {
      params: { restaurantId: owner.restaurantId },
    });
    expect(list.items.find((x) => x.id === table.id)?.area).toBe('Dining room');
    const tooLong = await injectApi(t.app, tablesEndpoints.updateTable, {
      token: owner.token,
      params: { id: table.id },
      body: { area: 'x'.repeat(41) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toHaveProperty('area');
    const cleared = await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { area: null },
    });
    expect(cleared.area).toBeNull();
  });

  it('shows a renamed or deactivated table on the guest menu at once', async () => {
    const table = await create({ number: 40, label: 'Garden' });
    const menu = () => injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken: table.qrToken } });
    expect((await menu()).json().table.label).toBe('Garden');
    await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { label: 'Rose garden' },
    });
    expect((await menu()).json().table.label).toBe('Rose garden');
    await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { active: false },
    });
    expect((await menu()).statusCode).toBe(404);
  });

  it('rotating the code makes the printed one stop working, for the menu and for orders', async () => {
    const table = await create({ number: 50 });
    const rotated = await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, {
      params: { id: table.id },
    });
    expect(rotated.qrToken).not.toBe(table.qrToken);
    expect(rotated.guestUrl).toBe(`http://tavolo.test/t/${rotated.qrToken}`);
    expect(
      (await injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken: table.qrToken } })).statusCode,
    ).toBe(404);
    const stale = await injectApi(t.app, ordersEndpoints.placeOrder, {
      body: { qrToken: table.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(stale.statusCode).toBe(404);
    const fresh = await injectApi(t.app, ordersEndpoints.placeOrder, {
      body: { qrToken: rotated.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('serves the QR code as SVG and PNG, as a download when asked', async () => {
    const table = await create({ number: 60 });
    const svg = await injectApi(t.app, tablesEndpoints.tableQrSvg, {
      token: owner.token,
      params: { id: table.id },
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg[^>]+viewBox/);
    const png = await injectApi(t.app, tablesEndpoints.tableQrPng, {
      token: owner.token,
      params: { id: table.id },
      query: { download: '1' },
    });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="table-60-qr.png"');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 768 });
  });

  it('deletes a table (204) but keeps one with open orders (409)', async () => {
    const idle = await create({ number: 70 });
    await callApi(t.app, owner.token, tablesEndpoints.deleteTable, { params: { id: idle.id } });
    expect(
      (await injectApi(t.app, tablesEndpoints.getTable, { token: owner.token, params: { id: idle.id } }))
        .statusCode,
    ).toBe(404);
    const busy = await create({ number: 71 });
    await injectApi(t.app, ordersEndpoints.placeOrder, {
      body: { qrToken: busy.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    const refused = await injectApi(t.app, tablesEndpoints.deleteTable, {
      token: owner.token,
      params: { id: busy.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('1 open order');
  });

  it("answers 404 for another restaurant's table on every call", async () => {
    const theirs = await create({ number: 1 }, other.token);
    const params = { id: theirs.id };
    const calls: ApiCall[] = [
      { endpoint: tablesEndpoints.getTable, params },
      { endpoint: tablesEndpoints.updateTable, params, body: { label: 'Mine' } },
      { endpoint: tablesEndpoints.rotateTableQr, params },
      { endpoint: tablesEndpoints.deleteTable, params },
      { endpoint: tablesEndpoints.tableQrSvg, params },
      { endpoint: tablesEndpoints.tableQrPng, params },
      { endpoint: tablesEndpoints.listTables, params: { restaurantId: other.restaurantId } },
    ];
    for (const { endpoint, ...call } of calls) {
      const response = await injectApi(t.app, endpoint, { ...call, token: owner.token });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(404);
    }
    const still = await callApi(t.app, other.token, tablesEndpoints.getTable, { params: { id: theirs.id } });
    expect(still).toMatchObject({ qrToken: theirs.qrToken, label: null });
  });

  it('answers 403 to staff without tables.manage on every write, and lets them read', async () => {
    const table = await create({ number: 80 });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const params = { id: table.id };
    const writes: ApiCall[] = [
      { endpoint: tablesEndpoints.createTable, body: { number: 81 } },
      { endpoint: tablesEndpoints.updateTable, params, body: { seats: 2 } },
      { endpoint: tablesEndpoints.rotateTableQr, params },
      { endpoint: tablesEndpoints.deleteTable, params },
    ];
    for (const { endpoint, ...call } of writes) {
      const response = await injectApi(t.app, endpoint, { ...call, token: waiter.token });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(403);
    }
    expect(
      (await injectApi(t.app, tablesEndpoints.getTable, { token: waiter.token, params: { id: table.id } }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps QR tokens from those who neither run the tables nor take orders', async () => {
    const table = await create({ number: 82 });
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const params = { id: table.id };
    const reads: ApiCall[] = [
      { endpoint: tablesEndpoints.listTables, params: { restaurantId: owner.restaurantId } },
      { endpoint: tablesEndpoints.getTable, params },
      { endpoint: tablesEndpoints.tableQrSvg, params },
      { endpoint: tablesEndpoints.tableQrPng, params },
    ];
    for (const { endpoint, ...call } of reads) {
      const response = await injectApi(t.app, endpoint, { ...call, token: kitchen.token });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(403);
    }
    // Waiters take orders at a table, so they see the tables, but print no codes.
    expect(
      (await injectApi(t.app, tablesEndpoints.tableQrSvg, { token: waiter.token, params: { id: table.id } }))
        .statusCode,
    ).toBe(403);
  });
});
