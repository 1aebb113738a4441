import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
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
  callApi(t.app, token, categoriesEndpoints.createCategory, { body: { name, description } });

describe('categories', () => {
  it('creates categories at the end and lists them in order with item counts', async () => {
    const fresh = await registerOwner(t.app);
    const starters = await create(fresh.token, 'Starters', 'To begin');
    const mains = await create(fresh.token, 'Mains');
    expect(starters).toMatchObject({ name: 'Starters', description: 'To begin', position: 0, itemCount: 0 });
    expect(mains.position).toBe(1);
    await callApi(t.app, fresh.token, menuEndpoints.createMenuItem, {
      body: { categoryId: mains.id, name: 'Lasagne', priceMinor: 1400 },
    });
    const list = await callApi(t.app, fresh.token, categoriesEndpoints.listCategories, {
      params: { id: fresh.restaurantId },
    });
    expect(list.items.map((c) => [c.name, c.itemCount])).toEqual([
      ['Starters', 0],
      ['Mains', 1],
    ]);
  });

  it('gives a new category the Mains course unless it is set, and keeps a course through a rename', async () => {
    const fresh = await registerOwner(t.app);
    const secondi = await create(fresh.token, 'Secondi');
    expect(secondi.course).toBe(2);
    const body = (name: string, course: number) => ({ body: { name, course } });
    const drinks = await callApi(t.app, fresh.token, categoriesEndpoints.createCategory, body('Bevande', 0));
    const starters = await callApi(
      t.app,
      fresh.token,
      categoriesEndpoints.createCategory,
      body('Antipasti', 1),
    );
    expect([drinks.course, starters.course]).toEqual([0, 1]);
    const renamed = await callApi(t.app, fresh.token, categoriesEndpoints.updateCategory, {
      params: { id: drinks.id },
      body: { name: 'Bar' },
    });
    expect(renamed.course).toBe(0);
  });

  it('answers 409 DUPLICATE for a name already used in the restaurant, but not across restaurants', async () => {
    await create(owner.token, 'Desserts');
    const again = await injectApi(t.app, categoriesEndpoints.createCategory, {
      token: owner.token,
      body: { name: 'Desserts' },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'DUPLICATE', fields: { name: 'is already used' } });
    const otherCase = await injectApi(t.app, categoriesEndpoints.createCategory, {
      token: owner.token,
      body: { name: 'DESSERTS' },
    });
    expect(otherCase.statusCode).toBe(409);
    await create(other.token, 'Desserts');
  });

  it('validates names (400 with fields)', async () => {
    const response = await injectApi(t.app, categoriesEndpoints.createCategory, {
      token: owner.token,
      body: { name: '   ', description: 'x'.repeat(501) },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      name: 'is required',
      description: 'must be at most 500 characters',
    });
  });

  it('renames, clears the description, and keeps other fields', async () => {
    const drinks = await create(owner.token, 'Drinks', 'Cold and hot');
    const renamed = await callApi(t.app, owner.token, categoriesEndpoints.updateCategory, {
      params: { id: drinks.id },
      body: { name: 'Beverages' },
    });
    expect(renamed).toMatchObject({
      name: 'Beverages',
      description: 'Cold and hot',
      position: drinks.position,
    });
    const cleared = await callApi(t.app, owner.token, categoriesEndpoints.updateCategory, {
      params: { id: drinks.id },
      body: { description: null },
    });
    expect(cleared.description).toBeNull();
  });

  it('deletes an empty category, and answers 409 for one that still has items', async () => {
    const empty = await create(owner.token, 'Seasonal');
    await callApi(t.app, owner.token, categoriesEndpoints.deleteCategory, { params: { id: empty.id } });
    const full = await create(owner.token, 'Pizza');
    await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: full.id, name: 'Margherita', priceMinor: 900 },
    });
    const refused = await injectApi(t.app, categoriesEndpoints.deleteCategory, {
      token: owner.token,
      params: { id: full.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(refused).message).toContain('1 menu item');
    const list = await callApi(t.app, owner.token, categoriesEndpoints.listCategories, {
      params: { id: owner.restaurantId },
    });
    expect(list.items.map((c) => c.name)).toContain('Pizza');
    expect(list.items.map((c) => c.name)).not.toContain('Seasonal');
  });

  it('reorders with the full list of ids, and refuses a partial or foreign list (422)', async () => {
    const fresh = await registerOwner(t.app);
    const a = await create(fresh.token, 'A');
    const b = await create(fresh.token, 'B');
    const c = await create(fresh.token, 'C');
    const reordered = await callApi(t.app, fresh.token, categoriesEndpoints.reorderCategories, {
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(reordered.items.map((x) => [x.name, x.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const partial = await injectApi(t.app, categoriesEndpoints.reorderCategories, {
      token: fresh.token,
      body: { ids: [a.id, b.id] },
    });
    expect(partial.statusCode).toBe(422);
    const theirs = await create(other.token, 'Theirs');
    const foreign = await injectApi(t.app, categoriesEndpoints.reorderCategories, {
      token: fresh.token,
      body: { ids: [a.id, b.id, theirs.id] },
    });
    expect(foreign.statusCode).toBe(422);
    const repeated = await injectApi(t.app, categoriesEndpoints.reorderCategories, {
      token: fresh.token,
      body: { ids: [a.id, a.id, b.id] },
    });
    expect(repeated.statusCode).toBe(400);
  });

  describe('tenant isolation', () => {
    it("answers 404 for another restaurant's categories on list, update and delete", async () => {
      const theirs = await create(other.token, 'Private');
      const list = await injectApi(t.app, categoriesEndpoints.listCategories, {
        token: owner.token,
        params: { id: other.restaurantId },
      });
      expect(list.statusCode).toBe(404);
      const update = await injectApi(t.app, categoriesEndpoints.updateCategory, {
        token: owner.token,
        params: { id: theirs.id },
        body: { name: 'Mine now' },
      });
      expect(update.statusCode).toBe(404);
      const remove = await injectApi(t.app, categoriesEndpoints.deleteCategory, {
        token: owner.token,
        params: { id: theirs.id },
      });
      expect(remove.statusCode).toBe(404);
      const still = await callApi(t.app, other.token, categoriesEndpoints.listCategories, {
        params: { id: other.restaurantId },
      });
      expect(still.items.find((c) => c.id === theirs.id)?.name).toBe('Private');
    });
  });

  describe('permissions', () => {
    it('answers 403 to staff without menu.manage, and lets them read', async () => {
      const waiter = await createStaffMember(t, owner, 'Waiter');
      const response = await injectApi(t.app, categoriesEndpoints.createCategory, {
        token: waiter.token,
        body: { name: 'By waiter' },
      });
      expect(response.statusCode).toBe(403);
      const read = await injectApi(t.app, categoriesEndpoints.listCategories, {
        token: waiter.token,
        params: { id: owner.restaurantId },
      });
      expect(read.statusCode).toBe(200);
      const manager = await createStaffMember(t, owner, 'Manager');
      await callApi(t.app, manager.token, categoriesEndpoints.createCategory, {
        body: { name: 'By manager' },
      });
    });

    it('answers 401 without a session', async () => {
      expect(
        (await injectApi(t.app, categoriesEndpoints.listCategories, { params: { id: owner.restaurantId } }))
          .statusCode,
      ).toBe(401);
    });
  });
});
