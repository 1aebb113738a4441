// Backups of a PostgreSQL database through PostgreSQL's own tools (decision 043): pg_dump's custom
// format (compressed, one consistent snapshot, read by pg_restore) with its SHA-256 beside it. A
// restore checks the checksum, empties the database (refusing one that holds rows without force),
// restores in one transaction and migrates. The database is Tavolo's alone: a restore replaces all of it.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, wrapPool } from '../db/client';
import {
  BackupError,
  type BackupMade,
  hashFile,
  publishBackup,
  sniffBackupKind,
  temporaryPathsOf,
  verifyBackup,
} from './backup-files';
import { findTablesWithRows } from './database-contents';

/**
 * The URL without its password, and the environment that gives the tools the password instead:
 * a command line is visible to every user of the machine (`ps`), the environment is not.
 */
function connectionFor(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs one of PostgreSQL's client tools; its error output becomes the error's message. */
async function runTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: backups on PostgreSQL use PostgreSQL's client tools. Install them in the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq) and put them on PATH`,
              'tools_missing',
            )
          : error,
      );
    });
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** Whether pg_dump can be run here (`pg_dump --version` answers): the screen says so before a click. */
export function canRunPgDump(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('pg_dump', ['--version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * Writes a pg_dump backup of `databaseUrl` to `out`. `snapshot` (an exported snapshot's id) makes
 * it read exactly what a transaction of the caller sees (tests compare the two).
 */
export async function createPostgresBackup(options: {
  databaseUrl: string;
  out: string;
  snapshot?: string;
}): Promise<BackupMade> {
  const startedAt = performance.now();
  const at = new Date();
  const { partial } = temporaryPathsOf(options.out);
  await fs.mkdir(path.dirname(options.out), { recursive: true, mode: 0o700 });
  const { url, env } = connectionFor(options.databaseUrl);
  try {
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--file=${partial}`,
        ...(options.snapshot ? [`--snapshot=${options.snapshot}`] : []),
        `--dbname=${url}`,
      ],
      env,
    );
    await fs.chmod(partial, 0o600);
    const sha256 = await hashFile(partial);
    const { size } = await fs.stat(partial);
    await publishBackup(partial, options.out, sha256);
    const ms = performance.now() - startedAt;
    return { file: options.out, at, bytes: size, sha256, heldMs: 0, ms, read: [] };
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Restores the pg_dump backup `file` into `databaseUrl`: refuses a file whose checksum fails, an
 * embedded backup, and a database that holds rows unless `force`; then drops what the database
 * had (its public and drizzle schemas), restores in one transaction and runs the migrations.
 */
export async function restorePostgresBackup(options: {
  file: string;
  databaseUrl: string;
  force: boolean;
}): Promise<{ ms: number; replacedRows: boolean }> {
  const startedAt = performance.now();
  const { file } = options;
  await verifyBackup(file);
  const kind = await sniffBackupKind(file);
  if (kind === 'embedded')
    throw new BackupError(
      `${file} is a backup of the embedded database: restore it without DATABASE_URL (into TAVOLO_DATA_DIR)`,
    );
  if (kind !== 'postgres') throw new BackupError(`${file} is not a Tavolo backup`);

  const database = wrapPool(new pg.Pool({ connectionString: options.databaseUrl, max: 1 }));
  try {
    const tablesWithRows = await findTablesWithRows(database.db);
    if (tablesWithRows.length > 0 && !options.force)
      throw new BackupError(
        `the database is not empty (${tablesWithRows.length} tables hold rows): add --force to replace what it holds`,
      );
    // pg_restore recreates every schema and table: what the database had (rows, or only the tables
    // of a server that started on it) goes first, every schema but PostgreSQL's own, in one transaction.
    await database.pool!.query(`DO $$
      DECLARE s text;
      BEGIN
        FOR s IN SELECT nspname FROM pg_namespace
          WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
        LOOP
          EXECUTE format('DROP SCHEMA %I CASCADE', s);
        END LOOP;
        CREATE SCHEMA public;
      END $$`);
    const { url, env } = connectionFor(options.databaseUrl);
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
      env,
    );
    await migrateDatabase(database);
    return { ms: performance.now() - startedAt, replacedRows: tablesWithRows.length > 0 };
  } finally {
    await database.close();
  }
}
