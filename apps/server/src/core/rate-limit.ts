import type { Db } from '../db/client';
import { AppError } from './app-error';
import { countRateLimitHit } from './rate-limit.repository';

/**
 * Counts one hit against `key` in a fixed window stored in PostgreSQL, so every server
 * instance shares the count. Throws 429 RATE_LIMITED once `limit` hits were made in the window.
 */
export async function consumeRateLimit(
  db: Db,
  options: { key: string; limit: number; windowSeconds: number },
): Promise<void> {
  const { count, windowStart } = await countRateLimitHit(db, options.key, options.windowSeconds);
  if (count > options.limit) {
    const resetAt = windowStart.getTime() + options.windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', 429, `Too many attempts; try again in ${retryAfter} seconds`);
  }
}
