import type { TOrder, TPaymentStatus, TStatusChange } from '@tavolo/contract/orders';
import type { BadgeTone } from '../../../components/ui/badge';

export const PAYMENT_STATUS_LABELS: Readonly<Record<TPaymentStatus, string>> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

export const PAYMENT_STATUS_TONES: Readonly<Record<TPaymentStatus, BadgeTone>> = {
  unpaid: 'warning',
  paid: 'success',
  refunded: 'neutral',
  partially_refunded: 'neutral',
};

export const SOURCE_LABELS: Readonly<Record<TOrder['source'], string>> = {
  qr: 'QR code',
  staff: 'Staff',
};

const ACTOR_LABELS: Readonly<Record<TStatusChange['by']['type'], string>> = {
  guest: 'guest',
  owner: 'owner',
  staff: 'staff',
  system: 'automatic',
};

/** "Giulia Rossi (owner)", "Guest". */
export function describeActor(by: TStatusChange['by']): string {
  if (by.type === 'guest')
    return by.name && by.name.toLowerCase() !== 'guest' ? `${by.name} (guest)` : 'Guest';
  if (by.type === 'system') return 'Tavolo (automatic)';
  return `${by.name} (${ACTOR_LABELS[by.type]})`;
}

/** "3 items" — the count of dishes, not of lines. */
export function countItems(order: Pick<TOrder, 'items'>): number {
  return order.items.reduce((count, line) => count + line.quantity, 0);
}

/** "2× Margherita, 1× Tiramisù" for a one-line summary. */
export function summarizeItems(order: Pick<TOrder, 'items'>): string {
  return order.items.map((line) => `${line.quantity}× ${line.name}`).join(', ');
}
