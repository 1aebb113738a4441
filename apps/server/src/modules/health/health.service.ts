import type { THealthResponse } from '@tavolo/contract/health';
import { AppError } from '../../core/app-error';
import type { ServiceContext } from '../../core/context';
import { pingDatabase } from './health.repository';

/** A load balancer gives up on a check after a few seconds; answer before it does. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * ok when the database answers a trivial query in time, with when the last backup was made;
 * 503 UNAVAILABLE otherwise. A failing backup does not fail the check: serving goes on.
 */
export async function checkHealth({ db, backups }: ServiceContext): Promise<THealthResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
      HEALTH_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([pingDatabase(db), timeout]);
    const backup = backups.status();
    return {
      status: 'ok',
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
