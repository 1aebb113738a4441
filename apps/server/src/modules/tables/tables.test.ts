import type { TCategory, TMenuItem } from '@tavolo/contract/menu';
import type { TTable } from '@tavolo/contract/tables';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApp;
let owner: Owner;
let other: Owner;
let item: TMenuItem;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  const cat = await callApi<TCategory>(t.app, owner.token, 'POST', '/api/categories', { name: 'Drinks' });
  item = await callApi<TMenuItem>(t.app, owner.token, 'POST', '/api/menu', {
    categoryId: cat.id,
    name: 'Espresso',
    priceMinor: 150,
  });
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = owner.token) =>
  callApi<TTable>(t.app, token, 'POST', '/api/tables', body);

describe('tables', () => {
  it('creates a table with an unguessable code and its guest URL, and lists tables by number', async () => {
    const b = await create({ number: 12, label: 'Terrace', seats: 4 });
    const a = await create({ number: 3 });
    expect(b).toMatchObject({ number: 12, label: 'Terrace', seats: 4, active: true });
    expect(b.qrToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(b.qrToken).not.toBe(a.qrToken);
    expect(b.guestUrl).toBe(`http://tavolo.test/t/${b.qrToken}`);
    const list = await callApi<{ items: TTable[] }>(
      t.app,
      owner.token,
      'GET',
      `/api/tables/restaurant/${owner.restaurantId}`,
    );
    expect(list.items.map((x) => x.number)).toEqual([3, 12]);
  });

  it('updates what it carries, refuses a number already used (409) and bad input (400)', async () => {
    const table = await create({ number: 30, label: 'Bar', seats: 2 });
    await create({ number: 31 });
    const changed = await callApi<TTable>(t.app, owner.token, 'PUT', `/api/tables/${table.id}`, {
      seats: 6,
      label: null,
    });
    expect(changed).toMatchObject({ number: 30, seats: 6, label: null, qrToken: table.qrToken });
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/tables/${table.id}`,
      headers: bearer(owner.token),
      payload: { number: 31 },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ number: 'is already used' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/tables/${table.id}`,
      headers: bearer(owner.token),
      payload: { number: 0, seats: 2.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['number', 'seats']);
  });

  it('shows a renamed or deactivated table on the guest menu at once', async () => {
    const table = await create({ number: 40, label: 'Garden' });
    const url = `/api/menu/qr?qrToken=${table.qrToken}`;
    expect((await t.app.inject({ url })).json().table.label).toBe('Garden');
    await callApi(t.app, owner.token, 'PUT', `/api/tables/${table.id}`, { label: 'Rose garden' });
    expect((await t.app.inject({ url })).json().table.label).toBe('Rose garden');
    await callApi(t.app, owner.token, 'PUT', `/api/tables/${table.id}`, { active: false });
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('rotating the code makes the printed one stop working, for the menu and for orders', async () => {
    const table = await create({ number: 50 });
    const rotated = await callApi<TTable>(
      t.app,
      owner.token,
      'POST',
      `/api/tables/${table.id}/rotate-qr`,
      undefined,
      200,
    );
    expect(rotated.qrToken).not.toBe(table.qrToken);
    expect(rotated.guestUrl).toBe(`http://tavolo.test/t/${rotated.qrToken}`);
    expect((await t.app.inject({ url: `/api/menu/qr?qrToken=${table.qrToken}` })).statusCode).toBe(404);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { qrToken: table.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(stale.statusCode).toBe(404);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { qrToken: rotated.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('serves the QR code as SVG and PNG, as a download when asked', async () => {
    const table = await create({ number: 60 });
    const svg = await t.app.inject({ url: `/api/tables/${table.id}/qr.svg`, headers: bearer(owner.token) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg[^>]+viewBox/);
    const png = await t.app.inject({
      url: `/api/tables/${table.id}/qr.png?download=1`,
      headers: bearer(owner.token),
    });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="table-60-qr.png"');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 768 });
  });

  it('deletes a table (204) but keeps one with open orders (409)', async () => {
    const idle = await create({ number: 70 });
    await callApi(t.app, owner.token, 'DELETE', `/api/tables/${idle.id}`, undefined, 204);
    expect(
      (await t.app.inject({ url: `/api/tables/${idle.id}`, headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
    const busy = await create({ number: 71 });
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { qrToken: busy.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/tables/${busy.id}`,
      headers: bearer(owner.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('1 open order');
  });

  it("answers 404 for another restaurant's table on every call", async () => {
    const theirs = await create({ number: 1 }, other.token);
    const calls = [
      { method: 'GET' as const, url: `/api/tables/${theirs.id}` },
      { method: 'PUT' as const, url: `/api/tables/${theirs.id}`, payload: { label: 'Mine' } },
      { method: 'POST' as const, url: `/api/tables/${theirs.id}/rotate-qr` },
      { method: 'DELETE' as const, url: `/api/tables/${theirs.id}` },
      { method: 'GET' as const, url: `/api/tables/${theirs.id}/qr.svg` },
      { method: 'GET' as const, url: `/api/tables/${theirs.id}/qr.png` },
      { method: 'GET' as const, url: `/api/tables/restaurant/${other.restaurantId}` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: bearer(owner.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const still = await callApi<TTable>(t.app, other.token, 'GET', `/api/tables/${theirs.id}`);
    expect(still).toMatchObject({ qrToken: theirs.qrToken, label: null });
  });

  it('answers 403 to staff without tables.manage on every write, and lets them read', async () => {
    const table = await create({ number: 80 });
    const waiter = await createStaffMember(t, owner, 'Waiter');
    for (const call of [
      { method: 'POST' as const, url: '/api/tables', payload: { number: 81 } },
      { method: 'PUT' as const, url: `/api/tables/${table.id}`, payload: { seats: 2 } },
      { method: 'POST' as const, url: `/api/tables/${table.id}/rotate-qr` },
      { method: 'DELETE' as const, url: `/api/tables/${table.id}` },
    ]) {
      const response = await t.app.inject({ ...call, headers: bearer(waiter.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect(
      (await t.app.inject({ url: `/api/tables/${table.id}`, headers: bearer(waiter.token) })).statusCode,
    ).toBe(200);
  });

  it('keeps QR tokens from those who neither run the tables nor take orders', async () => {
    const table = await create({ number: 82 });
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    const waiter = await createStaffMember(t, owner, 'Waiter');
    for (const url of [
      `/api/tables/restaurant/${owner.restaurantId}`,
      `/api/tables/${table.id}`,
      `/api/tables/${table.id}/qr.svg`,
      `/api/tables/${table.id}/qr.png`,
    ]) {
      expect((await t.app.inject({ url, headers: bearer(kitchen.token) })).statusCode, url).toBe(403);
    }
    // Waiters take orders at a table, so they see the tables, but print no codes.
    expect(
      (await t.app.inject({ url: `/api/tables/${table.id}/qr.svg`, headers: bearer(waiter.token) }))
        .statusCode,
    ).toBe(403);
  });
});
