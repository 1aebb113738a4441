/*
 * What the guest pages and their service worker (src/guest-sw.ts) agree on: where the worker is,
 * what it controls, the caches it keeps, and the messages a page sends it (decision 041). Pure,
 * so that both sides and the tests read the same rules.
 */

/** The worker's script, as the guest build writes it (vite.config.ts), and the pages it controls. */
export const GUEST_WORKER_URL = '/guest-sw.js';
export const GUEST_WORKER_SCOPE = '/t/';

/** The app shell a page opened without a network gets: guest.html as built, precached. */
export const GUEST_SHELL_URL = '/guest.html';

/** Each table's menu as GET /api/menu/qr last answered it (or as the page carried it). */
export const MENU_CACHE = 'tavolo-guest-menus';
/** The dish photos, banners and logos the guest has seen. */
export const IMAGE_CACHE = 'tavolo-guest-images';
/** How many of each the phone keeps, newest last (a guest visits a few restaurants, not hundreds). */
export const MENU_CACHE_ENTRIES = 20;
export const IMAGE_CACHE_ENTRIES = 400;

/** On a menu answered from the phone's copy: when that copy was saved (ms since the epoch). */
export const SAVED_AT_HEADER = 'tavolo-saved-at';

/** The Background Sync tag under which the worker sends the guest's waiting orders. */
export const GUEST_ORDERS_SYNC = 'tavolo-guest-orders';

/** What a page asks its worker to keep for when it opens offline. */
export type GuestWorkerMessage =
  /** The menu the page came with (`body`, JSON), as GET `url` would answer it. */
  | { type: 'tavolo:keep-menu'; url: string; body: string }
  /** Images the page loaded before the worker controlled it. */
  | { type: 'tavolo:keep-images'; urls: string[] };

/** The largest menu the worker takes from a page (a real one is tens of kB). */
const MAX_MENU_BYTES = 2_000_000;

/** The uploads the server serves (dish photos, banners, logos): immutable, each at its own address. */
export function isUploadPath(pathname: string): boolean {
  return pathname.startsWith('/uploads/');
}

/** A page load the worker answers: a guest page under /t/ (its manifest is not a page). */
export function isGuestNavigation(pathname: string): boolean {
  return pathname.startsWith(GUEST_WORKER_SCOPE) && !pathname.endsWith('/manifest.webmanifest');
}

/**
 * A message from a page, checked as the worker receives it: same origin, the menu's own address,
 * uploads only; null for anything else.
 */
export function readGuestWorkerMessage(
  data: unknown,
  origin: string,
  menuPath: string,
): GuestWorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  const sameOrigin = (value: unknown): URL | null => {
    if (typeof value !== 'string') return null;
    try {
      const url = new URL(value, origin);
      return url.origin === origin ? url : null;
    } catch {
      return null;
    }
  };
  if (message.type === 'tavolo:keep-menu') {
    const url = sameOrigin(message.url);
    const { body } = message;
    if (!url || url.pathname !== menuPath || typeof body !== 'string' || body.length > MAX_MENU_BYTES)
      return null;
    return { type: message.type, url: url.href, body };
  }
  if (message.type === 'tavolo:keep-images' && Array.isArray(message.urls)) {
    const urls = message.urls
      .map(sameOrigin)
      .filter((url): url is URL => url !== null && isUploadPath(url.pathname))
      .map((url) => url.href);
    return { type: message.type, urls: [...new Set(urls)].slice(0, IMAGE_CACHE_ENTRIES) };
  }
  return null;
}

/** When the copy that answered was saved; undefined for an answer that came from the server. */
export function readSavedAt(headers: Pick<Headers, 'get'>): number | undefined {
  const value = Number(headers.get(SAVED_AT_HEADER));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The names of the entries to delete so that `keys` keeps its newest `max` (keys oldest first). */
export function beyondNewest<T>(keys: readonly T[], max: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - max));
}
