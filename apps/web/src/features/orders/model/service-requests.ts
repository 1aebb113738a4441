import type { TServiceRequest, TServiceRequestKind } from '@tavolo/contract/table-service';
import { t } from '../../../lib/i18n/i18n';

/**
 * How the board's strip of open service requests takes in the list, the live stream and the
 * "On my way" taps. The cache holds the open requests only, oldest first (the one waiting longest
 * is served first), as the server lists them.
 */

/** What a table asks for, in a word: "Waiter", "Bill", "Message". */
export function requestKindLabel(kind: TServiceRequestKind): string {
  switch (kind) {
    case 'waiter':
      return t('orders.request.kindWaiter');
    case 'bill':
      return t('orders.request.kindBill');
    case 'message':
      return t('orders.request.kindMessage');
  }
}

/** Oldest first; the id breaks ties so that the order never flickers. */
export function compareOldestFirst(a: TServiceRequest, b: TServiceRequest): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);
}

/**
 * Puts a request from the stream (or an answer) into the list of open ones: an open request is
 * added or replaced in its place, an acknowledged one leaves. Returns the same list when nothing
 * changes, so a replayed event does not re-render the board.
 */
export function applyServiceRequest(
  requests: readonly TServiceRequest[],
  incoming: TServiceRequest,
): TServiceRequest[] {
  const index = requests.findIndex((request) => request.id === incoming.id);
  if (incoming.status !== 'open') {
    return index === -1 ? (requests as TServiceRequest[]) : withoutRequest(requests, incoming.id);
  }
  if (index !== -1) {
    const next = [...requests];
    next[index] = incoming;
    return next;
  }
  return [...requests, incoming].sort(compareOldestFirst);
}

export function withoutRequest(requests: readonly TServiceRequest[], id: string): TServiceRequest[] {
  return requests.filter((request) => request.id !== id);
}

/** Puts a request back where it was (an acknowledgement the server refused). */
export function restoreRequest(
  requests: readonly TServiceRequest[],
  request: TServiceRequest,
): TServiceRequest[] {
  if (requests.some((known) => known.id === request.id)) return requests as TServiceRequest[];
  return [...requests, request].sort(compareOldestFirst);
}

/** One sentence for a screen reader or a toast: "Table 4 calls a waiter". */
export function describeServiceRequest(request: TServiceRequest): string {
  const table = request.tableNumber;
  switch (request.kind) {
    case 'waiter':
      return t('orders.request.callsWaiter', { table });
    case 'bill':
      return t('orders.request.asksForBill', { table });
    case 'message':
      return request.message
        ? t('orders.request.writes', { table, message: request.message })
        : t('orders.request.sendsMessage', { table });
  }
}
