import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../../../testing/order-fixtures';
import { amountDue, defaultPaymentInput, isUnpaid, parsePaymentAmount } from './payment-amount';

describe('payment amounts', () => {
  it('starts at what is due, written in the currency’s own decimals', () => {
    expect(defaultPaymentInput(fakeOrder({ totalMinor: 2350, paidMinor: 0 }))).toBe('23.50');
    expect(defaultPaymentInput(fakeOrder({ totalMinor: 2350, paidMinor: 1000 }))).toBe('13.50');
    expect(defaultPaymentInput(fakeOrder({ totalMinor: 1200, paidMinor: 0, currency: 'JPY' }))).toBe('1200');
    expect(defaultPaymentInput(fakeOrder({ totalMinor: 12_345, paidMinor: 0, currency: 'BHD' }))).toBe(
      '12.345',
    );
  });

  it('never owes less than nothing', () => {
    expect(amountDue({ totalMinor: 1000, paidMinor: 1200 })).toBe(0);
    expect(isUnpaid({ totalMinor: 1000, paidMinor: 1000 })).toBe(false);
    expect(isUnpaid({ totalMinor: 1000, paidMinor: 999 })).toBe(true);
  });

  it('reads what was typed as minor units, without floating-point drift', () => {
    expect(parsePaymentAmount('23.50', 2350, 'EUR')).toEqual({ ok: true, minor: 2350 });
    expect(parsePaymentAmount('0,29', 2350, 'EUR')).toEqual({ ok: true, minor: 29 });
    expect(parsePaymentAmount('10', 2350, 'EUR')).toEqual({ ok: true, minor: 1000 });
    expect(parsePaymentAmount('1200', 1200, 'JPY')).toEqual({ ok: true, minor: 1200 });
    expect(parsePaymentAmount('1.5', 5000, 'BHD')).toEqual({ ok: true, minor: 1500 });
  });

  it('refuses nothing, too much and what is not an amount', () => {
    expect(parsePaymentAmount('0', 2350, 'EUR')).toEqual({ ok: false, message: 'must be more than zero' });
    const tooMuch = parsePaymentAmount('23.51', 2350, 'EUR');
    expect(tooMuch.ok).toBe(false);
    expect(!tooMuch.ok && tooMuch.message).toMatch(/^must be at most €23\.50/);
    expect(parsePaymentAmount('', 2350, 'EUR')).toEqual({ ok: false, message: 'is required' });
    expect(parsePaymentAmount('12.345', 2350, 'EUR').ok).toBe(false);
    expect(parsePaymentAmount('12.5', 5000, 'JPY').ok).toBe(false);
    expect(parsePaymentAmount('ten', 2350, 'EUR').ok).toBe(false);
  });
});
