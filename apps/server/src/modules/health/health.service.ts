import type { THealthResponse } from '@tavolo/contract/health';
import { NO_BACKUP_STATUS } from '../../backups/backup-schedule';
import { AppError } from '../../core/app-error';
import type { ServiceContext } from '../../core/context';
import { pingDatabase } from './health.repository';

declare module '../../core/context' {
  interface AppServices {
    /** The release (build id) of the web app this server serves; null when it serves none (http/web-app.ts). */
    webRelease: string | null;
  }
}

/** A load balancer gives up on a check after a few seconds; answer before it does. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * ok, with the web app's release and when the last backup was made, when the database answers a
 * trivial query in time; 503 UNAVAILABLE otherwise. A failing backup does not fail the check:
 * serving goes on.
 */
export async function checkHealth({ db, backups, webRelease }: ServiceContext): Promise<THealthResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
      HEALTH_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([pingDatabase(db), timeout]);
    const backup = backups?.status() ?? NO_BACKUP_STATUS;
    return {
      status: 'ok',
      release: webRelease,
      backup: {
        automatic: backup.automatic,
        lastAt: backup.lastAt?.toISOString() ?? null,
        nextAt: backup.nextAt?.toISOString() ?? null,
        lastAttemptFailed: backup.lastAttemptFailed,
      },
    };
  } catch (error) {
    const unavailable = new AppError('UNAVAILABLE', 'The database is not reachable');
    unavailable.cause = error;
    throw unavailable;
  } finally {
    clearTimeout(timer);
  }
}
