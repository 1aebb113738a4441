import { describe, expect, it } from 'vitest';
import { examplePrice, formatPriceInput, parsePriceInput } from './price-input';

const minor = (text: string, currency: string) => {
  const result = parsePriceInput(text, currency);
  return result.ok ? result.minor : result.message;
};

describe('parsePriceInput', () => {
  it('reads EUR with two decimals', () => {
    expect(minor('12.50', 'EUR')).toBe(1250);
    expect(minor('12,5', 'EUR')).toBe(1250);
    expect(minor('12', 'EUR')).toBe(1200);
    expect(minor(' 0.29 ', 'EUR')).toBe(29);
    expect(minor('.5', 'EUR')).toBe(50);
    expect(minor('12.', 'EUR')).toBe(1200);
    expect(minor('0', 'EUR')).toBe(0);
    expect(minor('1 234.56', 'EUR')).toBe(123456);
    // Floating point would make this 1004.9999…
    expect(minor('10.05', 'EUR')).toBe(1005);
  });

  it('reads JPY without decimals', () => {
    expect(minor('1250', 'JPY')).toBe(1250);
    expect(minor('1250.', 'JPY')).toBe(1250);
    expect(minor('12.5', 'JPY')).toBe('must be a whole amount (JPY has no decimals)');
  });

  it('reads BHD with three decimals', () => {
    expect(minor('1.250', 'BHD')).toBe(1250);
    expect(minor('1.25', 'BHD')).toBe(1250);
    expect(minor('0.005', 'BHD')).toBe(5);
    expect(minor('1.2345', 'BHD')).toBe('must have at most 3 decimals');
  });

  it('explains what is wrong', () => {
    expect(minor('', 'EUR')).toBe('is required');
    expect(minor('   ', 'EUR')).toBe('is required');
    expect(minor('abc', 'EUR')).toBe('must be an amount like 12.50');
    expect(minor('-3', 'EUR')).toBe('must be an amount like 12.50');
    expect(minor('1.2.3', 'EUR')).toBe('must be an amount like 12.50');
    expect(minor('.', 'EUR')).toBe('must be an amount like 12.50');
    expect(minor('12.345', 'EUR')).toBe('must have at most 2 decimals');
    expect(minor('9999999999999', 'EUR')).toBe('is too large');
  });
});

describe('formatPriceInput', () => {
  it('writes minor units as the input shows them', () => {
    expect(formatPriceInput(1250, 'EUR')).toBe('12.50');
    expect(formatPriceInput(5, 'EUR')).toBe('0.05');
    expect(formatPriceInput(0, 'EUR')).toBe('0.00');
    expect(formatPriceInput(1250, 'JPY')).toBe('1250');
    expect(formatPriceInput(1250, 'BHD')).toBe('1.250');
    expect(formatPriceInput(5, 'BHD')).toBe('0.005');
  });

  it('round-trips through parsePriceInput', () => {
    for (const [amount, currency] of [
      [0, 'EUR'],
      [1, 'EUR'],
      [99_999_999, 'EUR'],
      [7, 'JPY'],
      [1001, 'BHD'],
    ] as const) {
      expect(minor(formatPriceInput(amount, currency), currency)).toBe(amount);
    }
  });
});

describe('examplePrice', () => {
  it('fits the currency', () => {
    expect(examplePrice('EUR')).toBe('12.50');
    expect(examplePrice('JPY')).toBe('1250');
    expect(examplePrice('BHD')).toBe('12.500');
  });
});
