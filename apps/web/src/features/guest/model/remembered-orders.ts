import { z } from 'zod';

/*
 * The orders this phone placed at a table, with the token that lets it (and nobody else) read
 * each one. Kept per table, newest first, so the guest finds them again from the menu.
 */

export const ordersStorageKey = (qrToken: string) => `tavolo:orders:${qrToken}`;

const MAX_REMEMBERED = 20;

const ZRememberedOrder = z.object({
  orderId: z.string().min(1),
  guestToken: z.string().min(1),
  number: z.number().int(),
  placedAt: z.string(),
});
export type RememberedOrder = z.infer<typeof ZRememberedOrder>;

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
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(raw));
    if (!parsed.success) return [];
    // One unreadable entry must not hide the others.
    return parsed.data.flatMap((entry) => {
      const order = ZRememberedOrder.safeParse(entry);
      return order.success ? [order.data] : [];
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
