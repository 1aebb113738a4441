import { describe, expect, it } from 'vitest';
import { cashDifference, readCashCount } from './cash-count';

describe('cashDifference', () => {
  it('is counted less expected: over, short or even', () => {
    expect(cashDifference(12_000, 12_000)).toEqual({ differenceMinor: 0, state: 'even' });
    expect(cashDifference(12_050, 12_000)).toEqual({ differenceMinor: 50, state: 'over' });
    expect(cashDifference(11_850, 12_000)).toEqual({ differenceMinor: -150, state: 'short' });
    // Refunds in cash can leave less expected than nothing was taken.
    expect(cashDifference(0, -500)).toEqual({ differenceMinor: 500, state: 'over' });
  });
});

describe('readCashCount', () => {
  it('reads what is typed with a point or a comma, as exact minor units', () => {
    expect(readCashCount('118,50', 12_000, 'EUR')).toEqual({
      status: 'ok',
      countedMinor: 11_850,
      differenceMinor: -150,
      state: 'short',
    });
    expect(readCashCount(' 120 ', 12_000, 'EUR')).toMatchObject({ countedMinor: 12_000, state: 'even' });
    expect(readCashCount('0.29', 0, 'EUR')).toMatchObject({ countedMinor: 29, state: 'over' });
    // A currency without minor units.
    expect(readCashCount('1500', 1_000, 'JPY')).toMatchObject({ countedMinor: 1_500, differenceMinor: 500 });
  });

  it('says nothing of an empty field and why another cannot be read', () => {
    expect(readCashCount('  ', 12_000, 'EUR')).toEqual({ status: 'empty' });
    expect(readCashCount('12.345', 12_000, 'EUR').status).toBe('invalid');
    expect(readCashCount('-5', 12_000, 'EUR').status).toBe('invalid');
    expect(readCashCount('abc', 12_000, 'EUR').status).toBe('invalid');
  });
});
