import { dashboardEndpoints } from '@tavolo/contract/dashboard';
import type { RouteRegistrar } from '../../http/route';
import { getMenuItemStats, getOrderSummary, getOverview, getRevenueChart } from './dashboard.service';

/** Every figure is taken at the moment of the request (tests move it by faking Date). */
export function registerDashboardRoutes(route: RouteRegistrar) {
  route(dashboardEndpoints.dashboardOverview, (ctx) => getOverview(ctx, { now: new Date() }));
  route(dashboardEndpoints.revenueChart, (ctx, { query }) =>
    getRevenueChart(ctx, { year: query.year, now: new Date() }),
  );
  route(dashboardEndpoints.orderSummary, (ctx, { query }) =>
    getOrderSummary(ctx, { period: query.period, now: new Date() }),
  );
  route(dashboardEndpoints.menuItemStats, (ctx, { query }) =>
    getMenuItemStats(ctx, { period: query.period, now: new Date() }),
  );
}
