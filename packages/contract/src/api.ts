import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { backupsEndpoints } from './backups';
import { dashboardEndpoints } from './dashboard';
import { devicesEndpoints } from './devices';
import type { Endpoint } from './endpoint';
import { floorEndpoints } from './floor';
import { healthEndpoints } from './health';
import { kitchenEndpoints, stationsEndpoints } from './kitchen';
import { categoriesEndpoints, menuEndpoints } from './menu';
import { menuImportEndpoints } from './menu-import';
import { orderChangesEndpoints } from './order-changes';
import { ordersEndpoints } from './orders';
import { paymentsEndpoints } from './payments';
import { daysEndpoints, receiptsEndpoints } from './receipts';
import { restaurantsEndpoints } from './restaurants';
import { reviewsEndpoints } from './reviews';
import { rolesEndpoints, staffEndpoints } from './staff';
import { serviceRequestsEndpoints, tableServiceEndpoints } from './table-service';
import { tablesEndpoints } from './tables';
import { taxRatesEndpoints } from './taxes';
import { uploadsEndpoints } from './uploads';
import { settlementAccountsEndpoints, walletEndpoints } from './wallet';

/**
 * Every endpoint of the API by its operation id: what the server must register and the API
 * document describes. A new feature's table is added here.
 */
export const API_ENDPOINTS = {
  ...healthEndpoints,
  ...authEndpoints,
  ...restaurantsEndpoints,
  ...categoriesEndpoints,
  ...menuEndpoints,
  ...menuImportEndpoints,
  ...tablesEndpoints,
  ...ordersEndpoints,
  ...uploadsEndpoints,
  ...rolesEndpoints,
  ...staffEndpoints,
  ...paymentsEndpoints,
  ...walletEndpoints,
  ...settlementAccountsEndpoints,
  ...dashboardEndpoints,
  ...reviewsEndpoints,
  ...serviceRequestsEndpoints,
  ...tableServiceEndpoints,
  ...floorEndpoints,
  ...orderChangesEndpoints,
  ...auditEndpoints,
  ...devicesEndpoints,
  ...stationsEndpoints,
  ...kitchenEndpoints,
  ...taxRatesEndpoints,
  ...receiptsEndpoints,
  ...daysEndpoints,
  ...backupsEndpoints,
} satisfies Record<string, Endpoint>;

export type TOperationId = keyof typeof API_ENDPOINTS;
