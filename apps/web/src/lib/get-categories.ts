import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';
import { categoriesQueryKey } from './menu-query-keys';

// Here rather than in a feature: the categories screen, the menu list and the dish form all read it.

export async function getCategories(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(categoriesRoutes.listCategories, {
    // This path's id names the restaurant.
    params: { id: restaurantId },
    signal,
  });
  return items;
}

export function categoriesQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: categoriesQueryKey(restaurantId),
    queryFn: ({ signal }) => getCategories(restaurantId, signal),
  });
}

/** The current restaurant's categories, by position. */
export function useCategories() {
  const { restaurant } = useCurrentSession();
  return useQuery(categoriesQueryOptions(restaurant.id));
}
