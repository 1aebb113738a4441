import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export async function deleteMenuItem(id: string): Promise<void> {
  await callEndpoint(menuRoutes.deleteMenuItem, { params: { id } });
}

export function useDeleteMenuItem() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteMenuItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
