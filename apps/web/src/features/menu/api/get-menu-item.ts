import { queryOptions, useQuery } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuItemsQueryKey } from './get-menu-items';

export const menuItemQueryKey = (restaurantId: string, id: string) =>
  [...menuItemsQueryKey(restaurantId), id] as const;

export async function getMenuItem(id: string, signal?: AbortSignal) {
  return callEndpoint(menuRoutes.getMenuItem, { params: { id }, signal });
}

export function menuItemQueryOptions(restaurantId: string, id: string) {
  return queryOptions({
    queryKey: menuItemQueryKey(restaurantId, id),
    queryFn: ({ signal }) => getMenuItem(id, signal),
    // The form starts from what the server holds now, not from a copy cached a minute ago.
    staleTime: 0,
  });
}

/** The item to edit; idle when there is none (the form adds a new one). */
export function useMenuItem(id: string | undefined) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...menuItemQueryOptions(restaurant.id, id ?? ''), enabled: id !== undefined });
}
