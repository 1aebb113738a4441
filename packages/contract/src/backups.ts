import { z } from 'zod';
import { access, endpoint } from './endpoint';

/*
 * Settings → Backups (PRODUCT.md §14, decision 043): the installation's backups as its owner sees
 * them — when the last and the next automatic one are, the ones kept, and one taken now. A backup
 * holds the whole database (every restaurant of this installation), so only owners see them, never
 * staff (whatever their role). Files are named, never located: no path leaves the backup directory.
 */

export const ZBackupFile = z.object({
  /** The file's name in the backup directory (`tavolo-2026-11-27T23-05-00-123Z.tar.br`). */
  name: z.string(),
  /** When it was made. */
  at: z.iso.datetime(),
  bytes: z.number().int().min(0),
});
export type TBackupFile = z.infer<typeof ZBackupFile>;

/** Why a backup cannot be taken here: none are set up, or PostgreSQL's pg_dump is not installed. */
export const ZBackupUnavailableReason = z.enum(['not_configured', 'tools_missing']);
export type TBackupUnavailableReason = z.infer<typeof ZBackupUnavailableReason>;

export const ZBackupsState = z.object({
  /** The embedded database (backed up by the server) or PostgreSQL (pg_dump). */
  database: z.enum(['embedded', 'postgres']),
  /** Whether the server backs up on its own, and how often (null: automatic backups are off). */
  automatic: z.boolean(),
  intervalHours: z.number().nullable(),
  /** How many backups are kept: the oldest go first. */
  keep: z.number().int(),
  lastAt: z.iso.datetime().nullable(),
  nextAt: z.iso.datetime().nullable(),
  /** Whether the last attempt failed, and why in a word (the server's log says more). */
  lastAttemptFailed: z.boolean(),
  lastFailure: z.enum(['tools_missing', 'failed']).nullable(),
  /** A backup being made now, since when. */
  running: z.object({ startedAt: z.iso.datetime() }).nullable(),
  /** Whether one can be taken now; else why not. */
  available: z.boolean(),
  unavailableReason: ZBackupUnavailableReason.nullable(),
  /** The complete backups kept, newest first. */
  items: z.array(ZBackupFile),
});
export type TBackupsState = z.infer<typeof ZBackupsState>;

export const backupsEndpoints = {
  listBackups: endpoint({
    method: 'GET',
    path: '/api/backups',
    tag: 'backups',
    summary: "The installation's backups: the last and the next automatic one, those kept, one running",
    description:
      'Owners only (staff get 403 whatever their role: a backup holds every restaurant of the installation).',
    access: access.owner,
    response: ZBackupsState,
  }),
  takeBackup: endpoint({
    method: 'POST',
    path: '/api/backups',
    tag: 'backups',
    summary: 'Start a backup now, into the backup directory',
    description:
      'Answers 202 at once with the state, `running` set: the backup is made out of the server’s way (its own process at the lowest priority) and shows in `items` once complete; poll GET /api/backups. 409 BACKUP_RUNNING while one is being made; 409 BACKUPS_UNAVAILABLE when none can be taken here (`not_configured`, or `tools_missing`: PostgreSQL’s pg_dump is not installed).',
    access: access.owner,
    status: 202,
    response: ZBackupsState,
    errors: [409],
  }),
};
