import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder } from '@tavolo/contract/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { ordersQueryKey } from '../../../lib/money-query-keys';
import { newerOrder } from '../../../lib/order-version';

export const orderQueryKey = (restaurantId: string, id: string) =>
  [...ordersQueryKey(restaurantId), 'detail', id] as const;

export async function getOrder(id: string, signal?: AbortSignal) {
  return callEndpoint(ordersRoutes.getOrder, { params: { id }, signal });
}

export function orderQueryOptions(restaurantId: string, id: string) {
  return queryOptions({
    queryKey: orderQueryKey(restaurantId, id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // An answer read before a change the details already show (from the stream) does not undo it.
    structuralSharing: (held, loaded) =>
      replaceEqualDeep(held, newerOrder(held as TOrder | undefined, loaded as TOrder)),
  });
}

/** One order; `known` (from a list) shows at once while the fresh copy loads. */
export function useOrder(id: string, known?: TOrder) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...orderQueryOptions(restaurant.id, id), placeholderData: known });
}
