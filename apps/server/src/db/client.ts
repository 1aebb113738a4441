import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EmbeddedClient, PgliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: every repository takes this (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded engine, when that is what runs: in a worker thread (openDatabase) or in process
   * (tests). LISTEN/NOTIFY goes through it.
   */
  pglite?: EmbeddedClient;
  /** The pool, when PostgreSQL runs (LISTEN needs a dedicated client from it). */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// node-postgres returns int8/numeric as strings; counts and sums in this app fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function wrapPglite(pglite: EmbeddedClient): Database {
  return {
    // drizzle's PGlite driver only calls query() and transaction(), which both clients have.
    db: drizzlePglite(pglite as PGlite, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}

export function wrapPool(pool: pg.Pool): Database {
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    close: () => pool.end(),
  };
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded database stored in dataDir, run in a
 * worker thread so that queries do not block the event loop (decision 024).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    return wrapPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  }
  const dir = path.join(options.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  const worker = await PgliteWorkerClient.start({ dataDir: dir });
  // Nothing can be served without it, and only a new process opens the data again: exit, so the
  // supervisor (systemd, a container runtime) starts a fresh one.
  worker.onLost = (reason) => {
    console.error(`fatal: ${reason.message}; exiting`);
    process.exit(1);
  };
  return wrapPglite(worker);
}

/** Applies committed migrations; on PostgreSQL under an advisory lock so instances starting together take turns. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Independent reads: side by side on the pool, one after another inside a transaction, whose one
 * connection would only queue them (and pg 9 refuses a query sent while another runs).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Db,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const results: unknown[] = [];
  if (db instanceof PgTransaction) for (const read of reads) results.push(await read());
  else results.push(...(await Promise.all(reads.map((read) => read()))));
  return results as unknown as T;
}

/** An update with nothing to set (a PUT of `{}`): the ORM refuses it, so callers read instead. */
export function isEmptyChange(values: object): boolean {
  return Object.values(values).every((value) => value === undefined);
}
