import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { kitchenViewQueryKey } from '../../../lib/kitchen';

/** A station's tickets to make, its recent bumps, its all-day counts and its printer. */
export function getKitchen(stationId: string, signal?: AbortSignal) {
  return callEndpoint(kitchenRoutes.getKitchen, { query: { stationId }, signal });
}

export function kitchenViewQueryOptions(restaurantId: string, stationId: string | undefined) {
  return queryOptions({
    queryKey: kitchenViewQueryKey(restaurantId, stationId ?? ''),
    queryFn: stationId ? ({ signal }) => getKitchen(stationId, signal) : skipToken,
  });
}

/**
 * Kept live by the dashboard's stream (kitchen.updated), read again on every reconnect: those
 * events carry no id, so nothing replays what a dropped connection missed.
 */
export function useKitchenView(stationId: string | undefined) {
  const { restaurant } = useCurrentSession();
  return useQuery(kitchenViewQueryOptions(restaurant.id, stationId));
}
