import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import type { TCreateRestaurantRequest } from '@tavolo/contract/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { restaurantsQueryKey } from './get-restaurants';

/** Opens another restaurant for the owner (403 for staff); the session stays where it is. */
export async function createRestaurant(body: TCreateRestaurantRequest) {
  return callEndpoint(restaurantsRoutes.createRestaurant, { body });
}

export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
  });
}
