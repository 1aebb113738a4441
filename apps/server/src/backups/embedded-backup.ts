// Backups of the embedded database (decision 043), made while it serves with PostgreSQL's own
// online backup: pg_backup_start (a checkpoint), the data directory's files copied while orders
// keep coming in (a page torn by a write during the copy is rewritten from the log), pg_backup_stop,
// then the log from start to stop copied beside them with the backup_label that says where
// replaying starts. A replication slot holds that log on disk meanwhile. The copy is packed as a
// brotli-compressed tar — `tavolo-backup.json` and `pglite/` — with its SHA-256 beside it. Copying
// and packing run in a process of their own at a lower CPU priority (backup-packer.ts). A restore
// checks the checksum, unpacks into a fresh directory, opens it (PostgreSQL replays the log to the
// backup's end: every commit before pg_backup_stop, none after), migrates it, then puts it in place.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract as extractTar } from 'tar';
import { migrateDatabase, migrationsFolder, wrapPglite } from '../db/client';
import { type EmbeddedClient, PgliteWorkerClient } from '../db/pglite-worker-client';
import {
  BACKUP_MANIFEST,
  BackupError,
  type BackupMade,
  publishBackup,
  sniffBackupKind,
  startsWithGzip,
  temporaryPathsOf,
  verifyBackup,
} from './backup-files';
import { runBackupPacker } from './backup-packer-client';
import { findTablesWithRows, LATEST_MIGRATION_SQL } from './database-contents';

const MANIFEST = BACKUP_MANIFEST;
const DATA = 'pglite';
/** Keeps the log between pg_backup_start and pg_backup_stop from being recycled by a checkpoint. */
const SLOT = 'tavolo_backup';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export type BackupManifest = {
  format: 'tavolo-backup';
  version: 1;
  kind: 'embedded';
  createdAt: string;
  /** The newest migration the database had (drizzle's journal "when"), null before any. */
  migration: number | null;
};

/** Where the embedded database of a data directory keeps its files. */
export function embeddedDirOf(dataDir: string): string {
  return path.join(dataDir, DATA);
}

/**
 * The decompressor for a backup: gzip for those made before brotli (version 1's .tar.gz, which
 * starts with gzip's magic bytes), brotli otherwise.
 */
async function createBackupDecompressor(file: string): Promise<Transform> {
  return (await startsWithGzip(file)) ? zlib.createGunzip() : zlib.createBrotliDecompress();
}

/** Drops the backup's replication slot, if a backup killed before its end left it. */
export async function dropBackupSlot(engine: Pick<EmbeddedClient, 'query'>): Promise<void> {
  await engine.query(
    `SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '${SLOT}'`,
  );
}

/**
 * Writes a backup of the embedded database `engine`, stored in `dbDir`, to `out`, while it serves.
 * The files are copied into `stagingDir` (on the database's own disk, where copying is fastest)
 * and packed from there. `read` runs at the backup's instant (in the transaction that ends it):
 * tests compare its rows with the restored copy's.
 */
export async function createEmbeddedBackup(options: {
  engine: Pick<EmbeddedClient, 'query' | 'transaction'>;
  dbDir: string;
  out: string;
  stagingDir: string;
  read?: string[];
}): Promise<BackupMade> {
  const { engine } = options;
  const startedAt = performance.now();
  const { partial } = temporaryPathsOf(options.out);
  const staging = path.join(options.stagingDir, path.basename(temporaryPathsOf(options.out).staging));
  const copy = path.join(staging, DATA);
  await fs.mkdir(path.dirname(options.out), { recursive: true, mode: 0o700 });
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  let started = false;
  let stopped = false;
  try {
    await dropBackupSlot(engine);
    await engine.query(`SELECT pg_create_physical_replication_slot('${SLOT}', true)`);
    // A fast checkpoint: the one pause of the database (a fraction of a second).
    const heldFrom = performance.now();
    const first = (
      await engine.query<{ first: string }>(
        "SELECT pg_walfile_name(lsn) AS first FROM pg_backup_start('tavolo', true) AS lsn",
      )
    ).rows[0]!.first;
    let heldMs = performance.now() - heldFrom;
    started = true;
    await runBackupPacker({ kind: 'copy', from: options.dbDir, into: copy });

    // The backup's instant: what `read` sees is what the restored copy holds (no other statement
    // runs inside this transaction, and pg_backup_stop ends the log segment the backup needs).
    const stopFrom = performance.now();
    const { stop, migration, read } = await engine.transaction(async (tx) => {
      const migrationRows = (await tx.query<{ migration: string | null }>(LATEST_MIGRATION_SQL)).rows;
      const answers: Record<string, unknown>[][] = [];
      for (const query of options.read ?? [])
        answers.push((await tx.query<Record<string, unknown>>(query)).rows);
      const stopRows = await tx.query<{ last: string; labelfile: string }>(
        'SELECT pg_walfile_name(lsn) AS last, labelfile FROM pg_backup_stop(false)',
      );
      return { stop: stopRows.rows[0]!, migration: migrationRows[0]?.migration ?? null, read: answers };
    });
    stopped = true;
    const at = new Date();
    heldMs += performance.now() - stopFrom;
    await fs.writeFile(path.join(copy, 'backup_label'), stop.labelfile);
    const wal = path.join(options.dbDir, 'pg_wal');
    for (const segment of (await fs.readdir(wal)).sort()) {
      if (WAL_SEGMENT.test(segment) && segment >= first && segment <= stop.last)
        await fs.copyFile(path.join(wal, segment), path.join(copy, 'pg_wal', segment));
    }
    await dropBackupSlot(engine);

    const manifest: BackupManifest = {
      format: 'tavolo-backup',
      version: 1,
      kind: 'embedded',
      createdAt: at.toISOString(),
      migration: migration === null ? null : Number(migration),
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const { sha256, bytes } = await runBackupPacker({
      kind: 'pack',
      staging,
      entries: [MANIFEST, DATA],
      out: partial,
    });
    await publishBackup(partial, options.out, sha256);
    return { file: options.out, at, bytes, sha256, heldMs, ms: performance.now() - startedAt, read };
  } catch (error) {
    await fs.rm(partial, { force: true });
    // Leave the database as it was: out of backup mode, and no slot holding its log.
    if (started && !stopped) await engine.query('SELECT pg_backup_stop(false)').catch(() => {});
    await dropBackupSlot(engine).catch(() => {});
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The newest migration this app has (drizzle's journal). */
export async function latestAppMigration(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Opens the embedded database stored in `dir` (which must hold one), runs `use`, closes it. */
async function withEmbeddedDatabase<T>(
  dir: string,
  use: (database: ReturnType<typeof wrapPglite>) => Promise<T>,
): Promise<T> {
  const database = wrapPglite(await PgliteWorkerClient.start({ dataDir: dir }));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

export type EmbeddedRestore = {
  manifest: BackupManifest;
  /** Where the database that was there before now is, when it held data; null when there was none. */
  setAside: string | null;
  ms: number;
};

/**
 * Restores the backup `file` into the data directory `dataDir` (no server may have it open: the
 * caller checks). Refuses a file whose checksum fails, a PostgreSQL backup, a backup made by a
 * newer Tavolo, and a database that holds data unless `force` (then it is kept aside, renamed).
 */
export async function restoreEmbeddedBackup(options: {
  file: string;
  dataDir: string;
  force: boolean;
}): Promise<EmbeddedRestore> {
  const startedAt = performance.now();
  const { file, dataDir } = options;
  await verifyBackup(file);
  const kind = await sniffBackupKind(file);
  if (kind === 'postgres')
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the database to restore into`,
    );
  if (kind !== 'embedded') throw new BackupError(`${file} is not a Tavolo backup`);

  const target = embeddedDirOf(dataDir);
  const targetHolds = await exists(path.join(target, 'PG_VERSION'));
  let tablesWithRows: string[] = [];
  if (targetHolds) {
    tablesWithRows = await withEmbeddedDatabase(target, (database) => findTablesWithRows(database.db));
    if (tablesWithRows.length > 0 && !options.force)
      throw new BackupError(
        `the embedded database in ${target} is not empty (${tablesWithRows.length} tables hold rows): add --force to replace it (it is kept aside, renamed, not deleted)`,
      );
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const work = path.join(dataDir, `.tavolo-restore-${stamp}.staging`);
  await fs.mkdir(work, { recursive: true, mode: 0o700 });
  try {
    // Node's brotli (or gunzip, every member of the file), on libuv's threads, then tar.
    await pipeline(
      createReadStream(file),
      await createBackupDecompressor(file),
      extractTar({
        cwd: work,
        strict: true,
        // Only what a backup holds; tar already refuses absolute paths and `..`.
        filter: (entry) => entry === MANIFEST || entry === DATA || entry.startsWith(`${DATA}/`),
      }),
    ).catch((error: Error) => {
      throw new BackupError(`${file} cannot be unpacked (${error.message}): nothing was restored`);
    });
    const manifest = await readManifest(path.join(work, MANIFEST));
    const restored = path.join(work, DATA);
    if (!(await exists(path.join(restored, 'PG_VERSION'))))
      throw new BackupError(`${file} holds no embedded database`);
    const appMigration = await latestAppMigration();
    if (manifest.migration !== null && manifest.migration > appMigration)
      throw new BackupError(
        `${file} was made by a newer Tavolo (its database has migrations this version does not know): update Tavolo first`,
      );
    // Opening replays the log from the last checkpoint; then the backup catches up with this version.
    await withEmbeddedDatabase(restored, (database) => migrateDatabase(database));

    let setAside: string | null = null;
    if (targetHolds) {
      if (tablesWithRows.length > 0) {
        setAside = `${target}.before-restore-${stamp}`;
        await fs.rename(target, setAside);
      } else {
        await fs.rm(target, { recursive: true, force: true });
      }
    }
    await fs.mkdir(dataDir, { recursive: true });
    await fs.rename(restored, target);
    return { manifest, setAside, ms: performance.now() - startedAt };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`the backup has no readable ${MANIFEST}: it is not a Tavolo backup`);
  }
  if (manifest.format !== 'tavolo-backup' || manifest.kind !== 'embedded' || manifest.version !== 1)
    throw new BackupError(`the backup's ${MANIFEST} is not one this version of Tavolo reads`);
  return manifest as BackupManifest;
}
