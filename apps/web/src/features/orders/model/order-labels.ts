import type { TOrder, TPaymentStatus, TStatusChange } from '@tavolo/contract/orders';
import type { BadgeTone } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { amountDue } from './payment-amount';

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

export interface PaymentLabel {
  text: string;
  tone: BadgeTone;
}

/**
 * How an order's payment reads, the same on the board, in the details and in the past orders. The
 * server says "unpaid" until all is paid; here an order with part of it paid says "Partly paid"
 * and what is still due. Refunds say so first. A cancelled order owes nothing: no warning.
 * `withDue` adds what is due to a plain "Unpaid" too (the board shows it on every card).
 */
export function describeOrderPayment(
  order: Pick<TOrder, 'status' | 'paymentStatus' | 'totalMinor' | 'paidMinor' | 'currency'>,
  { withDue = false }: { withDue?: boolean } = {},
): PaymentLabel {
  if (order.paymentStatus === 'refunded' || order.paymentStatus === 'partially_refunded') {
    return {
      text: PAYMENT_STATUS_LABELS[order.paymentStatus],
      tone: PAYMENT_STATUS_TONES[order.paymentStatus],
    };
  }
  const due = amountDue(order);
  if (order.paymentStatus === 'paid' || due === 0) return { text: 'Paid', tone: 'success' };
  const partly = order.paidMinor > 0;
  if (order.status === 'cancelled') return { text: partly ? 'Partly paid' : 'Not paid', tone: 'neutral' };
  const owed = formatMoney(due, order.currency);
  if (partly) return { text: `Partly paid · ${owed} due`, tone: 'warning' };
  return { text: withDue ? `Unpaid · ${owed} due` : 'Unpaid', tone: 'warning' };
}

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
