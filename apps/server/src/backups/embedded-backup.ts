// Backups of the embedded database (decision 043): the data directory copied between two commits
// (db/pglite-snapshot.ts), then packed as a gzipped tar — `tavolo-backup.json` and `pglite/` — with
// its SHA-256 beside it. A restore checks the checksum, unpacks into a fresh directory, opens it
// (PostgreSQL replays its log, as after a crash), migrates it, and only then puts it in place.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar, extract as extractTar } from 'tar';
import { migrateDatabase, migrationsFolder, wrapPglite } from '../db/client';
import { PgliteWorkerClient } from '../db/pglite-worker-client';
import {
  BackupError,
  type BackupMade,
  publishBackup,
  sniffBackupKind,
  temporaryPathsOf,
  verifyBackup,
} from './backup-files';
import { findTablesWithRows, LATEST_MIGRATION_SQL } from './database-contents';

const MANIFEST = 'tavolo-backup.json';
const DATA = 'pglite';
/**
 * gzip's fastest level: a data directory is mostly pages half empty and indexes, which level 1
 * already shrinks several times; higher levels cost several times the CPU the server is using.
 */
const GZIP_LEVEL = 1;

/** Copies the database's files into `into` between two commits, running `queries` in that instant. */
export type Snapshot = (into: string, queries: string[]) => Promise<Record<string, unknown>[][]>;

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
 * Writes a backup of the embedded database to `out`: copied into `stagingDir` (on the database's
 * own disk, where copying is fastest) at one instant, then packed, checksummed and renamed into
 * place. `read` runs at the snapshot's instant too (tests compare it with the restored copy).
 */
export async function createEmbeddedBackup(options: {
  snapshot: Snapshot;
  out: string;
  stagingDir: string;
  read?: string[];
}): Promise<BackupMade> {
  const startedAt = performance.now();
  const at = new Date();
  const { partial } = temporaryPathsOf(options.out);
  const staging = path.join(options.stagingDir, path.basename(temporaryPathsOf(options.out).staging));
  await fs.mkdir(path.dirname(options.out), { recursive: true, mode: 0o700 });
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const heldFrom = performance.now();
    const [migrationRows, ...read] = await options.snapshot(path.join(staging, DATA), [
      LATEST_MIGRATION_SQL,
      ...(options.read ?? []),
    ]);
    const heldMs = performance.now() - heldFrom;
    const migration = migrationRows?.[0]?.migration;
    const manifest: BackupManifest = {
      format: 'tavolo-backup',
      version: 1,
      kind: 'embedded',
      createdAt: at.toISOString(),
      migration: migration == null ? null : Number(migration),
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      createTar({ gzip: { level: GZIP_LEVEL }, cwd: staging, portable: true }, [MANIFEST, DATA]),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(partial, { mode: 0o600 }),
    );
    const sha256 = hash.digest('hex');
    await publishBackup(partial, options.out, sha256);
    return { file: options.out, at, bytes, sha256, heldMs, ms: performance.now() - startedAt, read };
  } catch (error) {
    await fs.rm(partial, { force: true });
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
    await extractTar({
      file,
      cwd: work,
      strict: true,
      // Only what a backup holds; tar already refuses absolute paths and `..`.
      filter: (entry) => entry === MANIFEST || entry === DATA || entry.startsWith(`${DATA}/`),
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
