import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BackupMade,
  backupFileName,
  backupTimeOf,
  CHECKSUM_SUFFIX,
  hashFile,
  listBackups,
  publishBackup,
  temporaryPathsOf,
  verifyBackup,
} from './backup-files';
import { createBackupKeeper } from './backup-schedule';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bk13-schedule-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A backup as the real makers write one: a temporary name, then renamed, its checksum beside it. */
async function writeBackup(file: string, content: string): Promise<BackupMade> {
  const { partial } = temporaryPathsOf(file);
  await fs.writeFile(partial, content);
  const sha256 = await hashFile(partial);
  await publishBackup(partial, file, sha256);
  return {
    file,
    at: backupTimeOf(path.basename(file))!,
    bytes: content.length,
    sha256,
    heldMs: 0,
    ms: 1,
    read: [],
  };
}

type Logged = { level: 'info' | 'error'; message: string };
function recordingLog() {
  const logged: Logged[] = [];
  return {
    logged,
    log: {
      info: (_object: object, message: string) => void logged.push({ level: 'info', message }),
      error: (_object: object, message: string) => void logged.push({ level: 'error', message }),
    },
  };
}

async function waitFor(condition: () => boolean | Promise<boolean>, withinMs = 10_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('backup files', () => {
  it('names a backup by its time, which the name gives back', () => {
    const at = new Date('2026-11-27T23:05:00.123Z');
    expect(backupFileName('embedded', at)).toBe('tavolo-2026-11-27T23-05-00-123Z.tar.br');
    expect(backupFileName('postgres', at)).toBe('tavolo-2026-11-27T23-05-00-123Z.pgdump');
    expect(backupTimeOf(backupFileName('embedded', at))).toEqual(at);
    // Those made before brotli keep their place among the backups.
    expect(backupTimeOf('tavolo-2026-11-27T23-05-00-123Z.tar.gz')).toEqual(at);
    expect(backupTimeOf('tavolo-2026-11-27T23-05-00-123Z.tar.br.sha256')).toBeNull();
    expect(backupTimeOf('.tavolo-2026-11-27T23-05-00-123Z.tar.br.partial')).toBeNull();
    expect(backupTimeOf('notes.txt')).toBeNull();
  });

  it('counts a backup only with its checksum, and checks it', async () => {
    const dir = await tempDir();
    const file = path.join(dir, backupFileName('embedded', new Date()));
    await writeBackup(file, 'the data');
    expect(await listBackups(dir)).toHaveLength(1);
    expect(await verifyBackup(file)).toBe(await hashFile(file));
    await fs.appendFile(file, '!');
    await expect(verifyBackup(file)).rejects.toThrow(/is damaged/);
    await fs.writeFile(file + CHECKSUM_SUFFIX, 'not a checksum\n');
    await expect(verifyBackup(file)).rejects.toThrow(/does not hold a SHA-256 checksum/);
    await fs.rm(file + CHECKSUM_SUFFIX);
    await expect(verifyBackup(file)).rejects.toThrow(/\.sha256 is missing/);
    expect(await listBackups(dir)).toEqual([]);
  });
});

describe('backups made by hand', () => {
  it('on PostgreSQL (no automatic backups), one made by another process shows once the directory is read again', async () => {
    const dir = await tempDir();
    const keeper = createBackupKeeper({
      dir,
      intervalMs: null,
      keep: 3,
      kind: 'postgres',
      make: () => Promise.reject(new Error('not this process')),
      log: recordingLog().log,
      rereadEveryMs: 20,
    });
    cleanups.push(() => keeper.stop());
    await keeper.start();
    expect(keeper.status()).toEqual({
      automatic: false,
      lastAt: null,
      nextAt: null,
      lastAttemptFailed: false,
      lastFailure: null,
      runningSince: null,
    });
    // `npm run backup` from a cron job, say.
    const made = await writeBackup(path.join(dir, backupFileName('postgres', new Date())), 'dumped');
    await waitFor(() => keeper.status().lastAt !== null);
    expect(keeper.status().lastAt).toEqual(made.at);
  });
});

describe('automatic backups', () => {
  it('backs up every interval, keeps the newest few, and says when the last was made', async () => {
    const dir = await tempDir();
    const { log, logged } = recordingLog();
    const keeper = createBackupKeeper({
      dir,
      intervalMs: 40,
      keep: 3,
      kind: 'embedded',
      make: (out) => writeBackup(out, `backup ${out}`),
      log,
    });
    cleanups.push(() => keeper.stop());
    expect(keeper.status()).toMatchObject({ automatic: true, lastAt: null });
    await keeper.start();
    expect(keeper.status().nextAt).not.toBeNull();
    await waitFor(() => logged.filter((entry) => entry.message.startsWith('backup made')).length >= 5);
    keeper.stop();
    const kept = await listBackups(dir);
    expect(kept).toHaveLength(3);
    expect(keeper.status().lastAt).toEqual(kept.at(-1)!.at);
    // The backups pruned went with their checksums.
    expect((await fs.readdir(dir)).length).toBe(6);
    expect(logged.some((entry) => entry.level === 'error')).toBe(false);
  });

  it('logs a failed backup and tries again later, serving on', async () => {
    const dir = await tempDir();
    const { log, logged } = recordingLog();
    let attempts = 0;
    const keeper = createBackupKeeper({
      dir,
      intervalMs: 40,
      keep: 3,
      kind: 'embedded',
      make: async (out) => {
        attempts++;
        if (attempts <= 2) throw new Error('the disk is full');
        return writeBackup(out, 'at last');
      },
      log,
    });
    cleanups.push(() => keeper.stop());
    await keeper.start();
    await waitFor(() => attempts >= 2);
    expect(keeper.status()).toMatchObject({ lastAt: null, lastAttemptFailed: true });
    expect(logged.filter((entry) => entry.level === 'error').map((entry) => entry.message)).toContain(
      'backup failed; the server goes on',
    );
    await waitFor(() => keeper.status().lastAt !== null);
    expect(keeper.status().lastAttemptFailed).toBe(false);
    expect(await listBackups(dir)).toHaveLength(1);
  });

  it('takes one backup at a time, and waits for the interval after the newest one found at start', async () => {
    const dir = await tempDir();
    const recent = await writeBackup(path.join(dir, backupFileName('embedded', new Date())), 'recent');
    // What a backup killed halfway leaves behind is removed at start.
    await fs.writeFile(
      temporaryPathsOf(path.join(dir, backupFileName('embedded', new Date()))).partial,
      'cut',
    );
    await fs.mkdir(temporaryPathsOf(path.join(dir, backupFileName('embedded', new Date()))).staging);
    let running = 0;
    let mostAtOnce = 0;
    const keeper = createBackupKeeper({
      dir,
      intervalMs: 3_600_000,
      keep: 10,
      kind: 'embedded',
      make: async (out) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        return writeBackup(out, 'asked for');
      },
      log: recordingLog().log,
    });
    cleanups.push(() => keeper.stop());
    await keeper.start();
    expect((await fs.readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(keeper.status().lastAt).toEqual(recent.at);
    expect(keeper.status().nextAt!.getTime()).toBeGreaterThanOrEqual(recent.at.getTime() + 3_600_000);
    const elsewhere = path.join(await tempDir(), 'copy.tar.br');
    const [first, second, third] = await Promise.all([
      keeper.backUpNow(),
      keeper.backUpNow(elsewhere),
      keeper.backUpNow(),
    ]);
    expect(mostAtOnce).toBe(1);
    expect(second.file).toBe(elsewhere);
    expect(await listBackups(dir)).toHaveLength(3);
    expect(keeper.status().lastAt).toEqual(third.at);
    expect(first.at.getTime()).toBeLessThanOrEqual(third.at.getTime());
  });
});
