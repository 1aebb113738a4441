import type { TRestaurant } from '@tavolo/contract/restaurants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createStaffMember,
  createTestApp,
  errorOf,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
let owner: Owner;
let otherOwner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { restaurantName: 'Casa Mia' });
  otherOwner = await registerOwner(t.app, { restaurantName: 'Somewhere Else' });
});
afterAll(() => t.close());

describe('GET /api/restaurants/{id}', () => {
  it("answers the owner's own restaurant", async () => {
    const response = await t.app.inject({
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TRestaurant>()).toMatchObject({
      id: owner.restaurantId,
      name: 'Casa Mia',
      serviceChargePercent: 0,
    });
  });

  it("answers 404 for another tenant's restaurant, like one that does not exist", async () => {
    const other = await t.app.inject({
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(owner.token),
    });
    const missing = await t.app.inject({
      url: '/api/restaurants/00000000-0000-4000-8000-000000000000',
      headers: bearer(owner.token),
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(other)).toEqual(errorOf(missing));
    expect(other.body).not.toContain('Somewhere Else');
  });

  it('answers 401 without a session and 400 for an id that is not a UUID', async () => {
    expect((await t.app.inject({ url: `/api/restaurants/${owner.restaurantId}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/restaurants/42', headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'must be a valid id' } });
  });

  it('lets staff read their own restaurant only', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(
      (await t.app.inject({ url: `/api/restaurants/${owner.restaurantId}`, headers: bearer(waiter.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/restaurants/${otherOwner.restaurantId}`,
          headers: bearer(waiter.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/restaurants/{id}', () => {
  it('changes only the fields it carries', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Casa Mia',
      address: 'Via Roma 1, Bologna',
      serviceChargePercent: 12.5,
      currency: 'EUR',
    });
    const again = await t.app.inject({
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
    });
    expect(again.json()).toMatchObject({ address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 });
  });

  it('clears an optional field sent as null', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { phone: '+39 051 123456' },
    });
    expect(response.json().phone).toBe('+39 051 123456');
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { phone: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, name: 'Casa Mia' });
  });

  it('answers 400 with fields for invalid values and unknown fields', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { name: '  ', serviceChargePercent: 101, currency: 'EURO', timezone: 'Nowhere/Town' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      name: 'is required',
      serviceChargePercent: 'must be at most 100',
      currency: 'must be an ISO 4217 currency code',
      timezone: 'must be an IANA time zone',
    });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { ownerId: otherOwner.restaurantId },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("answers 404 for another tenant's restaurant and leaves it untouched", async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(owner.token),
      payload: { name: 'Hijacked' },
    });
    expect(response.statusCode).toBe(404);
    const theirs = await t.app.inject({
      url: `/api/restaurants/${otherOwner.restaurantId}`,
      headers: bearer(otherOwner.token),
    });
    expect(theirs.json().name).toBe('Somewhere Else');
  });

  it('answers 403 to staff without settings.manage (even a Manager)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${owner.restaurantId}`,
      headers: bearer(manager.token),
      payload: { name: 'Renamed by staff' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
  });
});

describe('GET and POST /api/restaurants', () => {
  it('lets an owner open a second restaurant and lists both, never another owner’s', async () => {
    // ISO 4217 codes are written in capitals, as the API document says; anything else is a 400.
    const lowerCase = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(owner.token),
      payload: { name: 'Casa Mia Due', currency: 'chf', timezone: 'Europe/Zurich' },
    });
    expect(lowerCase.statusCode).toBe(400);
    expect(lowerCase.json().error.fields).toEqual({ currency: 'must be an ISO 4217 currency code' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(owner.token),
      payload: { name: 'Casa Mia Due', currency: 'CHF', timezone: 'Europe/Zurich' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Casa Mia Due', currency: 'CHF' });
    const list = await t.app.inject({ url: '/api/restaurants', headers: bearer(owner.token) });
    const names = list.json<{ items: TRestaurant[] }>().items.map((r) => r.name);
    expect(names).toEqual(['Casa Mia', 'Casa Mia Due']);
    const second = created.json<TRestaurant>();
    expect(
      (await t.app.inject({ url: `/api/restaurants/${second.id}`, headers: bearer(otherOwner.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses staff opening a restaurant (403)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: bearer(manager.token),
      payload: { name: 'Side business', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(response.statusCode).toBe(403);
  });
});
