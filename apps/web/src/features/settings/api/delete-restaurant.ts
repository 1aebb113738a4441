import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { restaurantsQueryKey } from './get-restaurants';

/** Deletes a restaurant and all its data; 409 for the one the session works in. */
export async function deleteRestaurant(id: string): Promise<void> {
  await callEndpoint(restaurantsEndpoints.deleteRestaurant, { params: { id } });
}

export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
  });
}
