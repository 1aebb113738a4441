import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { receiptsRoutes } from '@tavolo/contract/client/receipts';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { paymentsQueryKey } from '../../../lib/money-query-keys';

/** Business days from–to (YYYY-MM-DD, inclusive), a search, a page. */
export interface ReceiptListQuery {
  from: string;
  to: string;
  q?: string;
  page: number;
  pageSize: number;
}

// Under the payments' key: a payment or a refund recorded anywhere issues a receipt or a credit note.
export const receiptListQueryKey = (restaurantId: string, query: ReceiptListQuery) =>
  [...paymentsQueryKey(restaurantId), 'receipts', query] as const;

/** One page of the restaurant's receipts and credit notes, newest first. */
export async function getReceipts(query: ReceiptListQuery, signal?: AbortSignal) {
  return callEndpoint(receiptsRoutes.listReceipts, { query, signal });
}

export function receiptsQueryOptions(restaurantId: string, query: ReceiptListQuery) {
  return queryOptions({
    queryKey: receiptListQueryKey(restaurantId, query),
    queryFn: ({ signal }) => getReceipts(query, signal),
    // Paging and searching keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useReceipts(query: ReceiptListQuery, enabled = true) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...receiptsQueryOptions(restaurant.id, query), enabled });
}
