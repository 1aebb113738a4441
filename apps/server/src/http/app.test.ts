import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { authEndpoints } from '@tavolo/contract/auth';
import { healthEndpoints } from '@tavolo/contract/health';
import { menuEndpoints } from '@tavolo/contract/menu';
import { openApiPath } from '@tavolo/contract/openapi';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { RELEASE_HEADER } from '@tavolo/contract/values/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, injectApi, type TestApp, urlOf } from '../../test/helpers';
import { redactUrlSecrets } from '../app';
import { loadConfig } from '../config';
import { readWebRelease } from './web-app';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A stand-in build of the web app, so the static and fallback rules are tested without Vite.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Tavolo</title><div id="root"></div>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), script);
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(webDir, 'guest-sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(webDir, 'release.json'), JSON.stringify({ release: '20260101120000-abc123' }));
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('the HTTP shell', () => {
  it('GET /api/health answers ok, with the release of the web app it serves', async () => {
    const response = await injectApi(t.app, healthEndpoints.health);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      release: '20260101120000-abc123',
      backup: { automatic: false, lastAt: null, nextAt: null, lastAttemptFailed: false },
    });
  });

  it("names the web app's release on every answer: the API's, its errors and the pages", async () => {
    const health = await injectApi(t.app, healthEndpoints.health);
    expect(health.headers[RELEASE_HEADER]).toBe('20260101120000-abc123');
    for (const url of ['/api/nothing-here', '/', '/assets/index-abc123.js']) {
      const response = await t.app.inject({ url });
      expect(response.headers[RELEASE_HEADER], url).toBe('20260101120000-abc123');
    }
  });

  it('names no release when the build has none, or one it cannot read', async () => {
    expect(readWebRelease(path.join(webDir, 'missing'))).toBeNull();
    const odd = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-web-release-'));
    try {
      for (const content of ['not json', '{"release": 42}', '{"release": "two words"}', '{}']) {
        await fs.writeFile(path.join(odd, 'release.json'), content);
        expect(readWebRelease(odd), content).toBeNull();
      }
    } finally {
      await fs.rm(odd, { recursive: true, force: true });
    }
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const response = await injectApi(t.app, healthEndpoints.health, {
      headers: { 'x-request-id': 'lb-1234' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('lb-1234');
    const generated = await injectApi(t.app, healthEndpoints.health, {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('describes itself: OpenAPI JSON and docs', async () => {
    const spec = await t.app.inject({ url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    const documented = [
      authEndpoints.register,
      authEndpoints.logIn,
      authEndpoints.me,
      restaurantsEndpoints.getRestaurant,
    ].map((endpoint) => openApiPath(endpoint.path));
    expect(paths).toEqual(expect.arrayContaining(documented));
    expect(spec.json().paths[openApiPath(authEndpoints.register.path)].post.requestBody).toBeDefined();
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/dashboard/menu' });
    expect(post.statusCode).toBe(404);
    // The review calls live outside /api (original spec), and are the API's too, never the web app.
    const nothing = await t.app.inject({ url: '/reviews/nothing-here' });
    expect(nothing.statusCode).toBe(404);
    expect(errorOf(nothing).code).toBe('NOT_FOUND');
    // GET where only POST /reviews is: the method, not the path, is wrong.
    for (const url of ['/reviews', '/reviews?x=1']) {
      const review = await t.app.inject({ url });
      expect(review.statusCode, url).toBe(405);
      expect(review.headers.allow, url).toBe('POST');
      expect(errorOf(review).code, url).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('serves the web app for every deep link, uncached, and hashed assets for a year', async () => {
    for (const url of ['/', '/login', '/dashboard/menu/update/42', '/auth/reset-password?token=abc']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    // The guest's service worker too: the browser must find a new release's worker at once.
    const worker = await t.app.inject({ url: '/guest-sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // The build's precompressed copy goes to browsers that take brotli.
    const compressed = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(asset.body);
  });

  it('answers a wrong content type with 415, not 500', async () => {
    const response = await injectApi(t.app, authEndpoints.logIn, {
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('request logs', () => {
  it('keep tokens that travel in URLs out', () => {
    const stream = urlOf(ordersEndpoints.guestOrderStream, {
      params: { id: '1' },
      query: { guestToken: 'abc', lastEventId: '4' },
    });
    expect(redactUrlSecrets(stream)).toBe(stream.replace('guestToken=abc', 'guestToken=[redacted]'));
    // The link of the password e-mail: a page of the web app.
    expect(redactUrlSecrets('/auth/reset-password?token=s3cret')).toBe(
      '/auth/reset-password?token=[redacted]',
    );
    const menu = urlOf(menuEndpoints.guestMenu, { query: { qrToken: 'abc' } });
    expect(redactUrlSecrets(menu)).toBe(menu.replace('qrToken=abc', 'qrToken=[redacted]'));
    expect(redactUrlSecrets('/t/qr-token-here/orders/42')).toBe('/t/[redacted]/orders/42');
    expect(redactUrlSecrets('/dashboard/tables?page=2')).toBe('/dashboard/tables?page=2');
  });
});

describe('configuration', () => {
  it('fails fast with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
  });

  it('defaults to port 8001 and ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8001);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });
});
