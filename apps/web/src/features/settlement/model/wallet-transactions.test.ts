import { describe, expect, it } from 'vitest';
import { describeTransaction, readWalletFilters, writeWalletFilters } from './wallet-transactions';

describe('describeTransaction', () => {
  it('signs money in with "+" and shows the running balance after it', () => {
    const display = describeTransaction(
      { type: 'credit', kind: 'payment', amountMinor: 2_500, balanceAfterMinor: 12_340 },
      'EUR',
      'en-US',
    );
    expect(display).toEqual({
      amount: '+€25.00',
      amountLabel: 'In: €25.00',
      direction: 'credit',
      balanceAfter: '€123.40',
      kindLabel: 'Online payment',
    });
  });

  it('signs money out with a true minus sign, never a hyphen', () => {
    const display = describeTransaction(
      { type: 'debit', kind: 'fee', amountMinor: 38, balanceAfterMinor: 2_462 },
      'EUR',
      'en-US',
    );
    expect(display.amount).toBe('\u2212€0.38');
    expect(display.amountLabel).toBe('Out: €0.38');
    expect(display.direction).toBe('debit');
    expect(display.balanceAfter).toBe('€24.62');
    expect(display.kindLabel).toBe('Provider fee');
  });

  it('counts in the currency’s own minor unit', () => {
    const display = describeTransaction(
      { type: 'debit', kind: 'payout', amountMinor: 5_000, balanceAfterMinor: 0 },
      'JPY',
      'en-US',
    );
    expect(display.amount).toBe('\u2212¥5,000');
    expect(display.balanceAfter).toBe('¥0');
  });
});

describe('wallet filters in the URL', () => {
  it('reads a known kind and a page, and ignores anything else', () => {
    expect(readWalletFilters(new URLSearchParams('kind=payout&page=3'))).toEqual({ kind: 'payout', page: 3 });
    expect(readWalletFilters(new URLSearchParams('kind=bogus&page=-2'))).toEqual({ kind: '', page: 1 });
    expect(readWalletFilters(new URLSearchParams('page=1.5'))).toEqual({ kind: '', page: 1 });
  });

  it('writes a changed kind and leaves the first page out', () => {
    const start = new URLSearchParams('kind=fee&page=4');
    expect(writeWalletFilters(start, { kind: 'payout', page: undefined }).toString()).toBe('kind=payout');
    expect(writeWalletFilters(start, { kind: '' }).toString()).toBe('page=4');
    expect(writeWalletFilters(start, { page: 2 }).toString()).toBe('kind=fee&page=2');
  });
});
