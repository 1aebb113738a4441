import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Counts `hits` (at least 1) against `key` in a fixed window, in one statement: a window older
 * than `windowSeconds` starts over. Returns the count so far and when the window started.
 */
export async function countRateLimitHits(
  db: Db,
  key: string,
  windowSeconds: number,
  hits: number,
): Promise<{ count: number; windowStart: Date }> {
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), ${hits})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN ${hits} ELSE rate_limits.count + ${hits} END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`,
  );
  return { count: row!.count, windowStart: new Date(row!.window_start) };
}

/** Takes back hits counted earlier in the same transaction, for work that was not done after all. */
export async function takeBackRateLimitHits(db: Db, key: string, hits: number): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(0, count - ${hits}) WHERE key = ${key}`);
}
