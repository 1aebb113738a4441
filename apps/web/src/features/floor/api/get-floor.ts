import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { floorListQueryKey } from '../../../lib/floor';

/** Every active table with its visit, by area then number. */
export function getFloor(signal?: AbortSignal) {
  return callEndpoint(floorRoutes.getFloor, { signal });
}

export function floorQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: floorListQueryKey(restaurantId),
    queryFn: ({ signal }) => getFloor(signal),
  });
}

/** Kept live by the dashboard's stream (table.updated), read again on every reconnect. */
export function useFloor() {
  const { restaurant } = useCurrentSession();
  return useQuery(floorQueryOptions(restaurant.id));
}
