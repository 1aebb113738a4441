import { describe, expect, it } from 'vitest';
import { describeCheckoutStatus, isAppPath } from './sandbox-checkout';

describe('isAppPath', () => {
  it('tells a path of this app from another site', () => {
    expect(isAppPath('/t/abc/orders/1?paid=1')).toBe(true);
    expect(isAppPath('https://shop.example.com/return')).toBe(false);
    expect(isAppPath('//evil.example.com/x')).toBe(false);
    expect(isAppPath('/\\evil.example.com')).toBe(false);
    expect(isAppPath('t/abc')).toBe(false);
  });
});

describe('describeCheckoutStatus', () => {
  it('names every state of a payment', () => {
    expect(describeCheckoutStatus('succeeded').title).toBe('Paid');
    expect(describeCheckoutStatus('failed').title).toBe('Declined');
    expect(describeCheckoutStatus('refunded').title).toBe('Refunded');
    expect(describeCheckoutStatus('pending').title).toBe('Waiting for payment');
  });
});
