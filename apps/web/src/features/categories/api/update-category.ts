import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesRoutes } from '@tavolo/contract/client/menu';
import type { TUpdateCategoryRequest } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

/** Renames or describes a category; a null description clears it. */
export async function updateCategory({ id, body }: { id: string; body: TUpdateCategoryRequest }) {
  return callEndpoint(categoriesRoutes.updateCategory, { params: { id }, body });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateCategory,
    // Today's menu and the menu list show category names too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
