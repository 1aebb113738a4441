import { queryOptions, useQuery } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from './api-client';
import { todayInTimeZone } from './calendar-days';
import { useCurrentSession } from './current-session';
import { kitchenQueryKey } from './kitchen';

// Here rather than in a feature: the station screen (kitchen) and the Overview both show today's
// prep times, from one cache.

/** Every day's prep times of a restaurant. */
export const kitchenStatsQueryKey = (restaurantId: string) =>
  [...kitchenQueryKey(restaurantId), 'stats'] as const;

/** Prep times (fired → ready) of one day on the restaurant's clock, per station and per dish. */
export function getKitchenStats(day: string, signal?: AbortSignal) {
  return callEndpoint(kitchenRoutes.kitchenStats, { query: { from: day, to: day }, signal });
}

export function kitchenStatsQueryOptions(restaurantId: string, day: string) {
  return queryOptions({
    queryKey: [...kitchenStatsQueryKey(restaurantId), day] as const,
    queryFn: ({ signal }) => getKitchenStats(day, signal),
  });
}

/**
 * Today's prep times. `refreshEvery` (ms): read again that often, and fresh enough until then;
 * without it they are read again when invalidated (the Overview does on live order changes).
 */
export function useTodayKitchenStats({ refreshEvery }: { refreshEvery?: number } = {}) {
  const { restaurant } = useCurrentSession();
  return useQuery({
    ...kitchenStatsQueryOptions(restaurant.id, todayInTimeZone(restaurant.timezone)),
    ...(refreshEvery === undefined ? {} : { staleTime: refreshEvery, refetchInterval: refreshEvery }),
  });
}
