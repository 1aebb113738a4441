import { queryOptions, useQuery } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

export const menuItemsQueryKey = (restaurantId: string) => [...menuDataKey(restaurantId), 'items'] as const;

/** Every item, active or not, by category position then item position. */
export async function getMenuItems(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(menuRoutes.listMenuItems, { params: { restaurantId }, signal });
  return items;
}

export function menuItemsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: menuItemsQueryKey(restaurantId),
    queryFn: ({ signal }) => getMenuItems(restaurantId, signal),
  });
}

export function useMenuItems() {
  const { restaurant } = useCurrentSession();
  return useQuery(menuItemsQueryOptions(restaurant.id));
}
