import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TMenuItem, TTodayMenu } from '@tavolo/contract/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { todayMenuQueryKey } from '../../../lib/get-today-menu';
import { menuDataKey } from '../../../lib/menu-query-keys';
import { menuItemsQueryKey } from './get-menu-items';

export const setStockMutationKey = ['menu', 'set-stock'] as const;

export interface SetStockInput {
  id: string;
  /** Units left to order (0: sold out); null: not counted. */
  count: number | null;
}

export async function setStock({ id, count }: SetStockInput) {
  return callEndpoint(menuRoutes.setStock, { params: { id }, body: { count } });
}

/** The dish with its new count, sold out while the day's switch or a count of 0 says so. */
function withCount<I extends TMenuItem>(item: I, count: number | null, now: number): I {
  const soldOutToday = item.soldOutUntil !== null && Date.parse(item.soldOutUntil) > now;
  return { ...item, stockCount: count, soldOut: soldOutToday || count === 0 };
}

/** Today's menu with one dish's count changed, and the sold-out figures to match. */
export function withStockCount(
  menu: TTodayMenu,
  id: string,
  count: number | null,
  now = Date.now(),
): TTodayMenu {
  let delta = 0;
  const categories = menu.categories.map((category) => ({
    ...category,
    items: category.items.map((item) => {
      if (item.id !== id) return item;
      const next = withCount(item, count, now);
      delta += Number(next.soldOut) - Number(item.soldOut);
      return next;
    }),
  }));
  return {
    ...menu,
    categories,
    availableCount: menu.availableCount - delta,
    soldOutCount: menu.soldOutCount + delta,
  };
}

/**
 * Shows the new count at once (a kitchen counts and moves on), puts the old one back if the server
 * refuses, and refreshes the menu data either way.
 */
export function useSetStock() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const todayKey = todayMenuQueryKey(restaurant.id);
  const itemsKey = menuItemsQueryKey(restaurant.id);

  return useMutation({
    mutationKey: setStockMutationKey,
    mutationFn: setStock,
    onMutate: async ({ id, count }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: todayKey, exact: true }),
        queryClient.cancelQueries({ queryKey: itemsKey, exact: true }),
      ]);
      const previousToday = queryClient.getQueryData<TTodayMenu>(todayKey);
      const previousItems = queryClient.getQueryData<TMenuItem[]>(itemsKey);
      const now = Date.now();
      if (previousToday) queryClient.setQueryData(todayKey, withStockCount(previousToday, id, count, now));
      if (previousItems) {
        queryClient.setQueryData(
          itemsKey,
          previousItems.map((item) => (item.id === id ? withCount(item, count, now) : item)),
        );
      }
      return { previousToday, previousItems };
    },
    onError: (_error, _input, context) => {
      if (context?.previousToday) queryClient.setQueryData(todayKey, context.previousToday);
      if (context?.previousItems) queryClient.setQueryData(itemsKey, context.previousItems);
    },
    onSettled: () => {
      // Counts saved one after the other: refetching after the first would briefly undo the later ones.
      if (queryClient.isMutating({ mutationKey: setStockMutationKey }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) });
    },
  });
}
