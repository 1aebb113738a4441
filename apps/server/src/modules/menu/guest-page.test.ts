import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { menuEndpoints } from '@tavolo/contract/menu';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, injectApi, seedRestaurant, type TestApp } from '../../../test/helpers';
import { escapeJsonForHtml, isGuestManifest, isGuestPage } from './guest-page';

const GUEST_HTML =
  '<!doctype html><html><head><title>Tavolo</title></head><body><div id="root"></div><script type="module" src="/assets/guest-x.js"></script></body></html>';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A stand-in build of the web app with both entries.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-web-guest-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Tavolo</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(webDir, 'guest.html'), GUEST_HTML);
  // German's catalogue for the guest's page, and the later screens' part, which is not preloaded.
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'guest-messages-de-AbC_1-23.js'), 'export default {};');
  await fs.writeFile(
    path.join(webDir, 'assets', 'guest-messages-de-guest-XyZ98765.js'),
    'export default {};',
  );
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

/** The JSON inside the page's <script id="guest-menu">, or undefined when it has none. */
function inlinedOf(html: string): unknown {
  const match = /<script type="application\/json" id="guest-menu">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('the guest page', () => {
  it("is in the menu's language from the first paint: the page's lang and the table's word", async () => {
    const { owner, tables } = await seedRestaurant(t.app, { tables: [4] });
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { languages: ['en', 'de'] },
    });
    const url = `/t/${tables[0]!.qrToken}`;
    const german = await t.app.inject({ url, headers: { 'accept-language': 'de-CH, en;q=0.5' } });
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('>Tisch 4</p>');
    // Its words come with the page's scripts.
    expect(german.body).toContain(
      '<link rel="modulepreload" href="/assets/guest-messages-de-AbC_1-23.js" />',
    );
    expect(german.body).not.toContain('guest-messages-de-guest-');
    const english = await t.app.inject({ url, headers: { 'accept-language': 'fr' } });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('>Table 4</p>');
    expect(english.body).not.toContain('modulepreload');
  });

  it("carries the table's menu, as GET /api/menu/qr answers it, and is never kept by shared caches", async () => {
    const { owner, tables } = await seedRestaurant(t.app, { tables: [4] });
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { bannerUrl: '/uploads/x/banner.webp?a=1&b="2"' },
    });
    const { qrToken } = tables[0]!;
    const api = await injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken } });
    const page = await t.app.inject({ url: `/t/${qrToken}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(inlinedOf(page.body)).toEqual({ qrToken, menu: api.json() });
    // The banner (the largest paint) is fetched with the page, its URL escaped as an attribute.
    // …and the table's manifest, to install the menu from.
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="/uploads/x/banner.webp?a=1&#38;b=&#34;2&#34;" fetchpriority="high" /><link rel="manifest" href="/t/${qrToken}/manifest.webmanifest" /></head>`,
    );
    // The header is in the page already: the restaurant, its banner (before the app's root, which
    // keeps it there) and the table.
    expect(page.body).toMatch(
      /<img id="guest-banner" data-banner-url="\/uploads\/x\/banner.webp\?a=1&#38;b=&#34;2&#34;" src="\/uploads\/x\/banner.webp\?a=1&#38;b=&#34;2&#34;"[^>]*><div id="root"><div class="min-h-dvh pb-8"><header class="bg-panel"><div class="mx-auto/,
    );
    expect(page.body).toContain('>Trattoria Uno</h1>');
    expect(page.body).toContain('>Table 4</p>');
    expect(page.body).toContain('<script type="module" src="/assets/guest-x.js"></script>');
    // A second load is the same page (kept with the cached menu); compressed for those who take it.
    expect((await t.app.inject({ url: `/t/${qrToken}/` })).body).toBe(page.body);
    const compressed = await t.app.inject({
      url: `/t/${qrToken}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(page.body);
  });

  it('escapes what a restaurant writes, so nothing can close the script element', async () => {
    const evil = '</script><script>alert(1)</script><!-- \u2028 & -->';
    const { tables } = await seedRestaurant(t.app, {
      register: { restaurantName: evil.slice(0, 60) },
      dishes: [{ name: evil, priceMinor: 500 }],
    });
    const page = await t.app.inject({ url: `/t/${tables[0]!.qrToken}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain(
      '>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- \u2028 &#38; --&#62;</h1>',
    );
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    const inlined = inlinedOf(page.body) as {
      menu: { menu: { categories: { items: { name: string }[] }[] } };
    };
    expect(inlined.menu.menu.categories[0]!.items[0]!.name).toBe(evil);
  });

  it("keeps a name with replacement patterns as written ($& and $' are text, not patterns)", async () => {
    const priced = "Fish & chips $& more $' and $` too";
    const { tables } = await seedRestaurant(t.app, {
      register: { restaurantName: 'Chips $& Co' },
      dishes: [{ name: priced, priceMinor: 500 }],
    });
    const page = await t.app.inject({ url: `/t/${tables[0]!.qrToken}` });
    expect(page.body).toContain('>Chips $&#38; Co</h1>');
    const inlined = inlinedOf(page.body) as {
      menu: { menu: { categories: { items: { name: string }[] }[] } };
    };
    expect(inlined.menu.menu.categories[0]!.items[0]!.name).toBe(priced);
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('carries no menu for an unknown, rotated or malformed code: the app asks and says the code is dead', async () => {
    const { owner, tables } = await seedRestaurant(t.app);
    const table = tables[0]!;
    const rotated = await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, {
      params: { id: table.id },
    });
    expect(inlinedOf((await t.app.inject({ url: `/t/${rotated.qrToken}` })).body)).toBeDefined();
    for (const url of [
      `/t/${table.qrToken}`,
      '/t/short',
      '/t/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/t/${'x'.repeat(40)}`,
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(GUEST_HTML);
      expect(page.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it("serves guest.html for the guest's other pages and index.html for the rest", async () => {
    for (const url of ['/t/abc/orders/1', '/t/abc/bill', '/t/abc/bill/receipts/9?x=1', '/pay/sandbox/p1']) {
      expect((await t.app.inject({ url })).body, url).toBe(GUEST_HTML);
    }
    for (const url of ['/', '/t', '/t/', '/dashboard/tables', '/t/abc/other', '/pay/other/p1']) {
      expect((await t.app.inject({ url })).body, url).not.toContain('guest-x.js');
    }
    expect(isGuestPage('/t/abc?utm=1')).toBe(true);
  });
});

describe("a table's web app manifest", () => {
  it("installs the table's menu: the restaurant's name, its start at the table, every guest page in scope", async () => {
    const { owner, tables } = await seedRestaurant(t.app, {
      register: { restaurantName: 'Osteria <Due>' },
      tables: [7],
    });
    await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: owner.restaurantId },
      body: { languages: ['en', 'it'] },
    });
    const { qrToken } = tables[0]!;
    const page = await t.app.inject({ url: `/t/${qrToken}` });
    const href = /<link rel="manifest" href="([^"]+)" \/>/.exec(page.body)?.[1];
    expect(href).toBe(`/t/${qrToken}/manifest.webmanifest`);
    expect(isGuestManifest(href!)).toBe(true);

    const response = await t.app.inject({ url: href!, headers: { 'accept-language': 'it' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('accept-language');
    const manifest = response.json();
    expect(manifest).toEqual({
      id: `/t/${qrToken}`,
      name: 'Osteria <Due>',
      short_name: 'Osteria <Due>',
      description: 'Osteria <Due> · Tavolo 7',
      lang: 'it',
      start_url: `/t/${qrToken}`,
      scope: '/t/',
      display: 'standalone',
      background_color: '#f8fafc',
      theme_color: '#f8fafc',
      icons: [
        { src: '/icons/tavolo-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/tavolo-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/tavolo-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    // The start is inside the scope, so the installed app opens the menu, not a browser tab.
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    const english = await t.app.inject({ url: `${href}?lang=en` });
    expect(english.json()).toMatchObject({ lang: 'en', description: 'Osteria <Due> · Table 7' });
  });

  it('answers 404 for a code that names no open table, and only GET reads it', async () => {
    const { owner, tables } = await seedRestaurant(t.app);
    const table = tables[0]!;
    await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, { params: { id: table.id } });
    for (const url of [
      `/t/${table.qrToken}/manifest.webmanifest`,
      '/t/short/manifest.webmanifest',
      `/t/${'x'.repeat(40)}/manifest.webmanifest`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/t/${table.qrToken}/manifest.webmanifest` })).statusCode,
    ).toBe(404);
    expect(isGuestManifest('/t/abc/manifest.webmanifest?lang=de')).toBe(true);
    expect(isGuestManifest('/t/abc/orders/manifest.webmanifest')).toBe(false);
  });
});

describe('escapeJsonForHtml', () => {
  it('leaves no <, > or & and reads back as the same value', () => {
    const value = { s: '</script><!--<script>&amp;\u2028\u2029', n: 1 };
    const escaped = escapeJsonForHtml(JSON.stringify(value));
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(value);
  });
});
