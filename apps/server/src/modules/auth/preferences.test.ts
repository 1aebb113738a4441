import { authEndpoints } from '@tavolo/contract/auth';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerWithin,
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

// Each person works in their language (PRODUCT.md §12): PUT /auth/me/preferences stores it on their
// account, GET /auth/me shows it (null: follow the browser), from memory but never a stale one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => callApi(t.app, token, authEndpoints.me);
const setLanguage = (token: string, language: unknown) =>
  injectApi(t.app, authEndpoints.updatePreferences, { token, body: { language } });

describe('a person’s language', () => {
  it('is unset at first, then follows each change on the very next GET /auth/me (owner and staff)', async () => {
    const owner = await registerOwner(t.app);
    const waiter = await createStaffMember(t, owner, 'Waiter');
    for (const token of [owner.token, waiter.token]) {
      // Read first, so what /auth/me shows is in memory when the change comes.
      expect((await me(token)).language).toBeNull();
      expect(
        await callApi(t.app, token, authEndpoints.updatePreferences, { body: { language: 'de' } }),
      ).toEqual({ language: 'de' });
      expect((await me(token)).language).toBe('de');
      await callApi(t.app, token, authEndpoints.updatePreferences, { body: { language: 'it' } });
      expect((await me(token)).language).toBe('it');
      // null: the browser's again.
      expect(
        await callApi(t.app, token, authEndpoints.updatePreferences, { body: { language: null } }),
      ).toEqual({ language: null });
      expect((await me(token)).language).toBeNull();
    }
  });

  it('is each person’s own: an owner’s choice leaves their staff’s alone, and the other way round', async () => {
    const owner = await registerOwner(t.app);
    const cook = await createStaffMember(t, owner, 'Kitchen');
    await callApi(t.app, owner.token, authEndpoints.updatePreferences, { body: { language: 'fr' } });
    await callApi(t.app, cook.token, authEndpoints.updatePreferences, { body: { language: 'es' } });
    expect((await me(owner.token)).language).toBe('fr');
    expect((await me(cook.token)).language).toBe('es');
    // It belongs to the account: a new session finds it.
    const again = await callApi(t.app, null, authEndpoints.logIn, {
      body: { email: owner.email, password: owner.password },
    });
    expect((await me(again.token!)).language).toBe('fr');
  });

  it('keeps its value when the body leaves it out, as every PUT does', async () => {
    const owner = await registerOwner(t.app);
    await callApi(t.app, owner.token, authEndpoints.updatePreferences, { body: { language: 'de' } });
    expect(await callApi(t.app, owner.token, authEndpoints.updatePreferences, { body: {} })).toEqual({
      language: 'de',
    });
    expect((await me(owner.token)).language).toBe('de');
  });

  it('is one of the five languages: anything else is refused, and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    await callApi(t.app, owner.token, authEndpoints.updatePreferences, { body: { language: 'it' } });
    for (const language of ['pt', 'DE', 'de-CH', '', 7, true, ['de']]) {
      const response = await setLanguage(owner.token, language);
      expect(response.statusCode, String(language)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(errorOf(response).fields).toHaveProperty('language');
    }
    const unknownField = await injectApi(t.app, authEndpoints.updatePreferences, {
      token: owner.token,
      body: { language: 'de', theme: 'dark' },
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await me(owner.token)).language).toBe('it');
  });

  it('needs a session (401)', async () => {
    const response = await injectApi(t.app, authEndpoints.updatePreferences, { body: { language: 'de' } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it('changed straight in the database, shows once the database announces it', async () => {
    const owner = await registerOwner(t.app);
    expect((await me(owner.token)).language).toBeNull();
    await t.database.db.execute(sql`UPDATE owners SET language = 'es' WHERE email = ${owner.email}`);
    expect(await answerWithin(async () => (await me(owner.token)).language, 'es', 2_000)).toBe('es');
  });
});

describe('GET /auth/me', () => {
  it('shows the restaurant’s languages, following their change at once', async () => {
    const owner = await registerOwner(t.app);
    expect((await me(owner.token)).restaurant.languages).toEqual(['en']);
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { languages: ['it', 'en'] },
    });
    expect((await me(owner.token)).restaurant.languages).toEqual(['it', 'en']);
  });
});
