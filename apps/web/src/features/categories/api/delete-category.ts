import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

/** Answers 409 CONFLICT while the category still holds items; its message says how many. */
export async function deleteCategory(id: string): Promise<void> {
  await callEndpoint(categoriesRoutes.deleteCategory, { params: { id } });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
