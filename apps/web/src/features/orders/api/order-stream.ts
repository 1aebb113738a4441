import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ordersEndpoints, type TOrder, ZOrder } from '@tavolo/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { urlOf } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { applyOrderEvent, isAtLeastAsRecent, type OrderStreamEvent } from '../model/board-orders';
import { isFinalStatus } from '../model/order-status';
import { currentOrdersQueryKey, noteLiveOrder } from './get-current-orders';
import { orderQueryKey } from './get-order';
import { orderListsQueryKey } from './get-orders';

export const ORDER_STREAM_URL = urlOf(ordersEndpoints.restaurantStream);

/** connecting: not heard from the server yet; live: up to date; reconnecting: updates interrupted. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

const ZOrderEventData = z.object({ order: ZOrder });

// When the browser gives up (the server answered with an error rather than a stream), try again
// ourselves, less and less often.
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/** Puts an order from the stream into every cached copy: the board, and its details if open. */
export function applyStreamEvent(queryClient: QueryClient, restaurantId: string, event: OrderStreamEvent) {
  noteLiveOrder(restaurantId, event.order);
  queryClient.setQueryData<TOrder[]>(currentOrdersQueryKey(restaurantId), (orders) =>
    applyOrderEvent(orders, event),
  );
  const detailKey = orderQueryKey(restaurantId, event.order.id);
  const detail = queryClient.getQueryData<TOrder>(detailKey);
  // A late event must not undo a newer answer already in the details.
  if (detail && isAtLeastAsRecent(event.order, detail)) queryClient.setQueryData(detailKey, event.order);
  // Lists of past orders are not on screen now; they reload when next shown.
  if (isFinalStatus(event.order.status)) {
    void queryClient.invalidateQueries({ queryKey: orderListsQueryKey(restaurantId), refetchType: 'none' });
  }
}

/**
 * Keeps the board live over server-sent events. The browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed. The board reloads its list on every
 * `ready` as well: a list cached from an earlier visit (or loaded just before the stream
 * subscribed) may lack orders no replay covers. `onOrderCreated` hears of orders that are new to
 * this board.
 */
export function useOrderStream({ onOrderCreated }: { onOrderCreated?: (order: TOrder) => void } = {}) {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const restaurantId = restaurant.id;
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const onCreated = useRef(onOrderCreated);
  onCreated.current = onOrderCreated;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastEventId = '';
    let stopped = false;

    const boardKey = currentOrdersQueryKey(restaurantId);

    const handle = (type: OrderStreamEvent['type']) => (message: MessageEvent) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = ZOrderEventData.safeParse(data);
      if (!parsed.success) {
        // Something we cannot read: the list is the truth.
        void queryClient.invalidateQueries({ queryKey: boardKey });
        return;
      }
      const { order } = parsed.data;
      const wasKnown = queryClient.getQueryData<TOrder[]>(boardKey)?.some((known) => known.id === order.id);
      applyStreamEvent(queryClient, restaurantId, { type, order });
      if (type === 'order.created' && !wasKnown && !isFinalStatus(order.status)) onCreated.current?.(order);
    };

    const connect = () => {
      // A stream we open ourselves after the browser gave up resumes from the last event seen.
      const url = lastEventId
        ? `${ORDER_STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}`
        : ORDER_STREAM_URL;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener('ready', (message: MessageEvent) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        failures = 0;
        setStatus('live');
        void queryClient.invalidateQueries({ queryKey: boardKey });
      });
      current.addEventListener('order.created', handle('order.created'));
      current.addEventListener('order.updated', handle('order.updated'));
      current.onerror = () => {
        if (stopped) return;
        setStatus('reconnecting');
        if (current.readyState === EventSource.CLOSED) {
          current.close();
          // The server refused the stream: perhaps the session lapsed, which a normal request reports.
          void queryClient.invalidateQueries({ queryKey: boardKey });
          const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
          failures += 1;
          retryTimer = setTimeout(connect, delay);
        }
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, restaurantId]);

  return status;
}
