import type { Principal } from '../../core/principal';

/** A resolved caller as the cache keeps it: everything but how this request's token arrived. */
export type CachedPrincipal = Omit<Principal, 'via'>;

export type SessionCacheOptions = {
  /** The safety net: an entry older than this is read again from the database. */
  maxAgeMs: number;
  /** Beyond this many entries the oldest is dropped. */
  maxEntries: number;
  now?: () => number;
};

/**
 * Resolved sessions by their token's hash, so a signed-in request costs no database round trip.
 * It is only correct because everything that can change a principal empties it: the database
 * NOTIFYs `tavolo_auth` on every such change (migration 0016; every instance listens), and this
 * instance also empties it before answering its own writes to accounts, staff and roles
 * (decision 023). Entries live at most `maxAgeMs` and never past their session's expiry.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const { maxAgeMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { principal: CachedPrincipal; storedAt: number }>();
  /**
   * Moves on with every `forget`. A read that began before a change and ends after it must not
   * store what it read: it takes the generation before querying and `set` refuses a stale one.
   */
  let generation = 0;
  /** Off until the instance hears the invalidations, and whenever it stops hearing them. */
  let listening = false;

  return {
    get(tokenHash: string): CachedPrincipal | undefined {
      const entry = listening ? entries.get(tokenHash) : undefined;
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt >= maxAgeMs || at >= entry.principal.expiresAt.getTime()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.principal;
    },
    /** The generation to hand back to `set` once the database has answered. */
    begin(): number {
      return generation;
    },
    set(tokenHash: string, principal: CachedPrincipal, readAt: number): void {
      if (!listening || readAt !== generation) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { principal, storedAt: now() });
      // A Map keeps insertion order: the first key is the oldest entry.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    /** Drops the entries of one restaurant's sessions; `*` (or nothing) drops every entry. */
    forget(restaurantId?: string): void {
      generation += 1;
      if (restaurantId === undefined || restaurantId === '*') {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) {
        if (entry.principal.restaurantId === restaurantId) entries.delete(key);
      }
    },
    /** Whether invalidations are being heard; any change empties the cache. */
    setListening(value: boolean): void {
      listening = value;
      this.forget();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
