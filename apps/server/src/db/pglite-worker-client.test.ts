import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/helpers';
import { pgErrorCode } from '../lib/pg-errors';
import { type EmbeddedClient, PgliteWorkerClient } from './pglite-worker-client';

// The worker must answer exactly what PGlite in process answers: both run side by side here.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const samples = pgTable('samples', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  local: timestamp('local'),
  day: date('day', { mode: 'string' }),
  dayDate: date('day_date', { mode: 'date' }),
  span: interval('span'),
  doc: jsonb('doc'),
  big: bigint('big', { mode: 'number' }),
  huge: bigint('huge', { mode: 'bigint' }),
  amount: numeric('amount'),
  tags: text('tags').array(),
  counts: integer('counts').array(),
  amounts: numeric('amounts').array(),
  stamps: timestamp('stamps', { withTimezone: true }).array(),
  raw: bytea('raw'),
  flag: boolean('flag'),
  ref: uuid('ref'),
  ratio: doublePrecision('ratio'),
});
const CREATE = `CREATE TABLE samples (
  id serial PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz, at_text timestamptz, local timestamp,
  day date, day_date date, span interval, doc jsonb, big int8, huge int8, amount numeric, tags text[],
  counts int4[], amounts numeric[], stamps timestamptz[], raw bytea, flag boolean, ref uuid, ratio float8
)`;

const sample = (name: string) => ({
  name,
  at: new Date('2026-03-04T05:06:07.891Z'),
  atText: '2026-03-04 05:06:07.891+00',
  local: new Date('2026-03-04T05:06:07.000Z'),
  day: '2026-02-28',
  dayDate: new Date('2026-02-28T00:00:00.000Z'),
  span: '1 day 02:03:04',
  doc: { lines: [{ dish: 'Pizza', qty: 2, price: 12.5 }], note: null, ok: true, emoji: '🍕' },
  big: 9_007_199_254_740_991,
  huge: 9_223_372_036_854_775_807n,
  amount: '12345678901234567890.123456789',
  tags: ['vegan', 'with "quotes"', 'comma, inside', ''],
  counts: [1, -2, 3],
  amounts: ['1.10', '2.005'],
  stamps: [new Date('2026-01-01T00:00:00.000Z'), new Date('2026-12-31T23:59:59.999Z')],
  raw: Buffer.from([0, 1, 2, 250, 255]),
  flag: true,
  ref: '7d3c1f5e-8a1b-4c2d-9e0f-123456789abc',
  ratio: 0.1 + 0.2,
});

let inProcess: PGlite;
let client: PgliteWorkerClient;

async function withSamples(pg: EmbeddedClient) {
  await pg.exec(CREATE);
  return drizzle(pg as PGlite);
}

beforeAll(async () => {
  if (onPostgres) return;
  [inProcess, client] = await Promise.all([PGlite.create(), PgliteWorkerClient.start()]);
});
afterAll(async () => {
  await Promise.all([inProcess?.close(), client?.close()]);
});

// The embedded database only, whichever the suite runs on: the PostgreSQL pass would repeat it.
describe.skipIf(onPostgres)('the embedded database in a worker thread', () => {
  it('answers what PGlite in process answers, type for type, through drizzle and raw', async () => {
    const local = await withSamples(inProcess);
    const remote = await withSamples(client);
    for (const db of [local, remote]) {
      await db.insert(samples).values([sample('full'), { name: 'empty' }]);
    }
    const select = (db: typeof local) => db.select().from(samples).orderBy(samples.id);
    const rows = await select(remote);
    expect(rows).toEqual(await select(local));
    expect(rows[0]).toMatchObject({ ...sample('full'), id: 1 });
    expect(rows[1]).toMatchObject({ name: 'empty', doc: null, raw: null, tags: null });

    const raw = (db: typeof local) => db.execute(sql`SELECT * FROM samples ORDER BY id`);
    const rawRows = await raw(remote);
    expect(rawRows).toEqual(await raw(local));
    expect(rawRows.rows[0]).toMatchObject({ at: '2026-03-04 05:06:07.891+00', big: 9_007_199_254_740_991 });

    const params = [
      42n,
      { a: [1, 'two'] },
      new Uint8Array([9, 8]),
      new Date('2026-05-06T07:08:09Z'),
      '1.50',
      [1, 2],
    ];
    const query =
      'SELECT $1::int8 AS a, $2::jsonb AS b, $3::bytea AS c, $4::timestamptz AS d, $5::numeric AS e, $6::int4[] AS f';
    expect(await client.query(query, params)).toEqual(await inProcess.query(query, params));
    expect(await client.query(query, params, { rowMode: 'array' })).toEqual(
      await inProcess.query(query, params, { rowMode: 'array' }),
    );
  });

  it('commits a transaction, and rolls back one whose callback throws', async () => {
    const db = drizzle(client as unknown as PGlite);
    await client.exec('CREATE TABLE tx_notes (note text PRIMARY KEY)');
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_notes VALUES ('kept')`);
      await tx.execute(sql`INSERT INTO tx_notes VALUES ('kept too')`);
    });
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO tx_notes VALUES ('dropped')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const notes = await client.query<{ note: string }>('SELECT note FROM tx_notes ORDER BY note');
    expect(notes.rows.map((row) => row.note)).toEqual(['kept', 'kept too']);
  });

  it('rolls the whole transaction back when a statement in it fails, and goes on serving', async () => {
    const db = drizzle(client as unknown as PGlite);
    await client.exec(
      `CREATE TABLE tx_unique (code text PRIMARY KEY); INSERT INTO tx_unique VALUES ('taken')`,
    );
    const error = await db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO tx_unique VALUES ('fresh')`);
        await tx.execute(sql`INSERT INTO tx_unique VALUES ('taken')`);
      })
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe('23505');
    expect((error as { cause: { constraint?: string } }).cause.constraint).toBe('tx_unique_pkey');
    const codes = await client.query<{ code: string }>('SELECT code FROM tx_unique');
    expect(codes.rows).toEqual([{ code: 'taken' }]);
    // A savepoint rolled back alone (drizzle's nested transaction), the rest committed.
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO tx_unique VALUES ('outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO tx_unique VALUES ('inner')`);
          await inner.execute(sql`INSERT INTO tx_unique VALUES ('taken')`);
        })
        .catch(() => {});
    });
    const after = await client.query<{ code: string }>('SELECT code FROM tx_unique ORDER BY code');
    expect(after.rows.map((row) => row.code)).toEqual(['outer', 'taken']);
    await expect(client.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
  });

  it('runs one transaction at a time: statements of two never interleave, other queries wait', async () => {
    await client.exec('CREATE TABLE tx_log (seq serial PRIMARY KEY, who text)');
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const steps: string[] = [];
    const run = (who: string) =>
      client.transaction(async (tx) => {
        for (let step = 0; step < 4; step++) {
          await tx.query('INSERT INTO tx_log (who) VALUES ($1)', [who]);
          steps.push(who);
          await pause(); // gives the others every chance to slip in
        }
      });
    let seenByOutsider = -1;
    const first = run('a');
    const outsider = client.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_log').then((result) => {
      seenByOutsider = result.rows[0]!.n;
    });
    await Promise.all([first, run('b'), run('c'), outsider]);
    const order = await client.query<{ who: string }>('SELECT who FROM tx_log ORDER BY seq');
    const sequence = order.rows.map((row) => row.who).join('');
    expect(sequence).toMatch(/^(?:(a{4}|b{4}|c{4})){3}$/);
    expect(new Set(sequence.match(/(.)\1{3}/g))).toEqual(new Set(['aaaa', 'bbbb', 'cccc']));
    expect(steps.join('')).toBe(sequence);
    // Issued while the first transaction was open, it saw all of that transaction or none of it.
    expect(seenByOutsider % 4).toBe(0);
    expect(seenByOutsider).toBeGreaterThanOrEqual(4);
  });

  it('delivers a NOTIFY after its transaction commits, before the commit answers; never one rolled back', async () => {
    const heard: string[] = [];
    const stop = await client.listen('worker_test', (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('worker_test', 'committed')`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['committed']);
    await client
      .transaction(async (tx) => {
        await tx.query(`SELECT pg_notify('worker_test', 'rolled back')`);
        throw new Error('undo');
      })
      .catch(() => {});
    await client.query(`SELECT pg_notify('worker_test', 'alone')`);
    expect(heard).toEqual(['committed', 'alone']);
    await stop();
    await client.query(`SELECT pg_notify('worker_test', 'after unlisten')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['committed', 'alone']);
  });

  it('refuses query options it cannot send to the worker', async () => {
    const upper = client.query('SELECT 1', [], { parsers: { 25: (value) => value.toUpperCase() } });
    await expect(upper).rejects.toThrow('cannot run in the database worker');
    const serialized = client.exec('SELECT 1', { serializers: { 25: String } });
    await expect(serialized).rejects.toThrow('rowMode, paramTypes and text-keeping parsers only');
  });

  it('closes after what was queued, then refuses', async () => {
    const other = await PgliteWorkerClient.start();
    const queued = other.query<{ one: number }>('SELECT 1 AS one');
    await other.close();
    expect((await queued).rows).toEqual([{ one: 1 }]);
    await expect(other.query('SELECT 1')).rejects.toThrow('closed');
    await other.close(); // twice is harmless
  });
});
