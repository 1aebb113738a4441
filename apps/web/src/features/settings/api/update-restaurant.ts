import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import type { TUpdateRestaurantRequest } from '@tavolo/contract/restaurants';
import { callEndpoint } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/current-session';
import { restaurantsQueryKey } from './get-restaurants';

/** Changes the fields it carries; `null` clears an optional one. */
export async function updateRestaurant({ id, body }: { id: string; body: TUpdateRestaurantRequest }) {
  return callEndpoint(restaurantsRoutes.updateRestaurant, { params: { id }, body });
}

export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRestaurant,
    // The name, logo, currency and zone shown across the dashboard come from /auth/me.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
