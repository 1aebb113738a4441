import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeResponse } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/current-session';
import { COOKIE_TRANSPORT_HEADERS, writeSessionHints } from '../../../lib/session';

/** Moves the owner's session to another restaurant they own (404 for any other). */
export async function switchRestaurant(restaurantId: string) {
  return callEndpoint(authRoutes.switchRestaurant, {
    body: { restaurantId },
    headers: COOKIE_TRANSPORT_HEADERS,
  });
}

/**
 * Switches, then makes every screen start over in the new restaurant: the session is read again,
 * and everything cached about the old restaurant goes. The dashboard remounts its screen when the
 * restaurant changes, so open streams reconnect by themselves.
 */
export function useSwitchRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (restaurantId: string): Promise<TMeResponse | undefined> => {
      const session = await switchRestaurant(restaurantId);
      writeSessionHints(session);
      await queryClient.refetchQueries({ queryKey: meQueryKey, exact: true });
      // Before the screens re-render (the cache tells them on a later tick): none of them refetches
      // the old restaurant's data, and the remounted ones find an empty cache.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      return queryClient.getQueryData<TMeResponse | null>(meQueryKey) ?? undefined;
    },
  });
}
