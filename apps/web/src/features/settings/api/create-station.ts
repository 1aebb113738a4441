import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stationsRoutes } from '@tavolo/contract/client/kitchen';
import type { TStationRequest } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { stationsQueryKey } from '../../../lib/kitchen';

/** Adds a station, with a network printer or without; 409 for a name in use or one station too many. */
export async function createStation(body: TStationRequest) {
  return callEndpoint(stationsRoutes.createStation, { body });
}

export function useCreateStation() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createStation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationsQueryKey(restaurant.id) }),
  });
}
