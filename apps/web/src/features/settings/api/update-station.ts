import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stationsRoutes } from '@tavolo/contract/client/kitchen';
import type { TStationRequest } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { stationsQueryKey } from '../../../lib/kitchen';

/** Renames a station or changes its printer (null removes it). */
export async function updateStation({ id, body }: { id: string; body: TStationRequest }) {
  return callEndpoint(stationsRoutes.updateStation, { params: { id }, body });
}

export function useUpdateStation() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateStation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationsQueryKey(restaurant.id) }),
  });
}
