import { useQueryClient } from '@tanstack/react-query';
import { ordersEndpoints, type TOrder, ZOrder } from '@tavolo/contract/orders';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { urlOf } from '../../../lib/api-client';
import { guestOrderQueryKey } from './get-guest-order';

/** `live`: events arrive; `connecting`/`reconnecting`: the browser is (re)opening it; `offline`: gave up for now. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'offline';

const ZOrderEvent = z.object({ order: ZOrder });

export function guestOrderStreamUrl(orderId: string, guestToken: string): string {
  return urlOf(ordersEndpoints.guestOrderStream, { params: { id: orderId }, query: { guestToken } });
}

/** Reads an `order.updated` event's data; null when it is not an order. */
export function parseOrderEvent(data: string): TOrder | null {
  try {
    const parsed = ZOrderEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.order : null;
  } catch {
    return null;
  }
}

// After the browser gives up (the server answered an error, say): when to try again ourselves.
const REOPEN_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * Follows the order live (server-sent events) and writes each update into the order's query.
 * EventSource reconnects by itself with Last-Event-ID; on top of that, every `ready` refetches the
 * order (whatever happened while the stream was down), and coming back to the tab or online
 * reopens a stream the browser gave up on.
 */
export function useGuestOrderStream(orderId: string, guestToken: string | undefined): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    if (!guestToken) return;
    // Another order on the same page: its stream has yet to prove itself.
    setState('connecting');
    if (typeof EventSource === 'undefined') {
      setState('offline');
      return;
    }
    const key = guestOrderQueryKey(orderId);
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const open = () => {
      clearTimeout(reopenTimer);
      source?.close();
      const current = new EventSource(guestOrderStreamUrl(orderId, guestToken));
      source = current;
      current.addEventListener('ready', () => {
        failures = 0;
        setState('live');
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      });
      current.addEventListener('order.updated', (event) => {
        const order = parseOrderEvent((event as MessageEvent<string>).data);
        if (order?.id !== orderId) return;
        // A fetch still under way (started by `ready`) would bring back an older copy.
        void queryClient.cancelQueries({ queryKey: key, exact: true });
        queryClient.setQueryData(key, order);
      });
      current.addEventListener('error', () => {
        if (current.readyState === EventSource.CLOSED) {
          setState('offline');
          const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
          failures += 1;
          reopenTimer = setTimeout(open, delay);
        } else {
          setState('reconnecting');
        }
      });
    };

    const reopenIfClosed = () => {
      if (document.visibilityState !== 'visible') return;
      if (!source || source.readyState === EventSource.CLOSED) open();
    };
    open();
    document.addEventListener('visibilitychange', reopenIfClosed);
    window.addEventListener('online', reopenIfClosed);
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
      document.removeEventListener('visibilitychange', reopenIfClosed);
      window.removeEventListener('online', reopenIfClosed);
    };
  }, [orderId, guestToken, queryClient]);

  return state;
}
