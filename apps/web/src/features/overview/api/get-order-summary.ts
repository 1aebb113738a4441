import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@tavolo/contract/client/dashboard';
import type { TDashboardPeriod } from '@tavolo/contract/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { dashboardQueryKey } from './dashboard-query-keys';

export const orderSummaryQueryKey = (restaurantId: string, period: TDashboardPeriod) =>
  [...dashboardQueryKey(restaurantId), 'order-summary', period] as const;

/** Orders by status and their totals for a period of the restaurant's days. */
export async function getOrderSummary(period: TDashboardPeriod, signal?: AbortSignal) {
  return callEndpoint(dashboardRoutes.orderSummary, { query: { period }, signal });
}

export function orderSummaryQueryOptions(restaurantId: string, period: TDashboardPeriod) {
  return queryOptions({
    queryKey: orderSummaryQueryKey(restaurantId, period),
    queryFn: ({ signal }) => getOrderSummary(period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrderSummary(period: TDashboardPeriod) {
  const { restaurant } = useCurrentSession();
  return useQuery(orderSummaryQueryOptions(restaurant.id, period));
}
