import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TCreateMenuItemRequest } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export async function createMenuItem(body: TCreateMenuItemRequest) {
  return callEndpoint(menuRoutes.createMenuItem, { body });
}

export function useCreateMenuItem() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createMenuItem,
    // Categories count their items and today's menu may list it: refresh all the menu data.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
