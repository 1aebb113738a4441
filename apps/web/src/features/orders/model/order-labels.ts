import type { TOrder, TPaymentMethod, TPaymentStatus, TStatusChange } from '@tavolo/contract/orders';
import type { BadgeTone } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { amountDue } from './payment-amount';

export function paymentStatusLabel(status: TPaymentStatus): string {
  switch (status) {
    case 'unpaid':
      return t('orders.paymentStatus.unpaid');
    case 'paid':
      return t('orders.paymentStatus.paid');
    case 'refunded':
      return t('orders.paymentStatus.refunded');
    case 'partially_refunded':
      return t('orders.paymentStatus.partlyRefunded');
  }
}

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
      text: paymentStatusLabel(order.paymentStatus),
      tone: PAYMENT_STATUS_TONES[order.paymentStatus],
    };
  }
  const due = amountDue(order);
  if (order.paymentStatus === 'paid' || due === 0)
    return { text: paymentStatusLabel('paid'), tone: 'success' };
  const partly = order.paidMinor > 0;
  if (order.status === 'cancelled') {
    return { text: partly ? t('orders.payment.partlyPaid') : t('orders.payment.notPaid'), tone: 'neutral' };
  }
  const owed = formatMoney(due, order.currency);
  if (partly) return { text: t('orders.payment.partlyPaidDue', { due: owed }), tone: 'warning' };
  return {
    text: withDue ? t('orders.payment.unpaidDue', { due: owed }) : paymentStatusLabel('unpaid'),
    tone: 'warning',
  };
}

/** How a payment was made: cash, card, bank transfer or online. */
export function paymentMethodLabel(method: TPaymentMethod): string {
  switch (method) {
    case 'cash':
      return t('orders.method.cash');
    case 'card':
      return t('orders.method.card');
    case 'transfer':
      return t('orders.method.transfer');
    case 'online':
      return t('orders.method.online');
  }
}

/** Where an order came from: a guest's phone (the table's QR code) or staff. */
export function sourceLabel(source: TOrder['source']): string {
  return source === 'qr' ? t('orders.source.qr') : t('orders.source.staff');
}

/** "Giulia Rossi (owner)", "Guest". */
export function describeActor(by: TStatusChange['by']): string {
  switch (by.type) {
    case 'guest':
      // A guest who gave no name is recorded as "Guest".
      return by.name && by.name.toLowerCase() !== 'guest'
        ? t('orders.actor.namedGuest', { name: by.name })
        : t('orders.actor.guest');
    case 'system':
      return t('orders.actor.system');
    case 'owner':
      return t('orders.actor.owner', { name: by.name });
    case 'staff':
      return t('orders.actor.staff', { name: by.name });
  }
}

/** "3 items" — the count of dishes, not of lines. */
export function countItems(order: Pick<TOrder, 'items'>): number {
  return order.items.reduce((count, line) => count + line.quantity, 0);
}

/** "2× Margherita, 1× Tiramisù" for a one-line summary. */
export function summarizeItems(order: Pick<TOrder, 'items'>): string {
  return order.items.map((line) => `${line.quantity}× ${line.name}`).join(', ');
}
