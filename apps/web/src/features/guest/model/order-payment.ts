import type { TOrder } from '@tavolo/contract/orders';

/** What the guest's order page says about paying, and whether it offers "Pay now". */
export type GuestPaymentState =
  /** Something is left to pay; `paidMinor` above 0 means partly paid. */
  | { kind: 'due'; dueMinor: number; paidMinor: number }
  | { kind: 'paid'; paidMinor: number }
  /** The restaurant gave money back: settled with the staff, not paid again online. */
  | { kind: 'refunded' }
  /** Nothing to pay: cancelled, or a total of zero. */
  | { kind: 'none' };

type PaymentFields = Pick<TOrder, 'status' | 'totalMinor' | 'paidMinor' | 'paymentStatus'>;

/** What is still to pay: the total minus what was paid (never below zero). */
export function amountDue(order: Pick<TOrder, 'totalMinor' | 'paidMinor'>): number {
  return Math.max(0, order.totalMinor - order.paidMinor);
}

export function guestPaymentState(order: PaymentFields): GuestPaymentState {
  if (order.paymentStatus === 'refunded' || order.paymentStatus === 'partially_refunded') {
    return { kind: 'refunded' };
  }
  const dueMinor = amountDue(order);
  if (order.totalMinor > 0 && dueMinor === 0) return { kind: 'paid', paidMinor: order.paidMinor };
  if (order.status === 'cancelled' || dueMinor === 0) return { kind: 'none' };
  return { kind: 'due', dueMinor, paidMinor: Math.max(0, order.paidMinor) };
}
