import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@tavolo/contract/client/dashboard';
import type { TDashboardPeriod } from '@tavolo/contract/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { dashboardQueryKey } from './dashboard-query-keys';

export const menuItemStatsQueryKey = (restaurantId: string, period: TDashboardPeriod) =>
  [...dashboardQueryKey(restaurantId), 'menu-item-stats', period] as const;

/** Every dish of the period, best first by quantity and by revenue. */
export async function getMenuItemStats(period: TDashboardPeriod, signal?: AbortSignal) {
  return callEndpoint(dashboardRoutes.menuItemStats, { query: { period }, signal });
}

export function menuItemStatsQueryOptions(restaurantId: string, period: TDashboardPeriod) {
  return queryOptions({
    queryKey: menuItemStatsQueryKey(restaurantId, period),
    queryFn: ({ signal }) => getMenuItemStats(period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMenuItemStats(period: TDashboardPeriod) {
  const { restaurant } = useCurrentSession();
  return useQuery(menuItemStatsQueryOptions(restaurant.id, period));
}
