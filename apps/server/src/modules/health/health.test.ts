import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { healthEndpoints } from '@tavolo/contract/health';
import { RELEASE_HEADER } from '@tavolo/contract/values/health';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, errorOf, injectApi, type TestApp } from '../../../test/helpers';
import { withDatabase } from '../../../test/template';
import { backupFileName, CHECKSUM_SUFFIX } from '../../backups/backup-files';
import { createBackupKeeper } from '../../backups/backup-schedule';
import { type Database, wrapPool } from '../../db/client';
import { HEALTH_TIMEOUT_MS } from './health.service';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app on a database of its own, which the test may then break. */
async function appOn(database: Database): Promise<TestApp> {
  const t = await createTestApp({ database });
  cleanups.push(async () => {
    // Closing a database that is already gone may fail; the test is about what came before.
    await t.close().catch(() => {});
    await database.close().catch(() => {});
  });
  return t;
}

async function expectOk(t: TestApp) {
  const response = await injectApi(t.app, healthEndpoints.health);
  expect(response.statusCode).toBe(200);
  // No web build here (API only): no release to name.
  expect(response.json()).toMatchObject({ status: 'ok', release: null });
  expect(response.headers[RELEASE_HEADER]).toBeUndefined();
}

async function expectUnavailable(t: TestApp) {
  const response = await injectApi(t.app, healthEndpoints.health);
  expect(response.statusCode).toBe(503);
  expect(errorOf(response)).toEqual({ code: 'UNAVAILABLE', message: 'The database is not reachable' });
}

/** The name of a test database on PostgreSQL (its pool was made from a URL). */
function databaseName(database: Database): string {
  return new URL(database.pool!.options.connectionString!).pathname.slice(1);
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /api/health', () => {
  it('answers 503 UNAVAILABLE once the database is gone', async () => {
    const database = await createTestDatabase();
    const t = await appOn(database);
    await expectOk(t);
    if (database.kind === 'pglite') {
      await database.pglite!.close();
    } else {
      // Stop the database under the running app: its connections are cut and it no longer exists.
      const url = process.env.TEST_DATABASE_URL!;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE ${databaseName(database)} WITH (FORCE)`);
      await admin.end();
    }
    await expectUnavailable(t);
  });

  it('answers 503 UNAVAILABLE when the database server cannot be reached', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/tavolo`,
    });
    await expectUnavailable(await appOn(wrapPool(pool)));
  });

  it(`answers 503 UNAVAILABLE when the database does not answer within ${HEALTH_TIMEOUT_MS} ms`, async () => {
    const database = await createTestDatabase();
    // Hold the database's only way in: PGlite's one connection (a transaction that does not end), or
    // a one-connection pool's client on PostgreSQL. SELECT 1 then waits, as on a stalled server.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let t: TestApp;
    if (database.kind === 'pglite') {
      t = await appOn(database);
      await expectOk(t);
      await new Promise<void>((resolve) => {
        void database.pglite!.transaction(async () => {
          resolve();
          await held;
        });
      });
    } else {
      cleanups.push(() => database.close());
      const url = withDatabase(process.env.TEST_DATABASE_URL!, databaseName(database));
      const busy = wrapPool(new pg.Pool({ connectionString: url, max: 1 }));
      t = await appOn(busy);
      await expectOk(t);
      const client = await busy.pool!.connect();
      void held.then(() => client.release());
    }
    cleanups.push(async () => release());
    const startedAt = performance.now();
    await expectUnavailable(t);
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(HEALTH_TIMEOUT_MS + 1500);
  });

  it('says when the last backup was made and when the next is due, and stays ok while backups fail', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bk13-health-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    // A backup made an hour ago (with its checksum), and one whose checksum never arrived.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const made = path.join(dir, backupFileName('embedded', hourAgo));
    await fs.writeFile(made, 'backup');
    await fs.writeFile(made + CHECKSUM_SUFFIX, 'checksum');
    await fs.writeFile(
      path.join(dir, backupFileName('embedded', new Date(Date.now() - 60_000))),
      'cut short',
    );
    const log = { info: () => {}, error: () => {} };
    const failing = createBackupKeeper({
      dir,
      intervalMs: 3_600_000,
      keep: 3,
      kind: 'embedded',
      make: async () => {
        throw new Error('the disk is full');
      },
      log,
    });
    await failing.start();
    cleanups.push(async () => failing.stop());
    const t = await createTestApp({ backups: failing });
    cleanups.push(() => t.close());
    const response = await injectApi(t.app, healthEndpoints.health);
    expect(response.statusCode).toBe(200);
    const { backup } = response.json();
    expect(backup).toMatchObject({
      automatic: true,
      lastAt: hourAgo.toISOString(),
      lastAttemptFailed: false,
    });
    // Overdue: the next one comes a minute after start.
    expect(Date.parse(backup.nextAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(backup.nextAt) - Date.now()).toBeLessThanOrEqual(60_000);

    await expect(failing.backUpNow()).rejects.toThrow('the disk is full');
    const afterFailure = await injectApi(t.app, healthEndpoints.health);
    expect(afterFailure.statusCode).toBe(200);
    expect(afterFailure.json().backup).toMatchObject({
      lastAt: hourAgo.toISOString(),
      lastAttemptFailed: true,
    });
  });
});
