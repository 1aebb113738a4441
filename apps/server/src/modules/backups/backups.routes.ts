import { backupsEndpoints } from '@tavolo/contract/backups';
import type { RouteRegistrar } from '../../http/route';
import { getBackups, takeBackup } from './backups.service';

export function registerBackupsRoutes(route: RouteRegistrar) {
  route(backupsEndpoints.listBackups, (ctx) => getBackups(ctx));
  route(backupsEndpoints.takeBackup, (ctx) => takeBackup(ctx));
}
