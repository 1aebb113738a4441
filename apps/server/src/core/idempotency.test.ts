import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';
import { checkIdempotencyKey, requestHashOf, runIdempotently } from './idempotency';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => vi.restoreAllMocks());

let counter = 0;
const freshScope = () => `test:${++counter}:${Date.now()}`;

/** Runs `runIdempotently` with work that counts its calls and answers `{ n }`. */
function runner(scope = freshScope()) {
  let calls = 0;
  // As the route makes a claim of a request's key (http/route.ts).
  const run = async (key: string | undefined, request: unknown) =>
    runIdempotently(
      database.db,
      key === undefined
        ? undefined
        : { scope, key: checkIdempotencyKey(key), requestHash: requestHashOf(request) },
      async () => {
        calls += 1;
        return { n: calls };
      },
    );
  return { run, calls: () => calls, scope };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('runIdempotently', () => {
  it('runs the work every time without a key', async () => {
    const { run, calls } = runner();
    expect(await run(undefined, { a: 1 })).toEqual({ value: { n: 1 }, replayed: false });
    expect(await run(undefined, { a: 1 })).toEqual({ value: { n: 2 }, replayed: false });
    expect(calls()).toBe(2);
  });

  it('runs the work once per key and replays its stored result', async () => {
    const { run, calls, scope } = runner();
    expect(await run('key-1', { a: 1 })).toEqual({ value: { n: 1 }, replayed: false });
    expect(await run('key-1', { a: 1 })).toEqual({ value: { n: 1 }, replayed: true });
    expect(calls()).toBe(1);
    // Another key, or the same key in another scope, is another request.
    expect(await run('key-2', { a: 1 })).toEqual({ value: { n: 2 }, replayed: false });
    const other = runner(`${scope}:other`);
    expect(await other.run('key-1', { a: 1 })).toEqual({ value: { n: 1 }, replayed: false });
    const [row] = await database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, 'key-1')));
    expect(row).toMatchObject({ response: { n: 1 } });
    expect(row!.completedAt).toBeInstanceOf(Date);
  });

  it('hashes the request whatever the order of its keys, and without undefined fields', async () => {
    const { run, calls } = runner();
    await run('k', { b: 2, a: { y: [1, { q: 1, p: 2 }], x: 'x' }, c: undefined });
    const again = await run('k', { a: { x: 'x', y: [1, { p: 2, q: 1 }] }, b: 2 });
    expect(again.replayed).toBe(true);
    expect(calls()).toBe(1);
  });

  it('tells apart requests that only a careless serialisation would confuse', async () => {
    const { run } = runner();
    await run('arrays', [1, 23]);
    for (const other of [[12, 3], { 0: 1, 1: 23 }, '[1,23]']) {
      expect(await failure(run('arrays', other)), JSON.stringify(other)).toMatchObject({ status: 422 });
    }
    // Five keys in three orders: one request.
    await run('keys', { e: 5, d: 4, c: 3, b: 2, a: 1 });
    for (const same of [
      { a: 1, b: 2, c: 3, d: 4, e: 5 },
      { c: 3, a: 1, e: 5, b: 2, d: 4 },
      { b: 2, e: 5, a: 1, d: 4, c: 3 },
    ]) {
      expect((await run('keys', same)).replayed, JSON.stringify(same)).toBe(true);
    }
  });

  it('answers 422 for the same key with another request: a value, an array order, a key', async () => {
    const { run } = runner();
    await run('k', { a: [1, 2], b: 'x' });
    for (const other of [
      { a: [2, 1], b: 'x' },
      { a: [1, 2], b: 'y' },
      { a: [1, 2], c: 'x' },
      { a: [1, 2] },
    ]) {
      const error = await failure(run('k', other));
      expect(error, JSON.stringify(other)).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'IDEMPOTENCY_MISMATCH',
        status: 422,
        message:
          'This Idempotency-Key was already used for a different request; use a new key for a new request',
      });
    }
    // Nothing changed for the first request.
    expect((await run('k', { b: 'x', a: [1, 2] })).replayed).toBe(true);
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    const { run, calls } = runner();
    for (const key of ['', 'has space', 'tab\there', 'naïve', 'x'.repeat(201)]) {
      const error = await failure(run(key, {}));
      expect(error, JSON.stringify(key)).toMatchObject({
        code: 'VALIDATION_FAILED',
        status: 400,
        message: 'The Idempotency-Key header is invalid',
        fields: { 'Idempotency-Key': 'must be 1 to 200 visible ASCII characters' },
      });
    }
    expect(calls()).toBe(0);
    // The edges of what is allowed.
    expect((await run('!', {})).replayed).toBe(false);
    expect((await run('~'.repeat(200), {})).replayed).toBe(false);
  });

  it('answers 409 while the first request under the key has not completed', async () => {
    const { run, calls, scope } = runner();
    const { createHash } = await import('node:crypto');
    await database.db.insert(idempotencyKeys).values({
      scope,
      key: 'busy',
      requestHash: createHash('sha256').update('{"a":1}').digest('hex'),
    });
    expect(await failure(run('busy', { a: 1 }))).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'The first request with this Idempotency-Key is still being processed',
    });
    expect(calls()).toBe(0);
  });

  it('stores nothing when the work fails, so the request may be retried', async () => {
    const scope = freshScope();
    const error = await failure(
      runIdempotently(database.db, { scope, key: 'k', requestHash: requestHashOf({}) }, async () => {
        throw new Error('boom');
      }),
    );
    expect(error).toEqual(new Error('boom'));
    const { run } = runner(scope);
    expect(await run('k', {})).toEqual({ value: { n: 1 }, replayed: false });
  });

  it('now and then (1 in 100) prunes keys older than a day', async () => {
    const scope = freshScope();
    await database.db.insert(idempotencyKeys).values([
      { scope, key: 'old', requestHash: 'h', createdAt: sql`now() - interval '25 hours'` as never },
      { scope, key: 'recent', requestHash: 'h', createdAt: sql`now() - interval '23 hours'` as never },
    ]);
    const keysLeft = async () =>
      (await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope)))
        .map((row) => row.key)
        .sort();
    const { run } = runner(scope);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.01);
    await run('a', {});
    expect(await keysLeft()).toEqual(['a', 'old', 'recent']);
    random.mockReturnValue(0.0099);
    await run('b', {});
    expect(await keysLeft()).toEqual(['a', 'b', 'recent']);
  });
});
