import { describe, expect, it } from 'vitest';
import { describeCheckoutStatus, describeTipBreakdown, isAppPath } from './sandbox-checkout';

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

describe('describeTipBreakdown', () => {
  it('splits the amount into the bill and the tip it includes', () => {
    expect(describeTipBreakdown({ amountMinor: 2_200, tipMinor: 200, currency: 'EUR' }, 'en-IE')).toBe(
      'Bill €20.00 + tip €2.00 = €22.00',
    );
  });
});
