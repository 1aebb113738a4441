import type { TServiceRequest, TServiceRequestKind } from '@tavolo/contract/table-service';

/**
 * How the board's strip of open service requests takes in the list, the live stream and the
 * "On my way" taps. The cache holds the open requests only, oldest first (the one waiting longest
 * is served first), as the server lists them.
 */

export const REQUEST_KIND_LABELS: Record<TServiceRequestKind, string> = {
  waiter: 'Waiter',
  bill: 'Bill',
  message: 'Message',
};

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
  const table = `Table ${request.tableNumber}`;
  switch (request.kind) {
    case 'waiter':
      return `${table} calls a waiter`;
    case 'bill':
      return `${table} asks for the bill`;
    case 'message':
      return request.message ? `${table} writes: ${request.message}` : `${table} sends a message`;
  }
}
