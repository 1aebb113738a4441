/*
 * The orders this phone placed at a table, with the token that lets it (and nobody else) read
 * each one. Kept per table, newest first, so the guest finds them again from the menu.
 */

export const ordersStorageKey = (qrToken: string) => `tavolo:orders:${qrToken}`;

const MAX_REMEMBERED = 20;

export type RememberedOrder = { orderId: string; guestToken: string; number: number; placedAt: string };

/** A stored entry, rebuilt field by field (by hand: the menu page loads this, and zod is large). */
function readRememberedOrder(value: unknown): RememberedOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const { orderId, guestToken, number, placedAt } = value as Record<string, unknown>;
  if (typeof orderId !== 'string' || orderId.length === 0) return null;
  if (typeof guestToken !== 'string' || guestToken.length === 0) return null;
  if (!Number.isInteger(number) || typeof placedAt !== 'string') return null;
  return { orderId, guestToken, number: number as number, placedAt };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function listRememberedOrders(qrToken: string): RememberedOrder[] {
  try {
    const raw = storage()?.getItem(ordersStorageKey(qrToken));
    if (!raw) return [];
    const entries: unknown = JSON.parse(raw);
    if (!Array.isArray(entries)) return [];
    // One unreadable entry must not hide the others.
    return entries.flatMap((entry) => {
      const order = readRememberedOrder(entry);
      return order ? [order] : [];
    });
  } catch {
    return [];
  }
}

/** This visit's orders, for when storage is disabled (some private modes). */
const placedThisVisit = new Map<string, RememberedOrder>();

export function findRememberedOrder(qrToken: string, orderId: string): RememberedOrder | undefined {
  return (
    listRememberedOrders(qrToken).find((order) => order.orderId === orderId) ?? placedThisVisit.get(orderId)
  );
}

export function rememberOrder(qrToken: string, order: RememberedOrder): void {
  const others = listRememberedOrders(qrToken).filter((entry) => entry.orderId !== order.orderId);
  try {
    const store = storage();
    if (!store) throw new Error('no storage');
    store.setItem(ordersStorageKey(qrToken), JSON.stringify([order, ...others].slice(0, MAX_REMEMBERED)));
  } catch {
    // Storage full or disabled: the order page still opens from memory during this visit.
    placedThisVisit.set(order.orderId, order);
  }
}
