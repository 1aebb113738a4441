import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TUpdateMenuItemRequest, ZMenuItem } from '@tavolo/contract/menu';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export async function updateMenuItem({ id, body }: { id: string; body: TUpdateMenuItemRequest }) {
  return apiRequest(`/api/menu/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: ZMenuItem });
}

export function useUpdateMenuItem() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateMenuItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
