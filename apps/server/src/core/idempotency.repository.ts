import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** Claims (scope, key); false when another request holds it already. */
export async function claimIdempotencyKey(
  db: Db,
  values: { scope: string; key: string; requestHash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Stores the result of the work done under the key, marking it complete. */
export async function completeIdempotencyKey(
  db: Db,
  where: { scope: string; key: string },
  result: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ completedAt: sql`now()`, response: result as object })
    .where(and(eq(idempotencyKeys.scope, where.scope), eq(idempotencyKeys.key, where.key)));
}

/** The key's record; waits for a transaction still holding it (the first of two racing requests). */
export async function findIdempotencyKey(db: Db, where: { scope: string; key: string }) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, where.scope), eq(idempotencyKeys.key, where.key)));
  return row;
}

/** Keys are kept a day. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
}
