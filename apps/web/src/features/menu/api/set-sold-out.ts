import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TMenuItem, TTodayMenu } from '@tavolo/contract/menu';
import { useCurrentSession } from '../../../lib/current-session';
import { todayMenuQueryKey } from '../../../lib/get-today-menu';
import { menuDataKey } from '../../../lib/menu-query-keys';
import { useSendStaffTap } from '../../../lib/staff-taps';
import { menuItemsQueryKey } from './get-menu-items';

export const setSoldOutMutationKey = ['menu', 'set-sold-out'] as const;

export interface SetSoldOutInput {
  id: string;
  /** The dish's name: a tap kept offline says it. */
  name: string;
  /** true: sold out until the restaurant's next midnight; false: back now. */
  soldOut: boolean;
}

/** Today's menu with one item's flag flipped and the counts to match. */
export function withSoldOut(menu: TTodayMenu, id: string, soldOut: boolean): TTodayMenu {
  let changed = 0;
  const categories = menu.categories.map((category) => ({
    ...category,
    items: category.items.map((item) => {
      if (item.id !== id || item.soldOut === soldOut) return item;
      changed += 1;
      return { ...item, soldOut };
    }),
  }));
  if (changed === 0) return menu;
  const delta = soldOut ? changed : -changed;
  return {
    ...menu,
    categories,
    availableCount: menu.availableCount - delta,
    soldOutCount: menu.soldOutCount + delta,
  };
}

/**
 * Flips the flag at once on screen (a kitchen taps and moves on), puts it back if the server
 * refuses, and refreshes the menu data either way. Through a Wi-Fi drop the tap waits in the
 * queue and the screen draws it until it is sent (PRODUCT.md §13).
 */
export function useSetSoldOut() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const todayKey = todayMenuQueryKey(restaurant.id);
  const itemsKey = menuItemsQueryKey(restaurant.id);
  const send = useSendStaffTap();

  return useMutation({
    mutationKey: setSoldOutMutationKey,
    mutationFn: ({ id, name, soldOut }: SetSoldOutInput) =>
      send(
        menuRoutes.setSoldOut,
        { params: { id }, body: { soldOut } },
        { kind: 'menu.soldOut', menuItemId: id, name, soldOut },
      ),
    networkMode: 'always',
    onMutate: async ({ id, soldOut }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: todayKey, exact: true }),
        queryClient.cancelQueries({ queryKey: itemsKey, exact: true }),
      ]);
      const previousToday = queryClient.getQueryData<TTodayMenu>(todayKey);
      const previousItems = queryClient.getQueryData<TMenuItem[]>(itemsKey);
      if (previousToday) queryClient.setQueryData(todayKey, withSoldOut(previousToday, id, soldOut));
      if (previousItems) {
        queryClient.setQueryData(
          itemsKey,
          previousItems.map((item) => (item.id === id ? { ...item, soldOut } : item)),
        );
      }
      return { previousToday, previousItems };
    },
    onError: (_error, _input, context) => {
      if (context?.previousToday) queryClient.setQueryData(todayKey, context.previousToday);
      if (context?.previousItems) queryClient.setQueryData(itemsKey, context.previousItems);
    },
    onSettled: () => {
      // Taps in quick succession: refetching after the first would briefly undo the later ones.
      if (queryClient.isMutating({ mutationKey: setSoldOutMutationKey }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) });
    },
  });
}
