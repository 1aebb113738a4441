import type { TPaymentStatus } from '@tavolo/contract/orders';

/**
 * An order's payment status from its money: `paidMinor` is succeeded payments minus refunds,
 * `refundedMinor` the refunds alone. Once anything was refunded the status says so; otherwise
 * the order is paid when nothing is left due. ("Partly paid" is unpaid with paidMinor above 0.)
 */
export function orderPaymentStatus(money: {
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
}): TPaymentStatus {
  if (money.refundedMinor > 0) return money.paidMinor > 0 ? 'partially_refunded' : 'refunded';
  return money.paidMinor >= money.totalMinor ? 'paid' : 'unpaid';
}
