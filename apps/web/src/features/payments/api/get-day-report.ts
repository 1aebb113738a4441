import { queryOptions, useQuery } from '@tanstack/react-query';
import { daysRoutes } from '@tavolo/contract/client/receipts';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { paymentsQueryKey } from '../../../lib/money-query-keys';

/** Every day's report and the closed days: a close refreshes them all. */
export const daysQueryKey = (restaurantId: string) => [...paymentsQueryKey(restaurantId), 'days'] as const;

export const dayReportQueryKey = (restaurantId: string, date: string) =>
  [...daysQueryKey(restaurantId), 'report', date] as const;

/** How often an open day's X report is asked for again while it is on screen. */
export const LIVE_REPORT_REFRESH_MS = 60_000;

/** A business day's report: live (X) while it is open, frozen (Z) once closed. */
export async function getDayReport(date: string, signal?: AbortSignal) {
  return callEndpoint(daysRoutes.getDay, { params: { date }, signal });
}

export function dayReportQueryOptions(restaurantId: string, date: string) {
  return queryOptions({
    queryKey: dayReportQueryKey(restaurantId, date),
    queryFn: ({ signal }) => getDayReport(date, signal),
  });
}

export function useDayReport(date: string) {
  const { restaurant } = useCurrentSession();
  return useQuery({
    ...dayReportQueryOptions(restaurant.id, date),
    enabled: date !== '',
    // The X report moves with every payment; a Z report never does.
    refetchInterval: (query) => (query.state.data?.closed === false ? LIVE_REPORT_REFRESH_MS : false),
  });
}
