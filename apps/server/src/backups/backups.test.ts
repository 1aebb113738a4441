import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ordersEndpoints } from '@tavolo/contract/orders';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  injectApi,
  onPostgres,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';
import { TEMPLATE_TAR, withDatabase } from '../../test/template';
import { type Database, wrapPglite, wrapPool } from '../db/client';
import { PgliteWorkerClient } from '../db/pglite-worker-client';
import { BackupError, backupFileName, CHECKSUM_SUFFIX } from './backup-files';
import { createEmbeddedBackup, embeddedDirOf, restoreEmbeddedBackup } from './embedded-backup';
import { createPostgresBackup, restorePostgresBackup } from './postgres-backup';

// A backup made while guests keep ordering, restored into a fresh database, must hold exactly
// what the source held at the backup's instant: every table's row count and a checksum of its
// rows, read by the source in the same instant (embedded: in the transaction that ends the
// backup; PostgreSQL: in the transaction whose snapshot pg_dump reads).

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every table's row count and a checksum of its rows (in any order), by name; created in the database. */
const CREATE_FINGERPRINT = `
CREATE SCHEMA IF NOT EXISTS bk_test;
CREATE OR REPLACE FUNCTION bk_test.fingerprint()
RETURNS TABLE (name text, row_count bigint, checksum text) LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2 LOOP
    name := format('%I.%I', t.schemaname, t.tablename);
    EXECUTE format(
      'SELECT count(*), coalesce(md5(string_agg(md5(x::text), '''' ORDER BY md5(x::text))), '''') FROM %s x',
      name
    ) INTO row_count, checksum;
    RETURN NEXT;
  END LOOP;
END $$;`;
const READ_FINGERPRINT = 'SELECT name, row_count::text AS "rowCount", checksum FROM bk_test.fingerprint()';

type Fingerprint = { name: string; rowCount: string; checksum: string }[];

async function fingerprintOf(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<Fingerprint> {
  return (await query(READ_FINGERPRINT)).rows as Fingerprint;
}

/** Guests at five tables ordering in a loop until stopped; counts the orders placed. */
function orderLoad(t: TestApp, seeded: SeededRestaurant) {
  let running = true;
  let placed = 0;
  let failed: Error | undefined;
  const guest = async (table: number) => {
    while (running && !failed) {
      const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
        body: {
          qrToken: seeded.tables[table]!.qrToken,
          items: [{ menuItemId: seeded.items[table % seeded.items.length]!.id, quantity: 1 + (placed % 3) }],
        },
      });
      if (response.statusCode !== 201)
        failed = new Error(`placeOrder: ${response.statusCode} ${response.body}`);
      else placed++;
    }
  };
  const guests = Promise.all([0, 1, 2, 3, 4].map(guest));
  return {
    placed: () => placed,
    async until(count: number) {
      while (placed < count) {
        if (failed) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      running = false;
      await guests;
      if (failed) throw failed;
    },
  };
}

async function seedBusyRestaurant(t: TestApp): Promise<SeededRestaurant> {
  return seedRestaurant(t.app, {
    dishes: [
      { name: 'Margherita', priceMinor: 900 },
      { name: 'Carbonara', priceMinor: 1250 },
      { name: 'Tiramisù', priceMinor: 650 },
    ],
    tables: [1, 2, 3, 4, 5],
  });
}

/** Flips one byte in the middle of `file`'s copy, which keeps the original's checksum file. */
async function corruptCopyOf(file: string, dir: string): Promise<string> {
  const damaged = path.join(dir, path.basename(file));
  const bytes = await fs.readFile(file);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = bytes[middle]! ^ 0xff;
  await fs.writeFile(damaged, bytes);
  await fs.copyFile(file + CHECKSUM_SUFFIX, damaged + CHECKSUM_SUFFIX);
  return damaged;
}

describe.runIf(!onPostgres)('backups of the embedded database', () => {
  it('backs up under order load; the restore holds exactly the backup instant; a damaged file and a non-empty database are refused', async () => {
    const dataDir = await tempDir('bk13-source-');
    const backupDir = await tempDir('bk13-backups-');
    const dbDir = embeddedDirOf(dataDir);
    // A real data directory (the server's kind), started from the migrated template.
    const engine = await PgliteWorkerClient.start({
      dataDir: dbDir,
      loadDataDir: await fs.readFile(TEMPLATE_TAR),
    });
    const database = wrapPglite(engine);
    const t = await createTestApp({ database, env: { ORDER_LIMIT_PER_TABLE: '100000' } });
    cleanups.push(async () => {
      await t.close();
      await database.close();
    });
    await engine.exec(CREATE_FINGERPRINT);
    const seeded = await seedBusyRestaurant(t);

    const load = orderLoad(t, seeded);
    await load.until(30);
    const placedBefore = load.placed();
    const out = path.join(backupDir, backupFileName('embedded', new Date()));
    const made = await createEmbeddedBackup({
      engine,
      dbDir,
      out,
      stagingDir: dataDir,
      read: [READ_FINGERPRINT],
    });
    const placedDuring = load.placed() - placedBefore;
    await load.until(load.placed() + 10);
    await load.stop();
    // Guests kept ordering while the backup ran, and after it.
    expect(placedDuring).toBeGreaterThan(0);
    const atBackup = made.read[0] as Fingerprint;
    const ordersAtBackup = Number(atBackup.find((table) => table.name === 'public.orders')!.rowCount);
    expect(ordersAtBackup).toBeGreaterThanOrEqual(30);
    const now = await fingerprintOf((sql) => engine.query(sql));
    expect(Number(now.find((table) => table.name === 'public.orders')!.rowCount)).toBeGreaterThan(
      ordersAtBackup,
    );
    expect(await fs.readFile(out + CHECKSUM_SUFFIX, 'utf8')).toBe(`${made.sha256}  ${path.basename(out)}\n`);
    // Nothing but the backup and its checksum is left in the backup directory or the data directory.
    expect((await fs.readdir(backupDir)).sort()).toEqual([
      path.basename(out),
      path.basename(out) + CHECKSUM_SUFFIX,
    ]);
    expect((await fs.readdir(dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);

    // Into a fresh directory: every table as it was at the backup's instant.
    const restoredDir = await tempDir('bk13-restored-');
    const restored = await restoreEmbeddedBackup({ file: out, dataDir: restoredDir, force: false });
    expect(restored.setAside).toBeNull();
    const reopened = await PgliteWorkerClient.start({ dataDir: embeddedDirOf(restoredDir) });
    try {
      const fingerprint = await fingerprintOf((sql) => reopened.query(sql));
      expect(fingerprint.length).toBeGreaterThan(20);
      expect(fingerprint).toEqual(atBackup);
      // The backup's replication slot is not restored with it.
      expect((await reopened.query('SELECT slot_name FROM pg_replication_slots')).rows).toEqual([]);
    } finally {
      await reopened.close();
    }
    // …and none is left on the source either.
    expect((await engine.query('SELECT slot_name FROM pg_replication_slots')).rows).toEqual([]);

    // A damaged copy is refused before anything is touched.
    const damagedDir = await tempDir('bk13-damaged-');
    const damaged = await corruptCopyOf(out, damagedDir);
    const emptyDir = await tempDir('bk13-empty-');
    await expect(restoreEmbeddedBackup({ file: damaged, dataDir: emptyDir, force: false })).rejects.toThrow(
      /is damaged: its SHA-256 is [0-9a-f]{64}, its checksum file says/,
    );
    expect(await fs.readdir(emptyDir)).toEqual([]);
    await fs.rm(damaged + CHECKSUM_SUFFIX);
    await expect(restoreEmbeddedBackup({ file: damaged, dataDir: emptyDir, force: false })).rejects.toThrow(
      /\.sha256 is missing/,
    );

    // The restored directory now holds data: refused without --force, replaced (the old kept aside) with it.
    const refused = restoreEmbeddedBackup({ file: out, dataDir: restoredDir, force: false });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(/is not empty \(\d+ tables hold rows\): add --force/);
    const forced = await restoreEmbeddedBackup({ file: out, dataDir: restoredDir, force: true });
    expect(forced.setAside).toMatch(/pglite\.before-restore-/);
    expect((await fs.readdir(forced.setAside!)).includes('PG_VERSION')).toBe(true);

    // The backup is brotli; one made before brotli (the same tar, gzipped, named .tar.gz) still
    // restores, and so does a copy under any name: the file says what it is.
    expect(path.basename(out)).toMatch(/\.tar\.br$/);
    const tar = zlib.brotliDecompressSync(await fs.readFile(out));
    const olderDir = await tempDir('bk13-older-');
    for (const [name, bytes] of [
      [backupFileName('embedded', made.at).replace(/\.tar\.br$/, '.tar.gz'), zlib.gzipSync(tar)],
      ['tavolo-backup-copy', await fs.readFile(out)],
    ] as const) {
      const copy = path.join(olderDir, name);
      await fs.writeFile(copy, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await fs.writeFile(copy + CHECKSUM_SUFFIX, `${sha256}  ${name}\n`);
      const intoDir = await tempDir('bk13-from-older-');
      await restoreEmbeddedBackup({ file: copy, dataDir: intoDir, force: false });
      const opened = await PgliteWorkerClient.start({ dataDir: embeddedDirOf(intoDir) });
      try {
        expect(await fingerprintOf((sql) => opened.query(sql))).toEqual(atBackup);
      } finally {
        await opened.close();
      }
    }
    // Anything else is not a backup.
    const notOne = path.join(olderDir, 'notes.bin');
    await fs.writeFile(notOne, randomBytes(4096));
    await fs.writeFile(
      notOne + CHECKSUM_SUFFIX,
      `${createHash('sha256')
        .update(await fs.readFile(notOne))
        .digest('hex')}  notes.bin\n`,
    );
    await expect(restoreEmbeddedBackup({ file: notOne, dataDir: emptyDir, force: false })).rejects.toThrow(
      /is not a Tavolo backup/,
    );
  }, 180_000);
});

describe.runIf(onPostgres)('backups of a PostgreSQL database', () => {
  it('backs up under order load; the restore holds exactly the backup instant; a damaged file and a non-empty database are refused', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const backupDir = await tempDir('bk13-backups-');
    const source: Database = await createTestDatabase();
    const t = await createTestApp({ database: source, env: { ORDER_LIMIT_PER_TABLE: '100000' } });
    cleanups.push(async () => {
      await t.close();
      await source.close();
    });
    await source.pool!.query(CREATE_FINGERPRINT);
    const seeded = await seedBusyRestaurant(t);
    const sourceUrl = source.pool!.options.connectionString!;

    const load = orderLoad(t, seeded);
    await load.until(30);
    // pg_dump reads the snapshot of this transaction, which reads the fingerprint in it too.
    const reader = new pg.Client({ connectionString: sourceUrl });
    await reader.connect();
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const snapshot = (await reader.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const atBackup = await fingerprintOf((sql) => reader.query(sql));
    const placedBefore = load.placed();
    const out = path.join(backupDir, backupFileName('postgres', new Date()));
    await createPostgresBackup({ databaseUrl: sourceUrl, out, snapshot });
    const placedDuring = load.placed() - placedBefore;
    await reader.query('COMMIT');
    await reader.end();
    await load.until(load.placed() + 10);
    await load.stop();
    expect(placedDuring).toBeGreaterThan(0);
    const ordersAtBackup = Number(atBackup.find((table) => table.name === 'public.orders')!.rowCount);
    expect(ordersAtBackup).toBeGreaterThanOrEqual(30);

    // Into a fresh database of our own.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `bk13_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const targetUrl = withDatabase(url, name);
    await restorePostgresBackup({ file: out, databaseUrl: targetUrl, force: false });
    const target = wrapPool(new pg.Pool({ connectionString: targetUrl, max: 1 }));
    try {
      const fingerprint = await fingerprintOf((sql) => target.pool!.query(sql));
      expect(fingerprint.length).toBeGreaterThan(20);
      expect(fingerprint).toEqual(atBackup);
    } finally {
      await target.close();
    }

    // A damaged copy is refused; so is the non-empty database without --force.
    const damaged = await corruptCopyOf(out, await tempDir('bk13-damaged-'));
    await expect(
      restorePostgresBackup({ file: damaged, databaseUrl: targetUrl, force: false }),
    ).rejects.toThrow(/is damaged/);
    await expect(restorePostgresBackup({ file: out, databaseUrl: targetUrl, force: false })).rejects.toThrow(
      /is not empty \(\d+ tables hold rows\): add --force/,
    );
    const forced = await restorePostgresBackup({ file: out, databaseUrl: targetUrl, force: true });
    expect(forced.replacedRows).toBe(true);
  }, 180_000);
});
