import { useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder } from '@tavolo/contract/orders';
import { urlOf } from '../../../lib/api-client';
import { newerOrder } from '../../../lib/order-version';
import { type EventStreamStatus, useEventStream } from '../../../lib/use-event-stream';
import { guestOrderQueryKey } from './get-guest-order';

/** `live`: events arrive; `connecting`/`reconnecting`: the browser is (re)opening it; `offline`: gave up for now. */
export type StreamState = EventStreamStatus;

export function guestOrderStreamUrl(orderId: string, guestToken: string): string {
  return urlOf(ordersRoutes.guestOrderStream, { params: { id: orderId }, query: { guestToken } });
}

/**
 * Follows the order live and writes each update into the order's query, unless the copy held
 * there is newer (a higher version). Every `ready` refetches the order: whatever happened while
 * the stream was down.
 */
export function useGuestOrderStream(orderId: string, guestToken: string | undefined): StreamState {
  const queryClient = useQueryClient();
  const key = guestOrderQueryKey(orderId);
  return useEventStream({
    url: guestToken ? guestOrderStreamUrl(orderId, guestToken) : undefined,
    stream: 'guestOrder',
    onReady: () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
    onEvent: ({ data: { order } }) => {
      if (order.id !== orderId) return;
      queryClient.setQueryData<TOrder>(key, (known) => newerOrder(known, order));
    },
  });
}
