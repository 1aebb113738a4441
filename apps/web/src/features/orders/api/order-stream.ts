import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TBillUpdatedData } from '@tavolo/contract/events';
import type { TOrder } from '@tavolo/contract/orders';
import type { TServiceRequest } from '@tavolo/contract/table-service';
import { useCallback, useEffect, useRef } from 'react';
import { urlOf } from '../../../lib/api-client';
import { currentOrdersQueryKey } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';
import { applyFloorTable, floorQueryKey, refreshFloorTable } from '../../../lib/floor';
import { applyKitchenUpdate, applyStations, kitchenQueryKey } from '../../../lib/kitchen';
import { isAtLeastAsRecent, newerOrder } from '../../../lib/order-version';
import { tableBillsQueryKey } from '../../../lib/table-bills';
import { type StreamEvent, useEventStream } from '../../../lib/use-event-stream';
import { upsertBoardOrder } from '../model/board-orders';
import { isFinalStatus } from '../model/order-status';
import { applyServiceRequest } from '../model/service-requests';
import { orderQueryKey } from './get-order';
import { orderListsQueryKey } from './get-orders';
import { openServiceRequestsQueryKey } from './get-service-requests';

export const ORDER_STREAM_URL = urlOf(ordersRoutes.restaurantStream);

/** connecting: not heard from the server yet; live: up to date; reconnecting: updates interrupted. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** Puts an order from the stream into every cached copy: the board, and its details if open. */
export function applyStreamOrder(queryClient: QueryClient, restaurantId: string, order: TOrder) {
  queryClient.setQueryData<TOrder[]>(
    currentOrdersQueryKey(restaurantId),
    (orders) => orders && upsertBoardOrder(orders, order),
  );
  const detailKey = orderQueryKey(restaurantId, order.id);
  const detail = queryClient.getQueryData<TOrder>(detailKey);
  // A late event must not undo a newer answer already in the details.
  if (detail && isAtLeastAsRecent(order, detail)) queryClient.setQueryData(detailKey, order);
  // Lists of past orders are not on screen now; they reload when next shown.
  if (isFinalStatus(order.status)) {
    void queryClient.invalidateQueries({ queryKey: orderListsQueryKey(restaurantId), refetchType: 'none' });
  }
}

/**
 * Orders from the stream that arrived while the board's list was loading (or before it first
 * loaded). The list may have been read before them, so they are applied again once it lands; the
 * higher version of each order wins, so applying twice is harmless and no older copy wins.
 */
export function holdWhileListLoads(queryClient: QueryClient, restaurantId: string) {
  const boardKey = currentOrdersQueryKey(restaurantId);
  const boardHash = hashKey(boardKey);
  const held = new Map<string, TOrder>();
  const boardQuery = () => queryClient.getQueryCache().find<TOrder[]>({ queryKey: boardKey, exact: true });

  const release = () => {
    const state = boardQuery()?.state;
    if (held.size === 0 || !state || state.fetchStatus !== 'idle' || state.data === undefined) return;
    const orders = [...held.values()];
    held.clear();
    queryClient.setQueryData<TOrder[]>(boardKey, (list) => list && orders.reduce(upsertBoardOrder, list));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === boardHash) release();
  });

  return {
    /** Called for every order the stream brings, before it is applied. */
    note(order: TOrder) {
      const state = boardQuery()?.state;
      if (state && state.fetchStatus === 'idle' && state.data !== undefined) return;
      held.set(order.id, newerOrder(held.get(order.id), order));
    },
    has: (id: string) => held.has(id),
    stop: unsubscribe,
  };
}

/**
 * Puts a request from the stream into the board's strip of open requests (once it has loaded).
 * While the list is being read, the answer may predate the event: the event is applied again to
 * the answer when it lands (applying twice changes nothing).
 */
export function applyStreamServiceRequest(
  queryClient: QueryClient,
  restaurantId: string,
  request: TServiceRequest,
) {
  const key = openServiceRequestsQueryKey(restaurantId);
  const apply = () =>
    queryClient.setQueryData<TServiceRequest[]>(
      key,
      (requests) => requests && applyServiceRequest(requests, request),
    );
  apply();
  if (queryClient.getQueryState(key)?.fetchStatus !== 'fetching') return;
  const hash = hashKey(key);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hash || event.query.state.fetchStatus !== 'idle') return;
    unsubscribe();
    apply();
  });
}

/** How many request ids the stream remembers having announced (a replay must not chime again). */
const ANNOUNCED_REQUESTS_KEPT = 200;

/**
 * Keeps the board live over the restaurant's stream: orders, the tables' service requests,
 * their bills, the floor and the kitchen's stations. The board reloads its lists on every `ready`: a list cached from an earlier visit
 * (or loaded just before the stream subscribed) may lack what no replay covers. `onOrderCreated`
 * hears of orders that are new to this board, `onServiceRequestCreated` of new calls from a table,
 * `onBillClosed` of a table whose visit just ended.
 */
export function useOrderStream({
  onOrderCreated,
  onServiceRequestCreated,
  onBillClosed,
}: {
  onOrderCreated?: (order: TOrder) => void;
  onServiceRequestCreated?: (request: TServiceRequest) => void;
  onBillClosed?: (bill: TBillUpdatedData) => void;
} = {}): StreamStatus {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const restaurantId = restaurant.id;
  const boardKey = currentOrdersQueryKey(restaurantId);
  const onCreated = useRef(onOrderCreated);
  onCreated.current = onOrderCreated;
  const onRequest = useRef(onServiceRequestCreated);
  onRequest.current = onServiceRequestCreated;
  const onClosedBill = useRef(onBillClosed);
  onClosedBill.current = onBillClosed;
  const announced = useRef(new Set<string>());

  const hold = useRef<ReturnType<typeof holdWhileListLoads>>(undefined);
  useEffect(() => {
    const current = holdWhileListLoads(queryClient, restaurantId);
    hold.current = current;
    return () => {
      current.stop();
      if (hold.current === current) hold.current = undefined;
    };
  }, [queryClient, restaurantId]);

  const reloadBoard = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: currentOrdersQueryKey(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: openServiceRequestsQueryKey(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: tableBillsQueryKey(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: floorQueryKey(restaurantId) });
    // The kitchen's events carry no id (nothing replays them): a station reads its tickets again.
    void queryClient.invalidateQueries({ queryKey: kitchenQueryKey(restaurantId) });
  }, [queryClient, restaurantId]);

  const status = useEventStream({
    url: ORDER_STREAM_URL,
    stream: 'restaurant',
    withCredentials: true,
    onReady: reloadBoard,
    // Something we cannot read: the list is the truth.
    onUnreadable: reloadBoard,
    // The server refused the stream: perhaps the session lapsed, which a normal request reports.
    onClosed: reloadBoard,
    onEvent: (event: StreamEvent<'restaurant'>) => {
      if (event.type === 'service_request.created' || event.type === 'service_request.updated') {
        const { request } = event.data;
        applyStreamServiceRequest(queryClient, restaurantId, request);
        const seen = announced.current;
        if (event.type === 'service_request.created' && request.status === 'open' && !seen.has(request.id)) {
          seen.add(request.id);
          if (seen.size > ANNOUNCED_REQUESTS_KEPT) seen.delete(seen.values().next().value ?? '');
          onRequest.current?.(request);
        }
        return;
      }
      if (event.type === 'bill.updated') {
        // The event carries figures only: the list and any open bill are read again.
        void queryClient.invalidateQueries({ queryKey: tableBillsQueryKey(restaurantId) });
        if (event.data.closed) onClosedBill.current?.(event.data);
        return;
      }
      if (event.type === 'table.updated') {
        const removed = 'removed' in event.data && event.data.removed === true;
        applyFloorTable(queryClient, restaurantId, event.data.table, { removed });
        return;
      }
      if (event.type === 'kitchen.updated') {
        applyKitchenUpdate(queryClient, restaurantId, event.data);
        return;
      }
      if (event.type === 'stations.updated') {
        applyStations(queryClient, restaurantId, event.data);
        return;
      }
      // Menus have their own readers (the guests' pages).
      if (event.type !== 'order.created' && event.type !== 'order.updated') return;
      const { order } = event.data;
      const wasKnown =
        hold.current?.has(order.id) ||
        queryClient.getQueryData<TOrder[]>(boardKey)?.some((known) => known.id === order.id);
      hold.current?.note(order);
      applyStreamOrder(queryClient, restaurantId, order);
      refreshFloorTable(queryClient, restaurantId, order.tableId);
      if (event.type === 'order.created' && !wasKnown && !isFinalStatus(order.status)) {
        onCreated.current?.(order);
      }
    },
  });
  return status === 'offline' ? 'reconnecting' : status;
}
