import { queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { restaurantsQueryKey } from './get-restaurants';

/** The full profile of one restaurant (the session only carries its name, logo, currency and zone). */
export async function getRestaurant(id: string, signal?: AbortSignal) {
  return callEndpoint(restaurantsRoutes.getRestaurant, { params: { id }, signal });
}

export function restaurantQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...restaurantsQueryKey, 'one', id] as const,
    queryFn: ({ signal }) => getRestaurant(id, signal),
  });
}

/** The restaurant the session works in. */
export function useCurrentRestaurant() {
  const { restaurant } = useCurrentSession();
  return useQuery(restaurantQueryOptions(restaurant.id));
}
