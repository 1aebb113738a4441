import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import type { QueryOf } from '@tavolo/contract/endpoint';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { paymentsQueryKey } from '../../../lib/money-query-keys';

/** What the list endpoint receives: days in the restaurant's time zone, optional filters, a page. */
export type PaymentListQuery = Pick<
  QueryOf<typeof paymentsRoutes.listPayments>,
  'from' | 'to' | 'method' | 'status'
> & { page: number; pageSize: number };

export const paymentListQueryKey = (restaurantId: string, query: PaymentListQuery) =>
  [...paymentsQueryKey(restaurantId), 'list', query] as const;

/** One page of a restaurant's payments, newest first. */
export async function getPayments(restaurantId: string, query: PaymentListQuery, signal?: AbortSignal) {
  return callEndpoint(paymentsRoutes.listPayments, { params: { restaurantId }, query, signal });
}

export function paymentsQueryOptions(restaurantId: string, query: PaymentListQuery) {
  return queryOptions({
    queryKey: paymentListQueryKey(restaurantId, query),
    queryFn: ({ signal }) => getPayments(restaurantId, query, signal),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePayments(query: PaymentListQuery, enabled = true) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...paymentsQueryOptions(restaurant.id, query), enabled });
}
