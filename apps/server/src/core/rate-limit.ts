import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { AppError } from '../http/app-error';

/**
 * Counts one hit against `key` in a fixed window stored in PostgreSQL, so every server
 * instance shares the count. Throws 429 RATE_LIMITED once `limit` hits were made in the window.
 */
export async function consumeRateLimit(
  db: Db,
  options: { key: string; limit: number; windowSeconds: number },
): Promise<void> {
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${options.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${options.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${options.windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`,
  );
  if (row && row.count > options.limit) {
    const resetAt = new Date(row.window_start).getTime() + options.windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', 429, `Too many attempts; try again in ${retryAfter} seconds`);
  }
}
