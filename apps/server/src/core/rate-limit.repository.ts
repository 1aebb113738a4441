import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Counts one hit against `key` in a fixed window, in one statement: a window older than
 * `windowSeconds` starts over. Returns the count so far and when the window started.
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; windowStart: Date }> {
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`,
  );
  return { count: row!.count, windowStart: new Date(row!.window_start) };
}
