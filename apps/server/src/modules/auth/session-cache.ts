import { createNotifiedCache } from '../../core/notified-cache';
import type { Principal } from '../../core/principal';

/** A resolved caller as the cache keeps it: everything but how this request's token arrived. */
export type CachedPrincipal = Omit<Principal, 'via'>;

/**
 * Resolved sessions by their token's hash, so a signed-in request costs no database round trip.
 * It is only correct because everything that can change a principal empties it: the database
 * NOTIFYs `tavolo_auth` on every such change (migration 0016; every instance listens), and this
 * instance also empties it before answering its own writes to accounts, staff and roles
 * (decision 023). Entries live at most `maxAgeMs` and never past their session's expiry.
 */
export function createSessionCache(options: { maxAgeMs: number; maxEntries: number; now?: () => number }) {
  const { maxAgeMs } = options;
  return createNotifiedCache<CachedPrincipal>({
    maxEntries: options.maxEntries,
    now: options.now,
    restaurantOf: (principal) => principal.restaurantId,
    isFresh: (principal, storedAt, now) => now - storedAt < maxAgeMs && now < principal.expiresAt.getTime(),
  });
}

export type SessionCache = ReturnType<typeof createSessionCache>;
