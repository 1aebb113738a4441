import { queryOptions, useQuery } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { todayInTimeZone } from '../../../lib/calendar-days';
import { useCurrentSession } from '../../../lib/current-session';
import { kitchenQueryKey } from '../../../lib/kitchen';

/** Prep times (fired → ready) of one day on the restaurant's clock, per station and per dish. */
export function getKitchenStats(day: string, signal?: AbortSignal) {
  return callEndpoint(kitchenRoutes.kitchenStats, { query: { from: day, to: day }, signal });
}

export function kitchenStatsQueryOptions(restaurantId: string, day: string) {
  return queryOptions({
    queryKey: [...kitchenQueryKey(restaurantId), 'stats', day] as const,
    queryFn: ({ signal }) => getKitchenStats(day, signal),
    // A figure in a corner: five minutes old is fresh enough.
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** Today's prep times. */
export function useTodayKitchenStats() {
  const { restaurant } = useCurrentSession();
  return useQuery(kitchenStatsQueryOptions(restaurant.id, todayInTimeZone(restaurant.timezone)));
}
