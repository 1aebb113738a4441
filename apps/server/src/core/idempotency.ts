import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';

export type Answer<T> = { status: number; body: T };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** JSON with sorted keys, so the same body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `work` in a transaction at most once per (scope, key): the first request inserts the key,
 * does the work and stores its answer in the same transaction; a retry — also one racing the first
 * — waits for it on the key's row and replays the stored answer. The same key with another body
 * answers 422. Without a key the work simply runs. Failed work stores nothing, so it may be retried.
 */
export async function runIdempotently<T>(
  db: Db,
  options: { scope: string; key: string | undefined; request: unknown },
  work: (tx: Db) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { scope, key } = options;
  if (key === undefined) return { ...(await db.transaction((tx) => work(tx))), replayed: false };
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 400, 'The Idempotency-Key header is invalid', {
      'Idempotency-Key': 'must be 1 to 200 visible ASCII characters',
    });
  }
  const requestHash = createHash('sha256').update(canonicalJson(options.request)).digest('hex');

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      const answer = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: answer.status, response: answer.body as object })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      // Keys are kept a day; pruning now and then keeps the table small.
      if (Math.random() < 0.01) {
        await tx
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
      }
      return { ...answer, replayed: false };
    }
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!stored || stored.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        422,
        'This Idempotency-Key was already used for a different request; use a new key for a new request',
      );
    }
    if (stored.statusCode === null) {
      throw new AppError(
        'CONFLICT',
        409,
        'The first request with this Idempotency-Key is still being processed',
      );
    }
    return { status: stored.statusCode, body: stored.response as T, replayed: true };
  });
}
