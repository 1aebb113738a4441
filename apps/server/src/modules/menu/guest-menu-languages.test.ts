import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  categoriesEndpoints,
  menuEndpoints,
  type TGuestMenu,
  type TOptionGroup,
} from '@tavolo/contract/menu';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';

// A guest reads the menu in the best of the restaurant's languages for them (PRODUCT.md §12,
// decision 028): `lang`, else Accept-Language, else the working language; each text the language
// lacks shows the working language's. The body is cached per language, never served for another.

const SIZE: TOptionGroup = {
  name: 'Formato',
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: 'Normale', priceMinor: 0 },
    { name: 'Grande', priceMinor: 300 },
  ],
};

let t: TestApp;
let webDir: string;
let r: SeededRestaurant;
let qrToken: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-web-languages-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(
    path.join(webDir, 'guest.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDistDir: webDir });
  r = await seedRestaurant(t.app, {
    category: 'Primi',
    dishes: [
      {
        name: 'Cacio e pepe',
        description: 'Tonnarelli, pecorino e pepe',
        priceMinor: 1300,
        options: [SIZE],
        translations: {
          de: {
            name: 'Cacio e pepe (Käse und Pfeffer)',
            // No German description: the Italian one shows.
            options: { Formato: { name: 'Größe', choices: { Grande: 'Groß' } } },
          },
          en: { name: 'Cheese and pepper', description: 'Tonnarelli, pecorino and pepper' },
        },
      },
      {
        name: 'Carbonara',
        priceMinor: 1400,
        translations: { en: { description: 'Guanciale, egg, pecorino' } },
      },
    ],
  });
  qrToken = r.tables[0]!.qrToken;
  await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
    params: { id: r.owner.restaurantId },
    body: { languages: ['it', 'en', 'de'] },
  });
  await callApi(t.app, r.owner.token, categoriesEndpoints.updateCategory, {
    params: { id: r.category.id },
    body: {
      translations: {
        en: { name: 'First courses' },
        de: { name: 'Erste Gänge', description: 'Hausgemacht' },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

async function guestMenu(query: { lang?: string } = {}, headers: Record<string, string> = {}) {
  const response = await injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken, ...query }, headers });
  expect(response.statusCode).toBe(200);
  return { menu: response.json<TGuestMenu>(), headers: response.headers };
}
const dishes = (menu: TGuestMenu) => menu.menu.categories.flatMap((c) => c.items);
const namesOf = (menu: TGuestMenu) => dishes(menu).map((d) => d.name);

describe('the language of the guest menu', () => {
  it('is the `lang` asked for when the restaurant has it, with the restaurant’s languages beside it', async () => {
    const { menu } = await guestMenu({ lang: 'de' });
    expect(menu.language).toBe('de');
    expect(menu.languages).toEqual(['it', 'en', 'de']);
    expect(namesOf(menu)).toEqual(['Cacio e pepe (Käse und Pfeffer)', 'Carbonara']);
    expect((await guestMenu({ lang: 'en' })).menu.language).toBe('en');
    expect((await guestMenu({ lang: 'de-AT' })).menu.language).toBe('de');
  });

  it('else the best of Accept-Language the restaurant has (q-values, regions), and `lang` goes first', async () => {
    const ask = async (acceptLanguage: string, query: { lang?: string } = {}) =>
      (await guestMenu(query, { 'accept-language': acceptLanguage })).menu.language;
    expect(await ask('de-CH')).toBe('de');
    expect(await ask('fr-FR, en;q=0.5, de;q=0.8')).toBe('de');
    expect(await ask('en-GB,en;q=0.9')).toBe('en');
    expect(await ask('de', { lang: 'en' })).toBe('en');
    // A `lang` the restaurant does not have: the header decides.
    expect(await ask('de', { lang: 'fr' })).toBe('de');
  });

  it('else the working language: nothing asked, or only languages it does not have', async () => {
    expect((await guestMenu()).menu.language).toBe('it');
    expect((await guestMenu({ lang: 'xx' })).menu.language).toBe('it');
    expect((await guestMenu({ lang: 'fr' }, { 'accept-language': 'es-ES, pt;q=0.9' })).menu.language).toBe(
      'it',
    );
    expect((await guestMenu({}, { 'accept-language': 'garbage;;;q=x, ,' })).menu.language).toBe('it');
    const { menu } = await guestMenu({ lang: 'fr' });
    expect(namesOf(menu)).toEqual(['Cacio e pepe', 'Carbonara']);
    expect(menu.menu.categories[0]!.name).toBe('Primi');
  });

  it('shows each text in it where there is one, else the working language’s, field by field', async () => {
    const german = (await guestMenu({ lang: 'de' })).menu;
    const [cacio, carbonara] = dishes(german) as [TGuestMenu['menu']['categories'][0]['items'][0], never];
    expect(cacio.description).toBe('Tonnarelli, pecorino e pepe');
    expect(cacio.options).toEqual([
      {
        key: 'Formato',
        name: 'Größe',
        required: true,
        min: 1,
        max: 1,
        choices: [
          { key: 'Normale', name: 'Normale', priceMinor: 0 },
          { key: 'Grande', name: 'Groß', priceMinor: 300 },
        ],
      },
    ]);
    expect(german.menu.categories[0]).toMatchObject({ name: 'Erste Gänge', description: 'Hausgemacht' });
    expect(carbonara).toMatchObject({ name: 'Carbonara', description: null });
    // Translations never reach guests as such.
    expect(cacio).not.toHaveProperty('translations');

    const english = (await guestMenu({ lang: 'en' })).menu;
    expect(dishes(english).map((d) => [d.name, d.description])).toEqual([
      ['Cheese and pepper', 'Tonnarelli, pecorino and pepper'],
      ['Carbonara', 'Guanciale, egg, pecorino'],
    ]);
    expect(dishes(english)[0]!.options[0]!.name).toBe('Formato');
    expect(english.menu.categories[0]).toMatchObject({ name: 'First courses', description: null });

    const italian = (await guestMenu({ lang: 'it' })).menu;
    expect(dishes(italian)[0]!.options[0]!.choices.map((c) => c.name)).toEqual(['Normale', 'Grande']);
  });

  it('varies with Accept-Language, which the answer says to shared caches', async () => {
    const { headers } = await guestMenu({ lang: 'de' });
    expect(String(headers.vary).toLowerCase()).toContain('accept-language');
    expect(String(headers.vary).toLowerCase()).toContain('accept-encoding');
  });
});

describe('the guest menu cache', () => {
  it('never serves one language’s menu for another, compressed or not', async () => {
    for (const [lang, name] of [
      ['de', 'Cacio e pepe (Käse und Pfeffer)'],
      ['en', 'Cheese and pepper'],
      ['de', 'Cacio e pepe (Käse und Pfeffer)'],
      ['it', 'Cacio e pepe'],
      ['en', 'Cheese and pepper'],
    ] as const) {
      expect(namesOf((await guestMenu({}, { 'accept-language': lang })).menu)[0], lang).toBe(name);
      const compressed = await injectApi(t.app, menuEndpoints.guestMenu, {
        query: { qrToken, lang },
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      const body = JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString()) as TGuestMenu;
      expect([body.language, namesOf(body)[0]]).toEqual([lang, name]);
    }
  });

  it('shows a menu change in every language at once', async () => {
    const [cacio] = r.items;
    // Read both first, so both are cached.
    expect(namesOf((await guestMenu({ lang: 'de' })).menu)[0]).toBe('Cacio e pepe (Käse und Pfeffer)');
    expect(namesOf((await guestMenu({ lang: 'en' })).menu)[0]).toBe('Cheese and pepper');
    await callApi(t.app, r.owner.token, menuEndpoints.updateMenuItem, {
      params: { id: cacio!.id },
      body: {
        name: 'Cacio e pepe della casa',
        translations: { de: { name: 'Käse und Pfeffer nach Art des Hauses' } },
      },
    });
    expect(namesOf((await guestMenu({ lang: 'de' })).menu)[0]).toBe('Käse und Pfeffer nach Art des Hauses');
    // English lost its translation: the new working-language name shows.
    expect(namesOf((await guestMenu({ lang: 'en' })).menu)[0]).toBe('Cacio e pepe della casa');
    expect(namesOf((await guestMenu({ lang: 'it' })).menu)[0]).toBe('Cacio e pepe della casa');

    // A language the restaurant gives up is not served any more: the working language is.
    await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: r.owner.restaurantId },
      body: { languages: ['it', 'en'] },
    });
    const { menu } = await guestMenu({ lang: 'de' });
    expect([menu.language, menu.languages, namesOf(menu)[0]]).toEqual([
      'it',
      ['it', 'en'],
      'Cacio e pepe della casa',
    ]);
    await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: r.owner.restaurantId },
      body: { languages: ['it', 'en', 'de'] },
    });
    expect((await guestMenu({ lang: 'de' })).menu.language).toBe('de');
  });
});

describe('the guest page', () => {
  const inlined = (html: string) => {
    const match = /<script type="application\/json" id="guest-menu">([^<]*)<\/script>/.exec(html);
    return (JSON.parse(match![1]!) as { menu: TGuestMenu }).menu;
  };

  it('carries the menu in the language the API would answer for the same guest', async () => {
    const german = await t.app.inject({
      url: `/t/${qrToken}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(String(german.headers.vary).toLowerCase()).toContain('accept-language');
    expect(inlined(german.body)).toEqual((await guestMenu({}, { 'accept-language': 'de-DE,de;q=0.9' })).menu);
    expect(inlined(german.body).language).toBe('de');
    const english = await t.app.inject({
      url: `/t/${qrToken}?lang=en`,
      headers: { 'accept-language': 'de' },
    });
    expect(inlined(english.body).language).toBe('en');
    const plain = await t.app.inject({ url: `/t/${qrToken}` });
    expect(inlined(plain.body).language).toBe('it');
  });
});
