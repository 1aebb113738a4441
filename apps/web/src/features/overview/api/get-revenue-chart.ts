import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@tavolo/contract/client/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { dashboardQueryKey } from './dashboard-query-keys';

/** `year` null: the server charts the restaurant's current year (its clock, not the browser's). */
export const revenueChartQueryKey = (restaurantId: string, year: number | null) =>
  [...dashboardQueryKey(restaurantId), 'revenue-chart', year] as const;

export async function getRevenueChart(year: number | null, signal?: AbortSignal) {
  return callEndpoint(dashboardRoutes.revenueChart, {
    query: year === null ? {} : { year },
    signal,
  });
}

export function revenueChartQueryOptions(restaurantId: string, year: number | null) {
  return queryOptions({
    queryKey: revenueChartQueryKey(restaurantId, year),
    queryFn: ({ signal }) => getRevenueChart(year, signal),
    // Another year keeps the last one on screen until it arrives: the chart does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useRevenueChart(year: number | null) {
  const { restaurant } = useCurrentSession();
  return useQuery(revenueChartQueryOptions(restaurant.id, year));
}
