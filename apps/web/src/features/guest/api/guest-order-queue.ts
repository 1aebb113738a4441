import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TCreatedOrder, TCreateOrderRequest } from '@tavolo/contract/orders';
import { urlOf } from '../../../lib/api-client';
import { replayWhenBack } from '../../../lib/connectivity';
import { getOfflineQueue, type OfflineQueue, type QueueEntry } from '../../../lib/offline-queue';
import { type Cart, readStoredCart } from '../model/cart';
import { noteWaitingOrders } from '../model/waiting-orders';
import { requestOrderSync } from './guest-worker';

/*
 * A guest's order that could not go (no network, or no answer): it waits on the phone in the
 * 'guest-orders' queue (lib/offline-queue.ts, decision 040) with the Idempotency-Key it was first
 * sent with, and goes out when the phone is back: from the page (on reconnect, when shown again, on
 * the next open) or from the service worker (Background Sync, even with the page closed). The key
 * makes every try the same order: never two. Loaded with the first waiting order or after the menu
 * shows, not with the menu's first paint.
 */

/** What the menu keeps with a waiting order: the table, and the cart as sent (to give it back if refused). */
export interface GuestOrderMeta {
  qrToken: string;
  cart: Cart;
  /** The estimate the guest saw, in the restaurant's minor units. */
  totalMinor: number;
}

export type GuestOrderEntry = QueueEntry<GuestOrderMeta>;

export function guestOrderQueue(): OfflineQueue<GuestOrderMeta> {
  return getOfflineQueue<GuestOrderMeta>('guest-orders');
}

let replaying = false;

/**
 * Sends the waiting orders whenever there may be a way through (at once, on reconnect, when the
 * page is shown again, every 30 s): once per page, whichever screen asks first.
 */
export function replayGuestOrders(): void {
  if (replaying) return;
  replaying = true;
  // For as long as the page is open.
  replayWhenBack(() => guestOrderQueue().replay());
}

/**
 * Keeps an order for later, under the key its first try used (or a new one), and has it sent as
 * soon as the phone is back: Background Sync where the browser has it, the page's own triggers
 * in any case.
 */
export async function queueGuestOrder({
  body,
  idempotencyKey,
  meta,
}: {
  body: TCreateOrderRequest;
  idempotencyKey: string;
  meta: GuestOrderMeta;
}): Promise<GuestOrderEntry> {
  const entry = await guestOrderQueue().enqueue(
    { method: 'POST', path: urlOf(ordersRoutes.placeOrder), body },
    { idempotencyKey, meta },
  );
  noteWaitingOrders(meta.qrToken, true);
  void requestOrderSync();
  replayGuestOrders();
  return entry;
}

/**
 * Takes an order the guest has seen the end of (sent, or refused and given back) out of the queue;
 * the table's mark goes with its last one.
 */
export async function settleGuestOrder(id: string, qrToken: string): Promise<void> {
  await guestOrderQueue().acknowledge(id);
  if (entriesOfTable(await guestOrderQueue().list(), qrToken).length === 0) noteWaitingOrders(qrToken, false);
}

/** The table's entries, their cart read back field by field (an entry written by an older page may differ). */
export function entriesOfTable(entries: readonly GuestOrderEntry[], qrToken: string): GuestOrderEntry[] {
  return entries.filter(
    (entry) => entry.meta?.qrToken === qrToken && readStoredCart(entry.meta.cart) !== null,
  );
}

/** The order a sent entry's answer carries, or null when the answer is not one. */
export function readPlacedOrder(answer: unknown): TCreatedOrder | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { id, number, createdAt } = answer as Record<string, unknown>;
  return typeof id === 'string' && Number.isInteger(number) && typeof createdAt === 'string'
    ? (answer as TCreatedOrder)
    : null;
}
