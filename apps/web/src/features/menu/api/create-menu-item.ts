import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCreateMenuItemRequest, ZMenuItem } from '@tavolo/contract/menu';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export async function createMenuItem(body: TCreateMenuItemRequest) {
  return apiRequest('/api/menu', { method: 'POST', body, schema: ZMenuItem });
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
