import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesRoutes } from '@tavolo/contract/client/menu';
import type { TCategory } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { categoriesQueryKey, menuDataKey } from '../../../lib/menu-query-keys';

/** `ids`: every category of the restaurant, each once, in the new order. */
export async function reorderCategories(ids: string[]) {
  const { items } = await callEndpoint(categoriesRoutes.reorderCategories, { body: { ids } });
  return items;
}

/** The list with the category at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveCategory<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  const moving = list[index];
  const other = list[target];
  if (moving === undefined || other === undefined) return [...list];
  const next = [...list];
  next[index] = other;
  next[target] = moving;
  return next;
}

/** Shows the new order at once and puts the old one back if the server refuses it. */
const reorderMutationKey = ['categories', 'reorder'] as const;

export function useReorderCategories() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const key = categoriesQueryKey(restaurant.id);
  return useMutation({
    mutationKey: reorderMutationKey,
    mutationFn: (ordered: TCategory[]) => reorderCategories(ordered.map((category) => category.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TCategory[]>(key);
      queryClient.setQueryData<TCategory[]>(
        key,
        ordered.map((category, position) => ({ ...category, position })),
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // Several quick moves: only the last one's answer is the order to keep.
      if (queryClient.isMutating({ mutationKey: reorderMutationKey }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) });
    },
  });
}
