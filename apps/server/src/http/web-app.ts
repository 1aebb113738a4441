import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, the pages never cached, and
 * index.html for every other GET outside /api so deep links like /dashboard/menu/update/42 load
 * (the guest's pages get guest.html: modules/menu/guest-page.ts). Returns null when the app has not been built
 * (API-only, as in the server tests), else guest.html's text (null when the build has none) and the
 * guest page's catalogue chunk of each language (assets/guest-messages-de-<hash>.js), which the
 * page preloads in its menu's language.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<{ guestTemplate: string | null; guestCatalogues: Record<string, string> } | null> {
  const indexPath = path.join(distDir, 'index.html');
  const guestPath = path.join(distDir, 'guest.html');
  const serviceWorkerPath = path.join(distDir, GUEST_SERVICE_WORKER);
  if (!fs.existsSync(indexPath)) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build leaves .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      // The pages and the guest's service worker must be revalidated so a release reaches users at once.
      if (filePath === indexPath || filePath === guestPath || filePath === serviceWorkerPath)
        res.header('cache-control', 'no-cache');
      else if (filePath.startsWith(path.join(distDir, 'assets') + path.sep))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  const guestCatalogues: Record<string, string> = {};
  const assets = path.join(distDir, 'assets');
  for (const file of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
    // The page's own part (a language and a hash), not a screen's (guest-messages-de-guest-<hash>).
    const language = /^guest-messages-([a-z]{2})-[\w-]{8}\.js$/.exec(file)?.[1];
    if (language) guestCatalogues[language] = `/assets/${file}`;
  }
  return {
    guestTemplate: fs.existsSync(guestPath) ? fs.readFileSync(guestPath, 'utf8') : null,
    guestCatalogues,
  };
}

/** The guest pages' service worker, as the web build names it (apps/web/src/guest-sw.ts). */
export const GUEST_SERVICE_WORKER = 'guest-sw.js';

/** Where the web build writes its release: `{ "release": "<build id>" }` (scripts/build-web.mjs). */
export const RELEASE_FILE = 'release.json';

/**
 * The release (build id) of the web app in `distDir`, as its build wrote it; null when there is no
 * build or it names none (a build from before releases were written). Read once at start: a new
 * release is a new dist and a restarted server.
 */
export function readWebRelease(distDir: string): string | null {
  try {
    const { release } = JSON.parse(fs.readFileSync(path.join(distDir, RELEASE_FILE), 'utf8')) as {
      release?: unknown;
    };
    // It goes out in a header: printable ASCII, short.
    return typeof release === 'string' && /^[\x21-\x7e]{1,100}$/.test(release) ? release : null;
  } catch {
    return null;
  }
}

/** Page loads get the app; API calls (the review calls too) and missing uploads get a JSON 404. */
export function isSpaRequest(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api/') &&
    url !== '/api' &&
    !/^\/reviews(?:[/?]|$)/.test(url) &&
    !url.startsWith('/uploads/')
  );
}
