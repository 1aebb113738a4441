import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesRoutes } from '@tavolo/contract/client/menu';
import type { TCreateCategoryRequest } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

/** Answers 409 DUPLICATE when the restaurant already has a category of that name. */
export async function createCategory(body: TCreateCategoryRequest) {
  return callEndpoint(categoriesRoutes.createCategory, { body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
