/*
 * Whether this phone may have orders waiting for a connection at a table: a mark in localStorage,
 * set when one is queued and taken off once none is left. The menu loads the queue's code (and
 * IndexedDB's) only then, or when an order has to wait: a phone that never lost its network never
 * fetches it. Another tab of the same table sees the same mark.
 */

export const waitingOrdersKey = (qrToken: string) => `tavolo:waiting-orders:${qrToken}`;

/** True when orders may be waiting here (also when storage cannot tell: better to look). */
export function mayHaveWaitingOrders(qrToken: string): boolean {
  try {
    return globalThis.localStorage.getItem(waitingOrdersKey(qrToken)) !== null;
  } catch {
    return true;
  }
}

export function noteWaitingOrders(qrToken: string, waiting: boolean): void {
  try {
    if (waiting) globalThis.localStorage.setItem(waitingOrdersKey(qrToken), '1');
    else globalThis.localStorage.removeItem(waitingOrdersKey(qrToken));
  } catch {
    // Storage disabled: the menu then always looks.
  }
}
