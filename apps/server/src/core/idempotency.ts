import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { AppError } from './app-error';
import {
  claimIdempotencyKeys,
  completeIdempotencyKeys,
  findIdempotencyKey,
  pruneIdempotencyKeys,
} from './idempotency.repository';

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

/** The key a request came with, checked: 400 when it is not 1 to 200 visible ASCII characters. */
export function checkIdempotencyKey(key: string): string {
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header is invalid', {
      'Idempotency-Key': 'must be 1 to 200 visible ASCII characters',
    });
  }
  return key;
}

/** What a key's record compares a retry by: the request's hash, whatever its key order. */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** A request's claim on its Idempotency-Key: who sent it (scope), the key, and what was asked. */
export type IdempotencyClaim = { scope: string; key: string; requestHash: string };

/**
 * Runs `work` in a transaction at most once per claim (scope and key): the first request claims the
 * key, does the work and stores its result in the same transaction; a retry — also one racing the
 * first — waits for it on the key's row and gets the stored result back (`replayed`). The same key
 * with another request answers 422. Without a claim (no key sent) the work simply runs. Failed work
 * stores nothing, so it may be retried.
 */
export async function runIdempotently<T>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  work: (tx: Db) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (claim === undefined) return { value: await db.transaction((tx) => work(tx)), replayed: false };
  const { scope, key, requestHash } = claim;

  return db.transaction(async (tx) => {
    if ((await claimIdempotencyKeys(tx, [claim])).size > 0) {
      const value = await work(tx);
      await completeIdempotencyKeys(tx, [{ scope, key, response: value }]);
      // Pruning now and then keeps the table small.
      if (Math.random() < 0.01) await pruneIdempotencyKeys(tx);
      return { value, replayed: false };
    }
    const stored = await findIdempotencyKey(tx, { scope, key });
    if (!stored || stored.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        'This Idempotency-Key was already used for a different request; use a new key for a new request',
      );
    }
    if (stored.completedAt === null) {
      throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still being processed');
    }
    return { value: stored.response as T, replayed: true };
  });
}
