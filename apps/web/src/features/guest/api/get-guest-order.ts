import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder } from '@tavolo/contract/orders';
import { GUEST_TOKEN_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';
import { newerOrder } from '../../../lib/order-version';

export const guestOrderQueryKey = (orderId: string) => ['guest', 'order', orderId] as const;

/** One order, for the guest holding its token; 404 for anybody else. */
export async function getGuestOrder(orderId: string, guestToken: string, signal?: AbortSignal) {
  return callEndpoint(ordersRoutes.getOrder, {
    params: { id: orderId },
    headers: { [GUEST_TOKEN_HEADER]: guestToken },
    signal,
  });
}

export function guestOrderQueryOptions(orderId: string, guestToken: string) {
  return queryOptions({
    queryKey: guestOrderQueryKey(orderId),
    queryFn: ({ signal }) => getGuestOrder(orderId, guestToken, signal),
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    // An answer read before an update the page already shows (from the stream) does not undo it.
    structuralSharing: (held, loaded) =>
      replaceEqualDeep(held, newerOrder(held as TOrder | undefined, loaded as TOrder)),
  });
}

/**
 * The order as the server has it. The live stream keeps it current; while the stream is down
 * (`live` false) it is polled instead, and slowly even while it looks live: a phone that changed
 * networks can hold a dead connection that never reports an error.
 */
export function useGuestOrder(orderId: string, guestToken: string | undefined, { live }: { live: boolean }) {
  return useQuery({
    ...guestOrderQueryOptions(orderId, guestToken ?? ''),
    enabled: guestToken !== undefined,
    refetchInterval: live ? 60_000 : 20_000,
  });
}
