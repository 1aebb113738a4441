import type { TCategory } from '@tavolo/contract/menu';
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
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
});
afterAll(() => t.close());

const create = (token: string, name: string, description?: string) =>
  callApi<TCategory>(t.app, token, 'POST', '/api/categories', { name, description });

describe('categories', () => {
  it('creates categories at the end and lists them in order with item counts', async () => {
    const fresh = await registerOwner(t.app);
    const starters = await create(fresh.token, 'Starters', 'To begin');
    const mains = await create(fresh.token, 'Mains');
    expect(starters).toMatchObject({ name: 'Starters', description: 'To begin', position: 0, itemCount: 0 });
    expect(mains.position).toBe(1);
    await callApi(t.app, fresh.token, 'POST', '/api/menu', {
      categoryId: mains.id,
      name: 'Lasagne',
      priceMinor: 1400,
    });
    const list = await callApi<{ items: TCategory[] }>(
      t.app,
      fresh.token,
      'GET',
      `/api/categories/${fresh.restaurantId}`,
    );
    expect(list.items.map((c) => [c.name, c.itemCount])).toEqual([
      ['Starters', 0],
      ['Mains', 1],
    ]);
  });

  it('answers 409 DUPLICATE for a name already used in the restaurant, but not across restaurants', async () => {
    await create(owner.token, 'Desserts');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(owner.token),
      payload: { name: 'Desserts' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'DUPLICATE', fields: { name: 'is already used' } });
    const otherCase = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(owner.token),
      payload: { name: 'DESSERTS' },
    });
    expect(otherCase.statusCode).toBe(409);
    await create(other.token, 'Desserts');
  });

  it('validates names (400 with fields)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(owner.token),
      payload: { name: '   ', description: 'x'.repeat(501) },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      name: 'is required',
      description: 'must be at most 500 characters',
    });
  });

  it('renames, clears the description, and keeps other fields', async () => {
    const drinks = await create(owner.token, 'Drinks', 'Cold and hot');
    const renamed = await callApi<TCategory>(t.app, owner.token, 'PUT', `/api/categories/${drinks.id}`, {
      name: 'Beverages',
    });
    expect(renamed).toMatchObject({
      name: 'Beverages',
      description: 'Cold and hot',
      position: drinks.position,
    });
    const cleared = await callApi<TCategory>(t.app, owner.token, 'PUT', `/api/categories/${drinks.id}`, {
      description: null,
    });
    expect(cleared.description).toBeNull();
  });

  it('deletes an empty category, and answers 409 for one that still has items', async () => {
    const empty = await create(owner.token, 'Seasonal');
    await callApi(t.app, owner.token, 'DELETE', `/api/categories/${empty.id}`, undefined, 204);
    const full = await create(owner.token, 'Pizza');
    await callApi(t.app, owner.token, 'POST', '/api/menu', {
      categoryId: full.id,
      name: 'Margherita',
      priceMinor: 900,
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/${full.id}`,
      headers: bearer(owner.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(refused).message).toContain('1 menu item');
    const list = await callApi<{ items: TCategory[] }>(
      t.app,
      owner.token,
      'GET',
      `/api/categories/${owner.restaurantId}`,
    );
    expect(list.items.map((c) => c.name)).toContain('Pizza');
    expect(list.items.map((c) => c.name)).not.toContain('Seasonal');
  });

  it('reorders with the full list of ids, and refuses a partial or foreign list (422)', async () => {
    const fresh = await registerOwner(t.app);
    const a = await create(fresh.token, 'A');
    const b = await create(fresh.token, 'B');
    const c = await create(fresh.token, 'C');
    const reordered = await callApi<{ items: TCategory[] }>(
      t.app,
      fresh.token,
      'PUT',
      '/api/categories/reorder',
      {
        ids: [c.id, a.id, b.id],
      },
    );
    expect(reordered.items.map((x) => [x.name, x.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/reorder',
      headers: bearer(fresh.token),
      payload: { ids: [a.id, b.id] },
    });
    expect(partial.statusCode).toBe(422);
    const theirs = await create(other.token, 'Theirs');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/reorder',
      headers: bearer(fresh.token),
      payload: { ids: [a.id, b.id, theirs.id] },
    });
    expect(foreign.statusCode).toBe(422);
    const repeated = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/reorder',
      headers: bearer(fresh.token),
      payload: { ids: [a.id, a.id, b.id] },
    });
    expect(repeated.statusCode).toBe(400);
  });

  describe('tenant isolation', () => {
    it("answers 404 for another restaurant's categories on list, update and delete", async () => {
      const theirs = await create(other.token, 'Private');
      const list = await t.app.inject({
        url: `/api/categories/${other.restaurantId}`,
        headers: bearer(owner.token),
      });
      expect(list.statusCode).toBe(404);
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/categories/${theirs.id}`,
        headers: bearer(owner.token),
        payload: { name: 'Mine now' },
      });
      expect(update.statusCode).toBe(404);
      const remove = await t.app.inject({
        method: 'DELETE',
        url: `/api/categories/${theirs.id}`,
        headers: bearer(owner.token),
      });
      expect(remove.statusCode).toBe(404);
      const still = await callApi<{ items: TCategory[] }>(
        t.app,
        other.token,
        'GET',
        `/api/categories/${other.restaurantId}`,
      );
      expect(still.items.find((c) => c.id === theirs.id)?.name).toBe('Private');
    });
  });

  describe('permissions', () => {
    it('answers 403 to staff without menu.manage, and lets them read', async () => {
      const waiter = await createStaffMember(t, owner, 'Waiter');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: bearer(waiter.token),
        payload: { name: 'By waiter' },
      });
      expect(response.statusCode).toBe(403);
      const read = await t.app.inject({
        url: `/api/categories/${owner.restaurantId}`,
        headers: bearer(waiter.token),
      });
      expect(read.statusCode).toBe(200);
      const manager = await createStaffMember(t, owner, 'Manager');
      await callApi(t.app, manager.token, 'POST', '/api/categories', { name: 'By manager' });
    });

    it('answers 401 without a session', async () => {
      expect((await t.app.inject({ url: `/api/categories/${owner.restaurantId}` })).statusCode).toBe(401);
    });
  });
});
