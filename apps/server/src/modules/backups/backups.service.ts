import type { TBackupsState } from '@tavolo/contract/backups';
import type { BackupDesk } from '../../backups/backup-schedule';
import { AppError } from '../../core/app-error';
import type { ServiceContext } from '../../core/context';

/*
 * Settings → Backups (PRODUCT.md §14, decision 043): what the owner sees of the installation's
 * backups, and "take one now". The backup itself runs as an automatic one does (one at a time, in a
 * process of its own at the lowest priority): the request answers at once and the screen polls.
 * Files are shown by name only: nothing here says where the backup directory is.
 */

async function stateOf(desk: BackupDesk | null): Promise<TBackupsState> {
  if (!desk) {
    return {
      database: 'embedded',
      automatic: false,
      intervalHours: null,
      keep: 0,
      lastAt: null,
      nextAt: null,
      lastAttemptFailed: false,
      lastFailure: null,
      running: null,
      available: false,
      unavailableReason: 'not_configured',
      items: [],
    };
  }
  const status = desk.status();
  const settings = desk.settings();
  const [items, unavailable] = await Promise.all([desk.list(), desk.unavailable()]);
  return {
    database: settings.kind,
    automatic: status.automatic,
    intervalHours: settings.intervalMs === null ? null : settings.intervalMs / 3_600_000,
    keep: settings.keep,
    lastAt: status.lastAt?.toISOString() ?? null,
    nextAt: status.nextAt?.toISOString() ?? null,
    lastAttemptFailed: status.lastAttemptFailed,
    lastFailure: status.lastFailure,
    running: status.runningSince ? { startedAt: status.runningSince.toISOString() } : null,
    available: unavailable === null,
    unavailableReason: unavailable,
    items: items.map((item) => ({ name: item.name, at: item.at.toISOString(), bytes: item.bytes })),
  };
}

export function getBackups(ctx: ServiceContext): Promise<TBackupsState> {
  return stateOf(ctx.backups);
}

/**
 * Starts a backup into the backup directory and answers at once (running): 409 while one is under
 * way, or when none can be made here (none set up; PostgreSQL without pg_dump).
 */
export async function takeBackup(ctx: ServiceContext): Promise<TBackupsState> {
  const desk = ctx.backups;
  if (!desk) {
    throw new AppError('BACKUPS_UNAVAILABLE', 'Backups are not set up on this server');
  }
  if (desk.status().runningSince) {
    throw new AppError('BACKUP_RUNNING', 'A backup is being made: wait for it to finish');
  }
  if ((await desk.unavailable()) === 'tools_missing') {
    throw new AppError(
      'BACKUPS_UNAVAILABLE',
      "PostgreSQL's pg_dump is not installed on the server: install PostgreSQL's client tools to take backups",
    );
  }
  // Checked again after the await: a backup asked for meanwhile runs alone.
  if (desk.status().runningSince) {
    throw new AppError('BACKUP_RUNNING', 'A backup is being made: wait for it to finish');
  }
  // Not awaited: its end (or failure, logged by the keeper) shows in the state the screen polls.
  desk.backUpNow().catch(() => {});
  return stateOf(desk);
}
