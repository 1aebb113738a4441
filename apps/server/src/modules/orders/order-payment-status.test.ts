import { describe, expect, it } from 'vitest';
import { orderPaymentStatus } from './order-payment-status';

describe('orderPaymentStatus', () => {
  it.each([
    [{ totalMinor: 1000, paidMinor: 0, refundedMinor: 0 }, 'unpaid'],
    [{ totalMinor: 1000, paidMinor: 400, refundedMinor: 0 }, 'unpaid'],
    [{ totalMinor: 1000, paidMinor: 1000, refundedMinor: 0 }, 'paid'],
    [{ totalMinor: 1000, paidMinor: 700, refundedMinor: 300 }, 'partially_refunded'],
    [{ totalMinor: 1000, paidMinor: 0, refundedMinor: 1000 }, 'refunded'],
  ] as const)('%o is %s', (money, status) => {
    expect(orderPaymentStatus(money)).toBe(status);
  });
});
