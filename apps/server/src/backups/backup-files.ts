// Backup files on disk (decision 043): their names, the SHA-256 beside each (`<file>.sha256`, in
// `sha256sum`'s format, so `sha256sum -c` checks it too), writing under a temporary name then
// renaming, and keeping the newest few. A backup counts once its checksum file exists: it is
// renamed into place last.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/** A refusal or failure the commands print as it is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';

  constructor(
    message: string,
    /** What the owner's screen may say of it (never the message, which names paths). */
    readonly reason?: 'tools_missing',
  ) {
    super(message);
  }
}

export type BackupKind = 'embedded' | 'postgres';

export type BackupMade = {
  file: string;
  at: Date;
  bytes: number;
  sha256: string;
  /** How long the database waited while its files were copied. */
  heldMs: number;
  ms: number;
  /** The rows of the extra queries run at the snapshot's instant. */
  read: Record<string, unknown>[][];
};

const EXTENSION: Record<BackupKind, string> = { embedded: '.tar.br', postgres: '.pgdump' };
/** The embedded database's backups were .tar.gz before brotli: still listed, kept and restored. */
const NAME = /^tavolo-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(?:tar\.br|tar\.gz|pgdump)$/;
/** What a backup in progress leaves behind when it is killed: removed at the next start. */
const LEFTOVER = /^\.tavolo-.*\.(partial|staging)$/;
export const CHECKSUM_SUFFIX = '.sha256';
/** The first entry of an embedded database's backup: what it is and which Tavolo made it. */
export const BACKUP_MANIFEST = 'tavolo-backup.json';

/** tavolo-2026-11-27T23-05-00-123Z.tar.br: sorts by time, and says when without opening it. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `tavolo-${at.toISOString().replace(/[:.]/g, '-')}${EXTENSION[kind]}`;
}

/** When the backup named `name` was made, or null for a name that is not a backup's. */
export function backupTimeOf(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, date, h, m, s, ms] = match;
  const at = new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export type BackupFile = { file: string; at: Date };

/** The complete backups in `dir` (file and checksum both there), oldest first; none if it does not exist. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const present = new Set(names);
  return names
    .flatMap((name) => {
      const at = backupTimeOf(name);
      return at && present.has(name + CHECKSUM_SUFFIX) ? [{ file: path.join(dir, name), at }] : [];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The complete backups in `dir` with their sizes, newest first: what the owner's screen lists. */
export async function listBackupSizes(dir: string): Promise<{ name: string; at: Date; bytes: number }[]> {
  const backups = await listBackups(dir);
  const sized = await Promise.all(
    backups.map(async ({ file, at }) => {
      // Pruned between the listing and here: left out.
      const stat = await fs.stat(file).catch(() => null);
      return stat ? [{ name: path.basename(file), at, bytes: stat.size }] : [];
    }),
  );
  return sized.flat().reverse();
}

/** Deletes all but the newest `keep` backups; answers the files deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep)).map(({ file }) => file);
  for (const file of old) {
    // The checksum first: a backup without one no longer counts, even if deleting the file fails.
    await fs.rm(file + CHECKSUM_SUFFIX, { force: true });
    await fs.rm(file, { force: true });
  }
  return old;
}

/** Removes what interrupted backups left in `dir` (temporary files and copies). */
export async function removeLeftovers(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const leftovers = names.filter((name) => LEFTOVER.test(name)).map((name) => path.join(dir, name));
  for (const leftover of leftovers) await fs.rm(leftover, { recursive: true, force: true });
  return leftovers;
}

/** The temporary names a backup to `file` is written under before it is renamed into place. */
export function temporaryPathsOf(file: string): { partial: string; staging: string } {
  const dir = path.dirname(file);
  const name = path.basename(file);
  return { partial: path.join(dir, `.${name}.partial`), staging: path.join(dir, `.${name}.staging`) };
}

/** SHA-256 of a file, as hex, read as a stream. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts a finished backup in place: `partial` (already written) becomes `file`, and its checksum
 * `sha256` goes beside it, each flushed to disk and renamed, the checksum last.
 */
export async function publishBackup(partial: string, file: string, sha256: string): Promise<void> {
  const checksum = file + CHECKSUM_SUFFIX;
  const checksumPartial = `${temporaryPathsOf(file).partial}${CHECKSUM_SUFFIX}`;
  await syncFile(partial);
  await fs.writeFile(checksumPartial, `${sha256}  ${path.basename(file)}\n`, { mode: 0o600 });
  await syncFile(checksumPartial);
  // Another backup by this name (an --out given twice) stops counting before it is replaced.
  await fs.rm(checksum, { force: true });
  await fs.rename(partial, file);
  await fs.rename(checksumPartial, checksum);
  // The renames themselves last through a power cut once the directory is flushed.
  await syncFile(path.dirname(file)).catch(() => {});
}

/**
 * Checks `file` against the SHA-256 in `file.sha256`; throws a BackupError saying what is wrong
 * (no checksum file, a malformed one, or a mismatch), else answers the checksum.
 */
export async function verifyBackup(file: string): Promise<string> {
  let expected: string;
  try {
    expected = await fs.readFile(file + CHECKSUM_SUFFIX, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        `${file}${CHECKSUM_SUFFIX} is missing: a backup is restored only with its checksum file beside it`,
      );
    throw error;
  }
  const match = /^([0-9a-f]{64})\s/.exec(expected);
  if (!match) throw new BackupError(`${file}${CHECKSUM_SUFFIX} does not hold a SHA-256 checksum`);
  const actual = await hashFile(file);
  if (actual !== match[1])
    throw new BackupError(
      `${file} is damaged: its SHA-256 is ${actual}, its checksum file says ${match[1]}. Nothing was restored.`,
    );
  return actual;
}

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isGzip = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

/** True for a file in gzip (the embedded database's backups made before brotli). */
export async function startsWithGzip(file: string): Promise<boolean> {
  return isGzip(await firstBytes(file, 2));
}

/**
 * What kind of backup a file is, from its first bytes: pg_dump's magic, gzip's, or (brotli has no
 * magic) a brotli stream whose first tar entry is the backup's manifest.
 */
export async function sniffBackupKind(file: string): Promise<'embedded' | 'postgres' | null> {
  const head = await firstBytes(file, 5);
  if (isGzip(head)) return 'embedded';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  // A tar entry's name is the first 100 bytes of its header, NUL-padded.
  const start = await firstBrotliBytes(file, 100);
  return start?.toString('latin1').replace(/\0+$/, '') === BACKUP_MANIFEST ? 'embedded' : null;
}

/** The first `length` bytes of the brotli stream in `file`, or null when it is not one. */
async function firstBrotliBytes(file: string, length: number): Promise<Buffer | null> {
  const input = createReadStream(file, { highWaterMark: 16 * 1024 });
  const output = input.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes >= length) break;
    }
    return Buffer.concat(chunks).subarray(0, length);
  } catch {
    return null;
  } finally {
    input.destroy();
    output.destroy();
  }
}
