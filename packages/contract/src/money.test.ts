import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, percentToBasisPoints, serviceChargeOf } from './money';

describe('serviceChargeOf', () => {
  it('rounds exactly half a minor unit up', () => {
    expect(serviceChargeOf(1005, 1000)).toBe(101); // 10 % of 10.05 = 1.005
    expect(serviceChargeOf(900, 1250)).toBe(113); // 12.5 % of 9.00 = 1.125
    expect(serviceChargeOf(4, 1250)).toBe(1); // 0.5
    expect(serviceChargeOf(1, 5000)).toBe(1); // 50 % of 0.01 = 0.005
  });

  it('rounds below half down and above half up', () => {
    expect(serviceChargeOf(1004, 1000)).toBe(100); // 100.4
    expect(serviceChargeOf(1006, 1000)).toBe(101); // 100.6
    expect(serviceChargeOf(1003, 1250)).toBe(125); // 125.375
    expect(serviceChargeOf(1005, 1250)).toBe(126); // 125.625
    expect(serviceChargeOf(3, 1250)).toBe(0); // 0.375
    expect(serviceChargeOf(999, 1)).toBe(0); // 0.0999
  });

  it('is exact when the percentage divides evenly, and nothing without one', () => {
    expect(serviceChargeOf(1000, 1000)).toBe(100);
    expect(serviceChargeOf(12_345, 10_000)).toBe(12_345);
    expect(serviceChargeOf(1000, 0)).toBe(0);
    expect(serviceChargeOf(0, 1250)).toBe(0);
  });
});

describe('percentToBasisPoints', () => {
  it('turns a percent with up to two decimals into whole basis points', () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints(0.01)).toBe(1);
    // 1.15 * 100 is 114.99999999999999 in floating point: rounded, not truncated.
    expect(percentToBasisPoints(1.15)).toBe(115);
    expect(percentToBasisPoints(0)).toBe(0);
  });
});

describe('currencyMinorDigits', () => {
  it('knows the minor unit of each currency, and assumes two for an unknown code', () => {
    expect(currencyMinorDigits('EUR')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('BHD')).toBe(3);
    expect(currencyMinorDigits('not a currency')).toBe(2);
  });
});
