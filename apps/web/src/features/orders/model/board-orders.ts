import type { TOrder, TOrderStatus } from '@tavolo/contract/orders';
import { ORDER_TRANSITIONS } from '@tavolo/contract/values/orders';
import { compareNewestFirst } from '../../../lib/current-orders';
import { isAtLeastAsRecent } from '../../../lib/order-version';
import type { UnsentTap } from '../../../lib/staff-taps';
import { BOARD_STATUSES, type BoardStatus, isFinalStatus } from './order-status';

/**
 * How the board's cache takes in orders from the list, the live stream and the mutations. The
 * cache holds the current (non-final) orders newest first, as the server lists them.
 */

/**
 * Puts an order into the board's list: replaces the known copy unless that one has a higher
 * version (an event can arrive after the answer that already carried it), adds a new one in its
 * place, and drops one that reached a final status. Returns the same list when nothing changes.
 */
export function upsertBoardOrder(orders: readonly TOrder[], incoming: TOrder): TOrder[] {
  const index = orders.findIndex((order) => order.id === incoming.id);
  const known = index === -1 ? undefined : orders[index];
  if (known && !isAtLeastAsRecent(incoming, known)) return orders as TOrder[];
  if (isFinalStatus(incoming.status)) {
    return index === -1 ? (orders as TOrder[]) : orders.filter((order) => order.id !== incoming.id);
  }
  if (index !== -1) {
    const next = [...orders];
    next[index] = incoming;
    return next;
  }
  return [...orders, incoming].sort(compareNewestFirst);
}

export type OrderStreamEvent = { type: 'order.created' | 'order.updated'; order: TOrder };

/** A live event applied to the cached board; nothing to do before the list has loaded. */
export function applyOrderEvent(
  orders: readonly TOrder[] | undefined,
  event: OrderStreamEvent,
): TOrder[] | undefined {
  if (!orders) return undefined;
  return upsertBoardOrder(orders, event.order);
}

/** The optimistic move: the order shows in its new column (or leaves the board) before the answer. */
export function withStatus(orders: readonly TOrder[], id: string, status: TOrderStatus): TOrder[] {
  if (isFinalStatus(status)) return orders.filter((order) => order.id !== id);
  return orders.map((order) => (order.id === id ? { ...order, status } : order));
}

/**
 * The board as it will be once the moves made through a Wi-Fi drop land: each drawn over the list
 * (again over every fresh read until it is sent), in the order they were made, when it still fits
 * the order's status; the orders whose move waits to be sent are marked. A move that no longer fits
 * (someone else moved the order on) changes nothing; its refusal, once sent, tells.
 */
export function withUnsentMoves(
  orders: readonly TOrder[],
  taps: readonly UnsentTap<'order.status'>[],
): { orders: readonly TOrder[]; unsent: ReadonlySet<string> } {
  let next: readonly TOrder[] = orders;
  const unsent = new Set<string>();
  for (const { tap, waiting } of taps) {
    const known = next.find((order) => order.id === tap.orderId);
    if (!known) continue;
    if (ORDER_TRANSITIONS[known.status].includes(tap.status))
      next = withStatus(next, tap.orderId, tap.status);
    if (waiting) unsent.add(tap.orderId);
  }
  return { orders: next, unsent };
}

/**
 * Undoes an optimistic move (which keeps the order's version), unless a newer version of the order
 * arrived meanwhile (then that is the truth, and stays).
 */
export function revertOrder(orders: readonly TOrder[], previous: TOrder): TOrder[] {
  const current = orders.find((order) => order.id === previous.id);
  if (current && current.version > previous.version) return orders as TOrder[];
  if (!current) return [...orders, previous].sort(compareNewestFirst);
  return orders.map((order) => (order.id === previous.id ? previous : order));
}

/** The board's columns, each oldest first: the order waiting longest is at the top. */
export function groupByStatus(orders: readonly TOrder[]): Record<BoardStatus, TOrder[]> {
  const columns = Object.fromEntries(BOARD_STATUSES.map((status) => [status, [] as TOrder[]])) as Record<
    BoardStatus,
    TOrder[]
  >;
  for (const order of orders) {
    if (order.status in columns) columns[order.status as BoardStatus].push(order);
  }
  for (const status of BOARD_STATUSES) columns[status].sort((a, b) => compareNewestFirst(b, a));
  return columns;
}
