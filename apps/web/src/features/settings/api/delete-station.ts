import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stationsRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { stationsQueryKey } from '../../../lib/kitchen';
import { menuDataKey } from '../../../lib/menu-query-keys';

/** Deletes a station: its categories and dishes go to Kitchen. Kitchen itself answers 409. */
export async function deleteStation(id: string): Promise<void> {
  await callEndpoint(stationsRoutes.deleteStation, { params: { id } });
}

export function useDeleteStation() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteStation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stationsQueryKey(restaurant.id) }),
        // Categories and dishes that named it now go to Kitchen.
        queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
      ]),
  });
}
