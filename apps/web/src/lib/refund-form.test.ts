import { describe, expect, it } from 'vitest';
import {
  canRefund,
  defaultRefundValues,
  refundableMinor,
  refundFormField,
  refundFormSchema,
  toRefundRequest,
} from './refund-form';

const payment = { amountMinor: 2000, refundedMinor: 750, status: 'succeeded' as const };

function errorOf(schema: ReturnType<typeof refundFormSchema>, amount: string, reason = '') {
  const result = schema.safeParse({ amount, reason });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('refund form', () => {
  it('knows what is left of a payment and whether it can be refunded', () => {
    expect(refundableMinor(payment)).toBe(1250);
    expect(refundableMinor({ amountMinor: 500, refundedMinor: 600 })).toBe(0);
    expect(canRefund(payment)).toBe(true);
    expect(canRefund({ ...payment, refundedMinor: 2000 })).toBe(false);
    expect(canRefund({ ...payment, status: 'pending' })).toBe(false);
    expect(canRefund({ ...payment, status: 'failed' })).toBe(false);
    expect(canRefund({ ...payment, status: 'refunded' })).toBe(false);
  });

  it('starts at what is left, in major units of the currency', () => {
    expect(defaultRefundValues(payment, 'EUR')).toEqual({ amount: '12.50', reason: '' });
    expect(defaultRefundValues({ ...payment, amountMinor: 3000, refundedMinor: 0 }, 'JPY')).toEqual({
      amount: '3000',
      reason: '',
    });
  });

  it('accepts more than zero and no more than what is left', () => {
    const schema = refundFormSchema(1250, 'EUR');
    expect(errorOf(schema, '12.50')).toBeUndefined();
    expect(errorOf(schema, '0,01')).toBeUndefined();
    expect(errorOf(schema, '12.51')).toBe('must be at most €12.50, what is left of this payment');
    expect(errorOf(schema, '0')).toBe('must be more than zero');
    expect(errorOf(schema, '')).toBe('is required');
    expect(errorOf(schema, 'ten')).toBe('must be an amount like 12.50');
    expect(errorOf(schema, '1.234')).toBe('must have at most 2 decimals');
  });

  it('holds the reason to the contract’s limit', () => {
    const schema = refundFormSchema(1250, 'EUR');
    expect(errorOf(schema, '5', 'x'.repeat(300))).toBeUndefined();
    expect(errorOf(schema, '5', 'x'.repeat(301))).toBe('must be at most 300 characters');
  });

  it('sends minor units and leaves an empty reason out', () => {
    expect(toRefundRequest({ amount: '12.5', reason: '  ' }, 'EUR')).toEqual({ amountMinor: 1250 });
    expect(toRefundRequest({ amount: '3', reason: ' Cold soup ' }, 'EUR')).toEqual({
      amountMinor: 300,
      reason: 'Cold soup',
    });
    expect(() => toRefundRequest({ amount: 'x', reason: '' }, 'EUR')).toThrow();
  });

  it('maps the server’s field names to the form’s', () => {
    expect(refundFormField('amountMinor')).toBe('amount');
    expect(refundFormField('reason')).toBe('reason');
    expect(refundFormField('other')).toBeUndefined();
  });
});
