// Automatic backups while the server runs (decision 043): every TAVOLO_BACKUP_HOURS into
// TAVOLO_BACKUP_DIR, the newest TAVOLO_BACKUP_KEEP kept. One backup at a time, automatic or asked
// for (`npm run backup` through the control socket); a failure is logged and tried again later,
// and serving goes on. /api/health says when the last one was made.
import path from 'node:path';
import type { BackupMade } from './backup-files';
import {
  BackupError,
  backupFileName,
  listBackupSizes,
  listBackups,
  pruneBackups,
  removeLeftovers,
} from './backup-files';

/** A fresh server waits this long before its first backup (when none is due sooner): start-up first. */
const FIRST_BACKUP_DELAY_MS = 60_000;
/** A failed backup is tried again after this long, or after the interval when that is shorter. */
const RETRY_DELAY_MS = 10 * 60_000;
/**
 * Without automatic backups (PostgreSQL), `npm run backup` from a cron job writes them from another
 * process: the backup directory is read again this often for what /api/health says.
 */
const REREAD_EVERY_MS = 60_000;

export type BackupStatus = {
  /** Whether this instance makes backups on its own (the embedded database, interval set). */
  automatic: boolean;
  /** The newest complete backup in the backup directory. */
  lastAt: Date | null;
  /** When the next automatic one is due. */
  nextAt: Date | null;
  /** Whether the last attempt failed (the log says why). */
  lastAttemptFailed: boolean;
  /** Why, in a word the owner's screen may show. */
  lastFailure: 'tools_missing' | 'failed' | null;
  /** Since when a backup has been under way (null: none). */
  runningSince: Date | null;
};

/** How the keeper is set up, for the owner's screen. */
export type BackupSettings = { kind: 'embedded' | 'postgres'; intervalMs: number | null; keep: number };

export interface BackupKeeper {
  status(): BackupStatus;
  /** Makes a backup now, after any running one: to `out`, or into the backup directory. */
  backUpNow(out?: string): Promise<BackupMade>;
  settings(): BackupSettings;
  /** The complete backups kept, newest first, by name (never a path). */
  list(): Promise<{ name: string; at: Date; bytes: number }[]>;
  /** Why no backup can be made here, or null when one can (PostgreSQL: pg_dump is installed). */
  unavailable(): Promise<'tools_missing' | null>;
  start(): Promise<void>;
  stop(): void;
}

/** What the app reads of the backups: /api/health's line, the owner's screen and its "take one now". */
export type BackupDesk = Pick<BackupKeeper, 'status' | 'backUpNow' | 'settings' | 'list' | 'unavailable'>;

declare module '../core/context' {
  interface AppServices {
    /** What /api/health and Settings → Backups say of backups, and their "take one now"; null: none here. */
    backups: BackupDesk | null;
  }
}

type Log = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** What /api/health says where no backups are made (tests, or an app built without a keeper). */
export const NO_BACKUP_STATUS: BackupStatus = {
  automatic: false,
  lastAt: null,
  nextAt: null,
  lastAttemptFailed: false,
  lastFailure: null,
  runningSince: null,
};

export function createBackupKeeper(options: {
  dir: string;
  /** null: backups only when asked. */
  intervalMs: number | null;
  keep: number;
  /** Where interrupted backups may have left copies (the data directory). */
  stagingDir?: string;
  make: (out: string) => Promise<BackupMade>;
  kind: 'embedded' | 'postgres';
  log: Log;
  now?: () => Date;
  /** How often the backup directory is read again when no backups are automatic (tests shorten it). */
  rereadEveryMs?: number;
  /** Whether the tools a backup needs are there (PostgreSQL's pg_dump); always, unless said. */
  toolsPresent?: () => Promise<boolean>;
}): BackupKeeper {
  const now = options.now ?? (() => new Date());
  let lastAt: Date | null = null;
  let nextAt: Date | null = null;
  let lastAttemptFailed = false;
  let lastFailure: BackupStatus['lastFailure'] = null;
  /** Backups asked for and not finished, and since when the first of them has been under way. */
  let pending = 0;
  let runningSince: Date | null = null;
  let timer: NodeJS.Timeout | undefined;
  let reread: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The backup running, which the next one waits for. */
  let running: Promise<unknown> = Promise.resolve();

  const schedule = (at: Date) => {
    clearTimeout(timer);
    if (stopped || options.intervalMs === null) return;
    nextAt = at;
    timer = setTimeout(() => void backUpOnSchedule(), Math.max(0, at.getTime() - now().getTime()));
    timer.unref();
  };

  const inBackupDir = (file: string) => path.dirname(file) === options.dir;

  const backUp = (out?: string): Promise<BackupMade> => {
    pending += 1;
    runningSince ??= now();
    const result = running.then(async () => {
      const file = out ?? path.join(options.dir, backupFileName(options.kind, now()));
      try {
        const made = await options.make(file);
        if (inBackupDir(made.file)) {
          lastAt = made.at;
          lastAttemptFailed = false;
          lastFailure = null;
          const pruned = await pruneBackups(options.dir, options.keep);
          options.log.info(
            {
              file: made.file,
              bytes: made.bytes,
              seconds: Math.round(made.ms) / 1000,
              databaseHeldMs: Math.round(made.heldMs),
              pruned: pruned.map((file) => path.basename(file)),
            },
            `backup made at ${made.at.toISOString()}: ${made.file}`,
          );
        } else {
          options.log.info({ file: made.file, bytes: made.bytes }, `backup written to ${made.file}`);
        }
        return made;
      } catch (error) {
        if (out === undefined) {
          lastAttemptFailed = true;
          lastFailure =
            error instanceof BackupError && error.reason === 'tools_missing' ? 'tools_missing' : 'failed';
        }
        options.log.error({ err: error, file }, 'backup failed; the server goes on');
        throw error;
      } finally {
        pending -= 1;
        if (pending === 0) runningSince = null;
      }
    });
    running = result.catch(() => {});
    return result;
  };

  const backUpOnSchedule = async () => {
    nextAt = null;
    try {
      await backUp();
      schedule(new Date(now().getTime() + options.intervalMs!));
    } catch {
      const retryAt = new Date(now().getTime() + Math.min(options.intervalMs!, RETRY_DELAY_MS));
      options.log.info({ retryAt: retryAt.toISOString() }, 'the backup will be tried again');
      schedule(retryAt);
    }
  };

  return {
    status: () => ({
      automatic: options.intervalMs !== null,
      lastAt,
      nextAt,
      lastAttemptFailed,
      lastFailure,
      runningSince,
    }),
    backUpNow: (out) => backUp(out),
    settings: () => ({ kind: options.kind, intervalMs: options.intervalMs, keep: options.keep }),
    list: () => listBackupSizes(options.dir),
    async unavailable() {
      const present = options.toolsPresent ? await options.toolsPresent() : true;
      return present ? null : 'tools_missing';
    },
    async start() {
      // A backup directory that cannot be read yet (a disk not mounted) must not stop the server:
      // the backups themselves will fail, be logged and tried again.
      try {
        const removed = [
          ...(await removeLeftovers(options.dir)),
          ...(options.stagingDir ? await removeLeftovers(options.stagingDir) : []),
        ];
        if (removed.length > 0) options.log.info({ removed }, 'removed what interrupted backups left behind');
        lastAt = (await listBackups(options.dir)).at(-1)?.at ?? null;
      } catch (error) {
        options.log.error({ err: error, dir: options.dir }, 'the backup directory cannot be read');
      }
      if (options.intervalMs === null) {
        reread = setInterval(() => {
          listBackups(options.dir).then(
            (backups) => {
              lastAt = backups.at(-1)?.at ?? lastAt;
            },
            () => undefined,
          );
        }, options.rereadEveryMs ?? REREAD_EVERY_MS);
        reread.unref();
        options.log.info(
          { dir: options.dir, lastAt: lastAt?.toISOString() ?? null },
          lastAt ? `last backup made at ${lastAt.toISOString()}` : 'no backup yet',
        );
        return;
      }
      const soonest = now().getTime() + Math.min(FIRST_BACKUP_DELAY_MS, options.intervalMs);
      const due = lastAt ? lastAt.getTime() + options.intervalMs : soonest;
      schedule(new Date(Math.max(soonest, due)));
      options.log.info(
        { dir: options.dir, lastAt: lastAt?.toISOString() ?? null, nextAt: nextAt?.toISOString() },
        `${lastAt ? `last backup made at ${lastAt.toISOString()}` : 'no backup yet'}; next at ${nextAt?.toISOString()}`,
      );
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(reread);
      nextAt = null;
    },
  };
}
