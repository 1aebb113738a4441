import type { TPaymentListItem, TPaymentRefund, TPaymentStats } from '@tavolo/contract/payments';
import { fakeId } from './menu-fixtures';

/** A succeeded card payment of order #12 at table 4, as the payments list answers it. */
export function fakePayment(overrides: Partial<TPaymentListItem> = {}): TPaymentListItem {
  return {
    id: fakeId(),
    orderId: fakeId(),
    amountMinor: 2000,
    method: 'card',
    status: 'succeeded',
    feeMinor: 0,
    refundedMinor: 0,
    reference: null,
    recordedBy: 'Marco Bianchi',
    createdAt: '2025-03-14T18:30:00.000Z',
    orderNumber: 12,
    tableNumber: 4,
    provider: null,
    refunds: [],
    receipt: null,
    ...overrides,
  };
}

export function fakeRefund(
  payment: TPaymentListItem,
  overrides: Partial<TPaymentRefund> = {},
): TPaymentRefund {
  return {
    id: fakeId(),
    paymentId: payment.id,
    orderId: payment.orderId,
    amountMinor: 500,
    reason: 'Cold soup',
    recordedBy: 'Giulia Rossi',
    createdAt: '2025-03-14T19:00:00.000Z',
    ...overrides,
  };
}

const day = (date: string, totalMinor: number, count: number) => ({
  date,
  count,
  grossMinor: totalMinor,
  refundsMinor: 0,
  totalMinor,
});

/** Stats of two days in EUR: €125.00 net from 5 payments, €10.00 refunded once. */
export function fakeStats(overrides: Partial<TPaymentStats> = {}): TPaymentStats {
  return {
    currency: 'EUR',
    timezone: 'Europe/Rome',
    from: '2025-03-13',
    to: '2025-03-14',
    totalMinor: 12_500,
    grossMinor: 13_500,
    refundsMinor: 1_000,
    count: 5,
    refundCount: 1,
    averageMinor: 2_700,
    byMethod: [
      { method: 'card', count: 3, grossMinor: 9_000, refundsMinor: 1_000, totalMinor: 8_000 },
      { method: 'cash', count: 2, grossMinor: 4_500, refundsMinor: 0, totalMinor: 4_500 },
      { method: 'transfer', count: 0, grossMinor: 0, refundsMinor: 0, totalMinor: 0 },
      { method: 'online', count: 0, grossMinor: 0, refundsMinor: 0, totalMinor: 0 },
    ],
    byDay: [day('2025-03-13', 4_500, 2), day('2025-03-14', 8_000, 3)],
    ...overrides,
  };
}
