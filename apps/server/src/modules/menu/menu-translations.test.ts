import { categoriesEndpoints, menuEndpoints, type TOptionGroup } from '@tavolo/contract/menu';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import {
  findUnknownOptionNames,
  keepTranslationsOfOptions,
  translateCategory,
  translateMenuItem,
} from './menu-translations';

// Categories and dishes carry their texts in the restaurant's other languages (PRODUCT.md §12,
// decision 028): stored with the row, checked at the boundary, read back by staff as sent.

const SIZE: TOptionGroup = {
  name: 'Size',
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: 'Small', priceMinor: 0 },
    { name: 'Large', priceMinor: 300 },
  ],
};
const EXTRAS: TOptionGroup = {
  name: 'Extras',
  required: false,
  min: 0,
  max: 2,
  choices: [
    { name: 'Basil', priceMinor: 50 },
    { name: 'Chili', priceMinor: 50 },
  ],
};

describe('the translation rules', () => {
  it('name every option group and choice a translation has that the dish does not', () => {
    expect(
      findUnknownOptionNames(
        {
          de: { options: { Size: { name: 'Größe', choices: { Large: 'Groß', Huge: 'Riesig' } } } },
          it: { options: { Sauce: { name: 'Salsa' } } },
        },
        [SIZE, EXTRAS],
      ),
    ).toEqual({
      'translations.de.options.Size.choices.Huge': 'is not a choice of "Size"',
      'translations.it.options.Sauce': 'is not an option group of this dish',
    });
    expect(findUnknownOptionNames({ de: { name: 'Nur der Name' } }, [])).toEqual({});
  });

  it('keep what still names a group and a choice of the dish, and drop what says nothing then', () => {
    expect(
      keepTranslationsOfOptions(
        {
          de: {
            name: 'Pizza',
            options: {
              Size: { name: 'Größe', choices: { Large: 'Groß', Small: 'Klein' } },
              Gone: { name: 'Weg' },
            },
          },
          fr: { options: { Gone: { name: 'Parti' } } },
          es: { options: { Size: { choices: { Small: 'Pequeña' } } } },
        },
        [{ ...SIZE, choices: [SIZE.choices[1]!] }],
      ),
    ).toEqual({
      de: { name: 'Pizza', options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } } },
    });
  });

  it('translate each text on its own, falling back to the working language’s, keeping option keys', () => {
    const item = {
      id: 'i',
      categoryId: 'c',
      name: 'Margherita',
      description: 'Tomato, mozzarella, basil',
      priceMinor: 900,
      imageUrl: null,
      active: true,
      availableDays: [],
      soldOutUntil: null,
      soldOut: false,
      stockCount: null,
      tags: [],
      allergens: [],
      prepMinutes: null,
      options: [SIZE, EXTRAS],
      position: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const translations = {
      de: {
        name: 'Pizza Margherita',
        options: { Size: { choices: { Large: 'Groß' } }, Extras: { name: 'Extras!' } },
      },
      en: { name: 'Shown never: English is the working language' },
    };
    const german = translateMenuItem(item, translations, 'de', 'en');
    expect(german.name).toBe('Pizza Margherita');
    expect(german.description).toBe('Tomato, mozzarella, basil');
    expect(german.options.map((g) => [g.key, g.name])).toEqual([
      ['Size', 'Size'],
      ['Extras', 'Extras!'],
    ]);
    expect(german.options[0]!.choices).toEqual([
      { key: 'Small', name: 'Small', priceMinor: 0 },
      { key: 'Large', name: 'Groß', priceMinor: 300 },
    ]);
    expect(translateMenuItem(item, translations, 'en', 'en').name).toBe('Margherita');
    expect(translateMenuItem(item, translations, 'fr', 'en').name).toBe('Margherita');
    // A group named like something every object has reads nothing inherited.
    const odd = { ...item, options: [{ ...SIZE, name: 'constructor' }] };
    expect(translateMenuItem(odd, { de: { options: {} } }, 'de', 'en').options[0]!.name).toBe('constructor');
    expect(
      translateCategory(
        { name: 'Pizza', description: 'From the oven' },
        { de: { description: 'Aus dem Ofen' } },
        'de',
        'en',
      ),
    ).toEqual({ name: 'Pizza', description: 'Aus dem Ofen' });
  });
});

let t: TestApp;
let owner: Owner;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
    params: { id: owner.restaurantId },
    body: { languages: ['en', 'de', 'it'] },
  });
  categoryId = (
    await callApi(t.app, owner.token, categoriesEndpoints.createCategory, { body: { name: 'Pizza' } })
  ).id;
});
afterAll(() => t.close());

const createItem = (body: Record<string, unknown>) =>
  injectApi(t.app, menuEndpoints.createMenuItem, {
    token: owner.token,
    body: { categoryId, priceMinor: 900, ...body },
  });

describe('a category’s translations', () => {
  it('are stored as sent (trimmed, empty texts left out), replaced by a PUT that carries them, kept by one that does not', async () => {
    const created = await callApi(t.app, owner.token, categoriesEndpoints.createCategory, {
      body: {
        name: 'Desserts',
        description: 'Made here',
        translations: { de: { name: ' Nachspeisen ', description: '' }, it: { name: '' } },
      },
    });
    expect(created.translations).toEqual({ de: { name: 'Nachspeisen' } });
    const renamed = await callApi(t.app, owner.token, categoriesEndpoints.updateCategory, {
      params: { id: created.id },
      body: { name: 'Sweets' },
    });
    expect(renamed.translations).toEqual({ de: { name: 'Nachspeisen' } });
    const changed = await callApi(t.app, owner.token, categoriesEndpoints.updateCategory, {
      params: { id: created.id },
      body: { translations: { it: { name: 'Dolci', description: 'Fatti in casa' } } },
    });
    expect(changed.translations).toEqual({ it: { name: 'Dolci', description: 'Fatti in casa' } });
    const { items } = await callApi(t.app, owner.token, categoriesEndpoints.listCategories, {
      params: { id: owner.restaurantId },
    });
    expect(items.find((c) => c.id === created.id)!.translations).toEqual({
      it: { name: 'Dolci', description: 'Fatti in casa' },
    });
    const cleared = await callApi(t.app, owner.token, categoriesEndpoints.updateCategory, {
      params: { id: created.id },
      body: { translations: {} },
    });
    expect(cleared.translations).toEqual({});
  });

  it('take only known languages, known fields and texts within their limits (400)', async () => {
    for (const translations of [
      { pt: { name: 'Sobremesas' } },
      { de: { title: 'Nachspeisen' } },
      { de: { name: 'x'.repeat(81) } },
      { de: { description: 'x'.repeat(501) } },
      { de: 'Nachspeisen' },
      { de: { options: {} } },
    ]) {
      const response = await injectApi(t.app, categoriesEndpoints.createCategory, {
        token: owner.token,
        body: { name: `Refused ${JSON.stringify(translations).length}`, translations },
      });
      expect(response.statusCode, JSON.stringify(translations)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}).join()).toContain('translations');
    }
  });
});

describe('a dish’s translations', () => {
  const translations = {
    de: {
      name: 'Pizza Margherita',
      description: 'Tomate, Mozzarella, Basilikum',
      options: {
        Size: { name: 'Größe', choices: { Small: 'Klein', Large: 'Groß' } },
        Extras: { name: 'Extras' },
      },
    },
    it: { description: 'Pomodoro, mozzarella, basilico' },
  };

  it('are read back by every staff read as they were sent, and a PUT without them keeps them', async () => {
    const created = await createItem({ name: 'Margherita', options: [SIZE, EXTRAS], translations });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item.translations).toEqual(translations);
    const read = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, { params: { id: item.id } });
    expect(read.translations).toEqual(translations);
    const { items } = await callApi(t.app, owner.token, menuEndpoints.listMenuItems, {
      params: { restaurantId: owner.restaurantId },
    });
    expect(items.find((i) => i.id === item.id)!.translations).toEqual(translations);
    const repriced = await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: item.id },
      body: { priceMinor: 950, name: 'Pizza Margherita' },
    });
    expect(repriced.translations).toEqual(translations);
    const soldOut = await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
      params: { id: item.id },
      body: { soldOut: true },
    });
    expect(soldOut.translations).toEqual(translations);
    // Staff's today's menu is the working language's view: no translations there.
    const today = await callApi(t.app, owner.token, menuEndpoints.todayMenu, {
      params: { restaurantId: owner.restaurantId },
    });
    const todays = today.categories.flatMap((c) => c.items).find((i) => i.id === item.id)!;
    expect(todays.name).toBe('Pizza Margherita');
    expect(todays).not.toHaveProperty('translations');
  });

  it('are trimmed, and empty texts, groups and languages are left out', async () => {
    const created = await createItem({
      name: 'Trimmed',
      options: [SIZE],
      translations: {
        de: {
          name: '  Getrimmt ',
          description: '   ',
          options: { Size: { name: '', choices: { Small: '' } } },
        },
        it: { name: '' },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().translations).toEqual({ de: { name: 'Getrimmt' } });
  });

  it('name the dish’s own option groups and choices, by their working-language names (422 otherwise)', async () => {
    const unknownGroup = await createItem({
      name: 'Unknown group',
      options: [SIZE],
      translations: { de: { options: { Grösse: { name: 'Größe' } } } },
    });
    expect(unknownGroup.statusCode).toBe(422);
    expect(errorOf(unknownGroup).fields).toEqual({
      'translations.de.options.Grösse': 'is not an option group of this dish',
    });
    const unknownChoice = await createItem({
      name: 'Unknown choice',
      options: [SIZE],
      translations: { de: { options: { Size: { choices: { Medium: 'Mittel' } } } } },
    });
    expect(unknownChoice.statusCode).toBe(422);
    expect(errorOf(unknownChoice).fields).toEqual({
      'translations.de.options.Size.choices.Medium': 'is not a choice of "Size"',
    });

    // On a change, against the options as they will be.
    const item = (await createItem({ name: 'Checked on change', options: [SIZE] })).json();
    const stale = await injectApi(t.app, menuEndpoints.updateMenuItem, {
      token: owner.token,
      params: { id: item.id },
      body: { options: [EXTRAS], translations: { de: { options: { Size: { name: 'Größe' } } } } },
    });
    expect(stale.statusCode).toBe(422);
    const renamed = await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: item.id },
      body: {
        options: [EXTRAS],
        translations: { de: { options: { Extras: { choices: { Chili: 'Peperoncino' } } } } },
      },
    });
    expect(renamed.translations).toEqual({
      de: { options: { Extras: { choices: { Chili: 'Peperoncino' } } } },
    });
    const untouched = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, {
      params: { id: item.id },
    });
    expect(untouched.options).toEqual([EXTRAS]);
  });

  it('follow the options when they change alone: a group or choice that goes takes its translations along', async () => {
    const item = (await createItem({ name: 'Pruned', options: [SIZE, EXTRAS], translations })).json();
    const changed = await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: item.id },
      body: {
        options: [{ ...SIZE, max: 1, choices: [SIZE.choices[1]!, { name: 'Huge', priceMinor: 600 }] }],
      },
    });
    expect(changed.translations).toEqual({
      de: {
        name: 'Pizza Margherita',
        description: 'Tomate, Mozzarella, Basilikum',
        options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } },
      },
      it: { description: 'Pomodoro, mozzarella, basilico' },
    });
  });

  it('take only known languages, known fields and texts within their limits (400)', async () => {
    for (const bad of [
      { xx: { name: 'Nope' } },
      { de: { name: 'x'.repeat(121) } },
      { de: { description: 'x'.repeat(1001) } },
      { de: { options: { Size: { name: 'x'.repeat(81) } } } },
      { de: { options: { Size: { choices: { Small: 'x'.repeat(81) } } } } },
      { de: { options: { Size: { choices: { Small: 3 } } } } },
      { de: { options: { Size: { label: 'Größe' } } } },
      { de: { price: 100 } },
      { de: null },
      [],
    ]) {
      const response = await createItem({ name: 'Refused', options: [SIZE], translations: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(Object.keys(errorOf(response).fields ?? {}).join(), JSON.stringify(bad)).toContain(
        'translations',
      );
    }
  });
});
