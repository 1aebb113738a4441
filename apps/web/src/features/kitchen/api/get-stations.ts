import { queryOptions, useQuery } from '@tanstack/react-query';
import { stationsRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { stationsQueryKey } from '../../../lib/kitchen';

/** The restaurant's stations, Kitchen first. */
export function getStations(signal?: AbortSignal) {
  return callEndpoint(stationsRoutes.listStations, { signal });
}

export function stationsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: stationsQueryKey(restaurantId),
    queryFn: ({ signal }) => getStations(signal),
  });
}

/** Kept live by the dashboard's stream (stations.updated). */
export function useStations() {
  const { restaurant } = useCurrentSession();
  return useQuery(stationsQueryOptions(restaurant.id));
}
