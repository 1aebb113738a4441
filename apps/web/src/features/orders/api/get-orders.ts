import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { QueryOf } from '@tavolo/contract/endpoint';
import type { TOrderListQuery } from '@tavolo/contract/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { ordersQueryKey } from '../../../lib/money-query-keys';

/** The filters of an order list; leaving one out means "any". */
export type OrderListFilters = Partial<Pick<TOrderListQuery, 'status' | 'from' | 'to' | 'table' | 'q'>> & {
  page: number;
  pageSize: number;
};

export const orderListsQueryKey = (restaurantId: string) =>
  [...ordersQueryKey(restaurantId), 'list'] as const;

export const orderListQueryKey = (restaurantId: string, filters: OrderListFilters) =>
  [...orderListsQueryKey(restaurantId), filters] as const;

/** The query string of the list and of its CSV export. */
export function orderListSearch(filters: Partial<OrderListFilters>): QueryOf<typeof ordersRoutes.listOrders> {
  return {
    status: filters.status,
    from: filters.from || undefined,
    to: filters.to || undefined,
    table: filters.table,
    q: filters.q?.trim() || undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** One page of a restaurant's orders, newest first. */
export async function getOrders(restaurantId: string, filters: OrderListFilters, signal?: AbortSignal) {
  return callEndpoint(ordersRoutes.listOrders, {
    params: { restaurantId },
    query: orderListSearch(filters),
    signal,
  });
}

export function ordersQueryOptions(restaurantId: string, filters: OrderListFilters) {
  return queryOptions({
    queryKey: orderListQueryKey(restaurantId, filters),
    queryFn: ({ signal }) => getOrders(restaurantId, filters, signal),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: OrderListFilters) {
  const { restaurant } = useCurrentSession();
  return useQuery(ordersQueryOptions(restaurant.id, filters));
}
