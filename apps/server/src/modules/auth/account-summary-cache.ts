import type { TMeResponse } from '@tavolo/contract/auth';
import { createNotifiedCache } from '../../core/notified-cache';

declare module '../../core/context' {
  interface AppServices {
    /** What GET /auth/me answers beyond the principal. */
    accountSummaries: AccountSummaryCache;
  }
}

/** What GET /auth/me shows beyond the principal: the account and the restaurant it works in. */
export type AccountSummary = Pick<TMeResponse, 'name' | 'email' | 'language' | 'restaurant' | 'hasPin'>;

/**
 * Account summaries by account and restaurant, so /auth/me costs no database round trip. Kept like
 * the session cache (decision 023), on the same channel: the database NOTIFYs `tavolo_auth` when
 * an account's name, email or language, the restaurant's profile, languages or payout accounts
 * change (migrations 0016, 0017 and 0022), and this instance empties it before answering its own
 * writes to them.
 */
export function createAccountSummaryCache(options: { maxAgeMs: number; maxEntries: number }) {
  const { maxAgeMs } = options;
  return createNotifiedCache<AccountSummary>({
    maxEntries: options.maxEntries,
    restaurantOf: (summary) => summary.restaurant.id,
    isFresh: (_summary, storedAt, now) => now - storedAt < maxAgeMs,
  });
}

export type AccountSummaryCache = ReturnType<typeof createAccountSummaryCache>;

export const accountSummaryKey = (principal: { userType: string; userId: string; restaurantId: string }) =>
  `${principal.userType}:${principal.userId}:${principal.restaurantId}`;
