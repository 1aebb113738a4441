import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** A key's name in the sets below: its scope and key. */
export const claimName = (claim: { scope: string; key: string }) => `${claim.scope}\n${claim.key}`;

/**
 * Claims several keys in one statement, in a fixed order (so two batches never wait for each
 * other's keys in opposite orders). Returns the names of those claimed; of one key asked for twice,
 * only one claim is made.
 */
export async function claimIdempotencyKeys(
  db: Db,
  claims: { scope: string; key: string; requestHash: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const sorted = [...claims].sort((a, b) => (claimName(a) < claimName(b) ? -1 : 1));
  const inserted = await db
    .insert(idempotencyKeys)
    .values(sorted)
    .onConflictDoNothing()
    .returning({ scope: idempotencyKeys.scope, key: idempotencyKeys.key });
  return new Set(inserted.map(claimName));
}

/** Stores the results of work done under several keys, marking them complete, in one statement. */
export async function completeIdempotencyKeys(
  db: Db,
  results: { scope: string; key: string; response: unknown }[],
): Promise<void> {
  if (results.length === 0) return;
  await db.execute(
    sql`UPDATE idempotency_keys k SET completed_at = now(), response = r.response
        FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb) AS r(scope text, key text, response jsonb)
        WHERE k.scope = r.scope AND k.key = r.key`,
  );
}

/** Lets go of keys claimed in this transaction whose work failed, so a retry may run it again. */
export async function releaseIdempotencyKeys(
  db: Db,
  claims: { scope: string; key: string }[],
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(
    sql`DELETE FROM idempotency_keys k
        USING jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) AS r(scope text, key text)
        WHERE k.scope = r.scope AND k.key = r.key`,
  );
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
