import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { restaurantsQueryKey } from './get-restaurants';

/** Deletes a restaurant and all its data; 409 for the one the session works in. */
export async function deleteRestaurant(id: string): Promise<void> {
  await callEndpoint(restaurantsRoutes.deleteRestaurant, { params: { id } });
}

export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
  });
}
