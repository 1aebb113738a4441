import { describe, expect, it } from 'vitest';
import { amountDue, guestPaymentState } from './order-payment';

const order = (overrides: Partial<Parameters<typeof guestPaymentState>[0]> = {}) => ({
  status: 'pending' as const,
  totalMinor: 1_375,
  paidMinor: 0,
  paymentStatus: 'unpaid' as const,
  ...overrides,
});

describe('amountDue', () => {
  it('is the total minus what was paid, never below zero', () => {
    expect(amountDue({ totalMinor: 1_375, paidMinor: 0 })).toBe(1_375);
    expect(amountDue({ totalMinor: 1_375, paidMinor: 375 })).toBe(1_000);
    expect(amountDue({ totalMinor: 1_375, paidMinor: 2_000 })).toBe(0);
  });
});

describe('guestPaymentState', () => {
  it('offers to pay the whole total of an unpaid order', () => {
    expect(guestPaymentState(order())).toEqual({ kind: 'due', dueMinor: 1_375, paidMinor: 0 });
  });

  it('offers to pay the rest of a partly paid order', () => {
    expect(guestPaymentState(order({ paidMinor: 1_000 }))).toEqual({
      kind: 'due',
      dueMinor: 375,
      paidMinor: 1_000,
    });
  });

  it('says paid once nothing is due, whatever the status', () => {
    expect(guestPaymentState(order({ paidMinor: 1_375, paymentStatus: 'paid' }))).toEqual({
      kind: 'paid',
      paidMinor: 1_375,
    });
    expect(
      guestPaymentState(order({ status: 'completed', paidMinor: 1_375, paymentStatus: 'paid' })).kind,
    ).toBe('paid');
  });

  it('asks nothing of a cancelled order or a free one', () => {
    expect(guestPaymentState(order({ status: 'cancelled' }))).toEqual({ kind: 'none' });
    expect(guestPaymentState(order({ totalMinor: 0 }))).toEqual({ kind: 'none' });
  });

  it('does not ask to pay again what the restaurant refunded', () => {
    expect(guestPaymentState(order({ paidMinor: 0, paymentStatus: 'refunded' }))).toEqual({
      kind: 'refunded',
    });
    expect(guestPaymentState(order({ paidMinor: 500, paymentStatus: 'partially_refunded' })).kind).toBe(
      'refunded',
    );
  });
});
