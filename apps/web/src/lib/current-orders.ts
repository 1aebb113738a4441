import { type QueryClient, queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder } from '@tavolo/contract/orders';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';
import { ordersQueryKey } from './money-query-keys';
import { isAtLeastAsRecent, newerOrder } from './order-version';

// Here rather than in a feature: the orders board and the kitchen's expo read the same live list,
// which the dashboard's one stream (the orders feature) keeps fresh.

export const currentOrdersQueryKey = (restaurantId: string) =>
  [...ordersQueryKey(restaurantId), 'current'] as const;

const PAGE_SIZE = 100;
// A board with more than 500 open orders is not a board any more; stop there.
const MAX_PAGES = 5;

/** Newest first; the order number breaks ties, as on the server. */
export function compareNewestFirst(a: TOrder, b: TOrder): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.number - a.number;
}

/**
 * A freshly loaded list, keeping any copy already held that is newer than the list's: the list may
 * have been read before a change the board heard of meanwhile. Orders the list no longer has are
 * gone (they reached a final status).
 */
export function keepNewerCopies(held: readonly TOrder[] | undefined, loaded: TOrder[]): TOrder[] {
  if (!held || held.length === 0) return loaded;
  const byId = new Map(held.map((order) => [order.id, order]));
  let changed = false;
  const merged = loaded.map((order) => {
    const known = byId.get(order.id);
    if (!known || isAtLeastAsRecent(order, known)) return order;
    changed = true;
    return known;
  });
  return changed ? merged : loaded;
}

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

/**
 * An answer about an order already on the list (a course fired, an order served) shown at once;
 * the stream brings the same to every screen, and anything else (a new or finished order) with it.
 */
export function putCurrentOrder(queryClient: QueryClient, restaurantId: string, order: TOrder) {
  queryClient.setQueryData<TOrder[]>(currentOrdersQueryKey(restaurantId), (orders) =>
    orders?.map((known) => (known.id === order.id ? newerOrder(known, order) : known)),
  );
}
