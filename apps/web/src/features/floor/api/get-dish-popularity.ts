import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { countOrderedDishes } from '../model/picker-dishes';

/** How many recent orders rank the dishes: a busy evening or two. */
const RECENT_ORDERS = 100;

/**
 * Units ordered of each dish in the restaurant's last hundred orders: what the picker ranks by.
 * Whoever sees the floor may read orders; the Overview's dish figures need dashboard.view, which a
 * waiter lacks (decision 032).
 */
export async function getDishPopularity(restaurantId: string, signal?: AbortSignal) {
  const page = await callEndpoint(ordersRoutes.listOrders, {
    params: { restaurantId },
    query: { page: 1, pageSize: RECENT_ORDERS },
    signal,
  });
  return countOrderedDishes(page.items);
}

export function dishPopularityQueryOptions(restaurantId: string) {
  return queryOptions({
    // A root of its own: the board's reloads need not rank the dishes again.
    queryKey: ['dish-popularity', restaurantId] as const,
    queryFn: ({ signal }) => getDishPopularity(restaurantId, signal),
    // The ranking moves slowly: an hour-old one orders the dishes as well.
    staleTime: 60 * 60_000,
  });
}

export function useDishPopularity() {
  const { restaurant } = useCurrentSession();
  return useQuery(dishPopularityQueryOptions(restaurant.id));
}
