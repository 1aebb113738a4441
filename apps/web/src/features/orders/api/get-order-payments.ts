import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { orderPaymentsQueryKey } from '../../../lib/money-query-keys';

/** Every payment of one order and the refunds of each, oldest first. */
export async function getOrderPayments(orderId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(paymentsRoutes.orderPayments, { params: { id: orderId }, signal });
  return items;
}

/**
 * Keyed by the order's version too: a payment recorded anywhere (here, on another device, online)
 * changes the order, which the details receive live, and so reloads its payments.
 */
export function orderPaymentsQueryOptions(restaurantId: string, orderId: string, version: number) {
  return queryOptions({
    queryKey: [...orderPaymentsQueryKey(restaurantId, orderId), version] as const,
    queryFn: ({ signal }) => getOrderPayments(orderId, signal),
    // The last list stays on screen while the next version loads.
    placeholderData: keepPreviousData,
  });
}

/** The payments of an order whose details are open, for those who may read them. */
export function useOrderPayments(order: { id: string; version: number }, enabled: boolean) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...orderPaymentsQueryOptions(restaurant.id, order.id, order.version), enabled });
}
