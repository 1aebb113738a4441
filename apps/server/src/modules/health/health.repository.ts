import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The cheapest round trip to the database: resolves when it answers, rejects when it cannot. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
