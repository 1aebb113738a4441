import { queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import { callEndpoint } from '../../../lib/api-client';

/** Every restaurant query starts with this key: a change to any restaurant invalidates them all. */
export const restaurantsQueryKey = ['restaurants'] as const;

/** The owner's restaurants (a staff member's: their own). */
export async function getRestaurants(signal?: AbortSignal) {
  const { items } = await callEndpoint(restaurantsRoutes.listRestaurants, { signal });
  return items;
}

export function restaurantsQueryOptions() {
  return queryOptions({
    queryKey: [...restaurantsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getRestaurants(signal),
  });
}

export function useRestaurants({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...restaurantsQueryOptions(), enabled });
}
