import type { dashboardEndpoints } from '../dashboard';
import { routesOf } from '../endpoint';

/** The dashboard endpoints' routes without their schemas (see `Route`). */

export const dashboardRoutes = routesOf<typeof dashboardEndpoints>({
  dashboardOverview: 'GET /api/dashboard/overview',
  revenueChart: 'GET /api/dashboard/revenue-chart',
  orderSummary: 'GET /api/dashboard/order-summary',
  menuItemStats: 'GET /api/dashboard/menu-item-stats',
});
