import { queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

/**
 * The restaurant's profile (the session carries its zone and currency, not when its business day
 * starts). The key is the one Settings reads it by: saving the profile there refreshes it here.
 */
export function restaurantProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['restaurants', 'one', id] as const,
    queryFn: ({ signal }) => callEndpoint(restaurantsRoutes.getRestaurant, { params: { id }, signal }),
  });
}

export function useRestaurantProfile() {
  const { restaurant } = useCurrentSession();
  return useQuery(restaurantProfileQueryOptions(restaurant.id));
}
