/*
 * The order page sends the browser to the payment provider; when the guest comes back, the order
 * it remembers may be from before the payment. A note per order, for this tab only, says to load
 * it afresh on return.
 */

const checkoutStorageKey = (orderId: string) => `tavolo:checkout:${orderId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The browser is about to leave for the checkout of this order. */
export function noteCheckoutStarted(orderId: string): void {
  try {
    storage()?.setItem(checkoutStorageKey(orderId), '1');
  } catch {
    // Storage full or disabled: the live stream still brings the payment in.
  }
}

/** Whether the guest is back from a checkout of this order (answers true once). */
export function takeCheckoutReturn(orderId: string): boolean {
  try {
    const store = storage();
    if (!store?.getItem(checkoutStorageKey(orderId))) return false;
    store.removeItem(checkoutStorageKey(orderId));
    return true;
  } catch {
    return false;
  }
}
