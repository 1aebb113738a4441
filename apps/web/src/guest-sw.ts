import { menuRoutes } from '@tavolo/contract/client/menu';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  beyondNewest,
  GUEST_ORDERS_SYNC,
  GUEST_SHELL_URL,
  IMAGE_CACHE,
  IMAGE_CACHE_ENTRIES,
  isGuestNavigation,
  isUploadPath,
  MENU_CACHE,
  MENU_CACHE_ENTRIES,
  readGuestWorkerMessage,
  SAVED_AT_HEADER,
} from './features/guest/model/guest-offline';
import { replayFromWorker } from './lib/offline-queue-worker';

/*
 * The guest pages' service worker (decision 041), built by vite-plugin-pwa from Workbox's modules
 * with the guest build's files to precache. It answers only what the guest pages need offline:
 * - the app shell and its code, precached for this release (a new release brings a new worker,
 *   which takes over at once and drops the old files);
 * - page loads under /t/: the network first, always, so an open network never gets an old page;
 *   the precached shell when there is none (or it answers too slowly, or fails);
 * - a table's menu (GET /api/menu/qr): the network first, the phone's last copy without one, marked
 *   with when it was saved so the page says it may be out of date;
 * - uploaded images: from the phone once seen (they never change at an address).
 * Everything else (the rest of the API, event streams, the dashboard) goes past it untouched. It
 * also sends the guest's waiting orders when Background Sync says the network is back.
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

/** What this worker uses of ServiceWorkerGlobalScope (the web app's types are the page's). */
interface GuestWorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(
    type: 'sync',
    listener: (event: ExtendableEventLike & { readonly tag: string }) => void,
  ): void;
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEventLike & { readonly data: unknown; readonly origin: string }) => void,
  ): void;
}

const worker = self as unknown as GuestWorkerScope;

/** How long a page load waits for the network before the phone's shell answers. */
const PAGE_TIMEOUT_S = 4;
/** How long the menu waits for the network before the phone's copy answers. */
const MENU_TIMEOUT_S = 4;

const MENU_PATH = menuRoutes.guestMenu.path;

// Written out as `self.__WB_MANIFEST`: the build puts the list of files there.
precacheAndRoute((self as unknown as GuestWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// A new release's worker takes over at once: pages are fetched from the network first anyway, and an
// open page of the older release offers to reload (lib/release.ts).
void worker.skipWaiting();
clientsClaim();
worker.addEventListener('activate', (event) => {
  // The page's request starts while the worker wakes up: an online load waits for no worker.
  const preload = worker.registration.navigationPreload;
  if (preload) event.waitUntil(preload.enable());
});

/** Keeps a cache to its newest `max` entries (the Cache API lists them oldest first). */
async function trimCache(cacheName: string, max: number): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(beyondNewest(await cache.keys(), max).map((request) => cache.delete(request)));
}

const keepNewest = (cacheName: string, max: number): WorkboxPlugin => ({
  cacheDidUpdate: () => trimCache(cacheName, max),
});

/** A copy of `response` to keep: with when it was saved, without what described its transfer. */
function savedCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const pages = new NetworkOnly({
  networkTimeoutSeconds: PAGE_TIMEOUT_S,
  plugins: [
    {
      // A server that is restarting, or a proxy in front of one that is down: the shell does better.
      fetchDidSucceed: async ({ response }) => {
        if (response.status >= 500) throw new Error(`The page answered ${response.status}`);
        return response;
      },
      handlerDidError: async () => (await matchPrecache(GUEST_SHELL_URL)) ?? Response.error(),
    },
  ],
});
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === worker.location.origin && isGuestNavigation(url.pathname),
  pages,
);

const menus = new NetworkFirst({
  cacheName: MENU_CACHE,
  networkTimeoutSeconds: MENU_TIMEOUT_S,
  // The menu varies with the phone's languages; the address already names the one asked for.
  matchOptions: { ignoreVary: true },
  plugins: [
    // Only a menu (200) is kept: a dead code's 404 leaves the last menu as it was.
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? savedCopy(response) : null) },
    keepNewest(MENU_CACHE, MENU_CACHE_ENTRIES),
  ],
});
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === worker.location.origin && url.pathname === MENU_PATH,
  menus,
);

const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    keepNewest(IMAGE_CACHE, IMAGE_CACHE_ENTRIES),
  ],
});
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === worker.location.origin && isUploadPath(url.pathname),
  images,
);

// A page keeps what it came with before this worker controlled it: the menu inside the page (no
// request for it) and the images it loaded.
worker.addEventListener('message', (event) => {
  const message = readGuestWorkerMessage(event.data, worker.location.origin, MENU_PATH);
  if (message?.type === 'tavolo:keep-menu') {
    const copy = new Response(message.body, {
      headers: { 'content-type': 'application/json; charset=utf-8', [SAVED_AT_HEADER]: String(Date.now()) },
    });
    event.waitUntil(
      caches
        .open(MENU_CACHE)
        .then((cache) => cache.put(message.url, copy))
        .then(() => trimCache(MENU_CACHE, MENU_CACHE_ENTRIES)),
    );
  } else if (message?.type === 'tavolo:keep-images') {
    event.waitUntil(
      Promise.allSettled(message.urls.map((url) => images.handle({ event, request: new Request(url) }))),
    );
  }
});

// Background Sync: the network is back, perhaps with the page closed. The guest's waiting orders go
// in the order they were placed, each with its Idempotency-Key (lib/offline-queue-worker.ts); the page
// shows how each ended when it next looks. One still waiting makes the browser try again later.
worker.addEventListener('sync', (event) => {
  if (event.tag !== GUEST_ORDERS_SYNC) return;
  event.waitUntil(
    replayFromWorker('guest-orders').then(({ stoppedAt }) => {
      if (stoppedAt !== null) throw new Error('An order is still waiting for the network');
    }),
  );
});
