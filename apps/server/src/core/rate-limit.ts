import type { Db } from '../db/client';
import { AppError } from './app-error';
import { countRateLimitHits, takeBackRateLimitHits } from './rate-limit.repository';

/** The 429 a caller gets once the window is used up, saying when it starts over. */
export function rateLimited(windowStart: Date, windowSeconds: number): AppError {
  const resetAt = windowStart.getTime() + windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts; try again in ${retryAfter} seconds`,
    undefined,
    retryAfter,
  );
}

/**
 * Counts one hit against `key` in a fixed window stored in PostgreSQL, so every server
 * instance shares the count. Throws 429 RATE_LIMITED once `limit` hits were made in the window.
 */
export async function consumeRateLimit(
  db: Db,
  options: { key: string; limit: number; windowSeconds: number },
): Promise<void> {
  const { count, windowStart } = await countRateLimitHits(db, options.key, options.windowSeconds, 1);
  if (count > options.limit) throw rateLimited(windowStart, options.windowSeconds);
}

/**
 * Counts one guess (a PIN, say) against `key` before it is checked: 429 once `limit` were made in
 * the window, so a burst of guesses cannot slip through between a check and its count. In its own
 * statement on `db`, outside any transaction: a guess that fails its request still counts.
 * `forgive` takes it back once the guess proved right.
 */
export async function countGuess(
  db: Db,
  options: { key: string; limit: number; windowSeconds: number },
): Promise<{ forgive: () => Promise<void> }> {
  const { count, windowStart } = await countRateLimitHits(db, options.key, options.windowSeconds, 1);
  if (count > options.limit) throw rateLimited(windowStart, options.windowSeconds);
  return { forgive: () => takeBackRateLimitHits(db, options.key, 1) };
}
