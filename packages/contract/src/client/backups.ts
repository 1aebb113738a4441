import type { backupsEndpoints } from '../backups';
import { routesOf } from '../endpoint';

/** The backups endpoints' routes without their schemas (see `Route`). */
export const backupsRoutes = routesOf<typeof backupsEndpoints>({
  listBackups: 'GET /api/backups',
  takeBackup: 'POST /api/backups',
});
