import { queryOptions, useQuery } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { todayInTimeZone } from '../../../lib/calendar-days';
import { useCurrentSession } from '../../../lib/current-session';
import { dashboardQueryKey } from './dashboard-query-keys';

export const kitchenStatsQueryKey = (restaurantId: string, date: string) =>
  [...dashboardQueryKey(restaurantId), 'kitchen-stats', date] as const;

/** Prep times (sent → ready) per station and per dish over one of the restaurant's days. */
export async function getKitchenStats(date: string, signal?: AbortSignal) {
  return callEndpoint(kitchenRoutes.kitchenStats, { query: { from: date, to: date }, signal });
}

export function kitchenStatsQueryOptions(restaurantId: string, date: string) {
  return queryOptions({
    queryKey: kitchenStatsQueryKey(restaurantId, date),
    queryFn: ({ signal }) => getKitchenStats(date, signal),
  });
}

/** Today's prep times, today on the restaurant's clock; live order changes refresh them with the rest. */
export function useTodayKitchenStats() {
  const { restaurant } = useCurrentSession();
  return useQuery(kitchenStatsQueryOptions(restaurant.id, todayInTimeZone(restaurant.timezone)));
}
