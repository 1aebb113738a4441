import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TUpdateMenuItemRequest } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export async function updateMenuItem({ id, body }: { id: string; body: TUpdateMenuItemRequest }) {
  return callEndpoint(menuRoutes.updateMenuItem, { params: { id }, body });
}

export function useUpdateMenuItem() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateMenuItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
