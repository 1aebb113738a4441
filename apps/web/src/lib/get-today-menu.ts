import { queryOptions, useQuery } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';
import { menuDataKey } from './menu-query-keys';

// Here rather than in a feature: today's menu screen marks dishes sold out, the floor's picker takes orders from it.

export const todayMenuQueryKey = (restaurantId: string) => [...menuDataKey(restaurantId), 'today'] as const;

/** The active items served today in the restaurant's timezone, by category, with sold-out flags. */
export async function getTodayMenu(restaurantId: string, signal?: AbortSignal) {
  return callEndpoint(menuRoutes.todayMenu, { params: { restaurantId }, signal });
}

export function todayMenuQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: todayMenuQueryKey(restaurantId),
    queryFn: ({ signal }) => getTodayMenu(restaurantId, signal),
    // A kitchen tablet stays open all day: coming back to it, or midnight passing, must show the truth.
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });
}

export function useTodayMenu() {
  const { restaurant } = useCurrentSession();
  return useQuery(todayMenuQueryOptions(restaurant.id));
}
