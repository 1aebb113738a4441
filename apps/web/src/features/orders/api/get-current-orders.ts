import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { compareNewestFirst, upsertBoardOrder } from '../model/board-orders';
import { ordersQueryKey } from './orders-query-key';

export const currentOrdersQueryKey = (restaurantId: string) =>
  [...ordersQueryKey(restaurantId), 'current'] as const;

const PAGE_SIZE = 100;
// A board with more than 500 open orders is not a board any more; stop there.
const MAX_PAGES = 5;

/**
 * Orders that arrived through the live stream, numbered. A list fetched while events arrive may
 * have been read before some of them: the fetch re-applies every event received since it began
 * (older copies lose against newer ones, so applying twice is harmless).
 */
let journalSeq = 0;
const journal: { seq: number; restaurantId: string; order: TOrder }[] = [];
const JOURNAL_SIZE = 200;

export function noteLiveOrder(restaurantId: string, order: TOrder): void {
  journalSeq += 1;
  journal.push({ seq: journalSeq, restaurantId, order });
  if (journal.length > JOURNAL_SIZE) journal.splice(0, journal.length - JOURNAL_SIZE);
}

/** Every current (not final) order, newest first. */
export async function getCurrentOrders(restaurantId: string, signal?: AbortSignal): Promise<TOrder[]> {
  const since = journalSeq;
  const byId = new Map<string, TOrder>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await callEndpoint(ordersEndpoints.listOrders, {
      params: { restaurantId },
      query: { status: 'current', page, pageSize: PAGE_SIZE },
      signal,
    });
    for (const order of answer.items) byId.set(order.id, order);
    if (answer.items.length < PAGE_SIZE || page * PAGE_SIZE >= answer.total) break;
  }
  let orders = [...byId.values()].sort(compareNewestFirst);
  for (const entry of journal) {
    if (entry.seq > since && entry.restaurantId === restaurantId) {
      orders = upsertBoardOrder(orders, entry.order);
    }
  }
  return orders;
}

export function currentOrdersQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: currentOrdersQueryKey(restaurantId),
    queryFn: ({ signal }) => getCurrentOrders(restaurantId, signal),
  });
}

export function useCurrentOrders() {
  const { restaurant } = useCurrentSession();
  return useQuery(currentOrdersQueryOptions(restaurant.id));
}
