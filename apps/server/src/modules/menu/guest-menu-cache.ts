import zlib from 'node:zlib';

declare module '../../core/context' {
  interface AppServices {
    /** Shared by the guest menu call and the guest page that carries the same menu inside. */
    guestMenus: GuestMenuCache;
  }
}

/**
 * Guest menus as ready-to-send bodies (plain, and compressed once per version). Keyed by restaurant,
 * its menu version and the table: anything a guest's menu shows bumps the version in the database,
 * so every instance misses at once. An entry also expires at the next local midnight or when the
 * first sold-out item comes back, whichever is sooner.
 */
export type GuestMenuBody = { json: string; encoded: Map<'br' | 'gzip', Buffer>; expiresAt: number };

export type GuestMenuCache = {
  get: (key: string, now: number) => GuestMenuBody | undefined;
  set: (key: string, json: string, expiresAt: number) => GuestMenuBody;
  /**
   * The entry, or the one `build` makes: guests asking together for a menu not yet built share
   * one build (fifty phones at once would otherwise build it fifty times, back to back).
   */
  getOrBuild: (
    key: string,
    now: number,
    build: () => Promise<{ json: string; expiresAt: number }>,
  ) => Promise<GuestMenuBody>;
};

export function createGuestMenuCache(maxEntries = 1000): GuestMenuCache {
  const entries = new Map<string, GuestMenuBody>();
  const building = new Map<string, Promise<GuestMenuBody>>();
  const cache: GuestMenuCache = {
    getOrBuild(key, now, build) {
      const hit = cache.get(key, now);
      if (hit) return Promise.resolve(hit);
      let pending = building.get(key);
      if (!pending) {
        pending = build()
          .then(({ json, expiresAt }) => cache.set(key, json, expiresAt))
          .finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key, json, expiresAt) {
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry: GuestMenuBody = { json, encoded: new Map(), expiresAt };
      entries.set(key, entry);
      return entry;
    },
  };
  return cache;
}

/**
 * The best encoding the client accepts of `text`, compressed on first use and kept in `encoded`
 * (a guest menu's body, a guest page's HTML).
 */
export function encodeOnce(
  text: string,
  encoded: Map<'br' | 'gzip', Buffer>,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  const accepted = acceptEncoding ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return undefined;
  let body = encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : zlib.gzipSync(text, { level: 9 });
    encoded.set(encoding, body);
  }
  return { encoding, body };
}

/** The best encoding the client accepts, compressed once and kept with the entry. */
export function encodeGuestMenu(entry: GuestMenuBody, acceptEncoding: string | undefined) {
  return encodeOnce(entry.json, entry.encoded, acceptEncoding);
}
