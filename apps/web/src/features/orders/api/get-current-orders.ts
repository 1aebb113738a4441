import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder } from '@tavolo/contract/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { ordersQueryKey } from '../../../lib/money-query-keys';
import { compareNewestFirst, keepNewerCopies } from '../model/board-orders';

export const currentOrdersQueryKey = (restaurantId: string) =>
  [...ordersQueryKey(restaurantId), 'current'] as const;

const PAGE_SIZE = 100;
// A board with more than 500 open orders is not a board any more; stop there.
const MAX_PAGES = 5;

/** Every current (not final) order, newest first. */
export async function getCurrentOrders(restaurantId: string, signal?: AbortSignal): Promise<TOrder[]> {
  const byId = new Map<string, TOrder>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await callEndpoint(ordersRoutes.listOrders, {
      params: { restaurantId },
      query: { status: 'current', page, pageSize: PAGE_SIZE },
      signal,
    });
    for (const order of answer.items) byId.set(order.id, order);
    if (answer.items.length < PAGE_SIZE || page * PAGE_SIZE >= answer.total) break;
  }
  return [...byId.values()].sort(compareNewestFirst);
}

export function currentOrdersQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: currentOrdersQueryKey(restaurantId),
    queryFn: ({ signal }) => getCurrentOrders(restaurantId, signal),
    // The list may have been read before a change the board already holds (from the stream or a
    // move's answer): the newer version of each order stays. Orders created meanwhile are the
    // stream's to bring back (see holdWhileListLoads).
    structuralSharing: (held, loaded) =>
      replaceEqualDeep(held, keepNewerCopies(held as TOrder[] | undefined, loaded as TOrder[])),
  });
}

export function useCurrentOrders() {
  const { restaurant } = useCurrentSession();
  return useQuery(currentOrdersQueryOptions(restaurant.id));
}
