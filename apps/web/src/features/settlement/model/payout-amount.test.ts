import { describe, expect, it } from 'vitest';
import { accountLabel, defaultAccountId, defaultPayoutInput, parsePayoutAmount } from './payout-amount';

describe('payout amount', () => {
  it('starts at the whole balance, written as a person types it', () => {
    expect(defaultPayoutInput(12_540, 'EUR')).toBe('125.40');
    expect(defaultPayoutInput(3_000, 'JPY')).toBe('3000');
    expect(defaultPayoutInput(-5, 'EUR')).toBe('0.00');
  });

  it('accepts an amount up to the balance, in minor units', () => {
    expect(parsePayoutAmount('125.40', 12_540, 'EUR')).toEqual({ ok: true, minor: 12_540 });
    expect(parsePayoutAmount('0,29', 12_540, 'EUR')).toEqual({ ok: true, minor: 29 });
  });

  it('refuses nothing, zero, too many decimals and more than the wallet holds', () => {
    expect(parsePayoutAmount('', 1_000, 'EUR')).toEqual({ ok: false, message: 'is required' });
    expect(parsePayoutAmount('0', 1_000, 'EUR')).toEqual({ ok: false, message: 'must be more than zero' });
    expect(parsePayoutAmount('1.234', 1_000, 'EUR')).toMatchObject({ ok: false });
    const tooMuch = parsePayoutAmount('10.01', 1_000, 'EUR');
    expect(tooMuch.ok).toBe(false);
    expect(!tooMuch.ok && tooMuch.message).toMatch(/^must be at most .*10\.00, the wallet balance$/);
  });
});

describe('accounts', () => {
  const accounts = [
    { id: 'a', isDefault: false },
    { id: 'b', isDefault: true },
  ];

  it('names an account by its bank and masked number', () => {
    expect(accountLabel({ bankName: 'Intesa', accountNumberMasked: '•••• 1234' })).toBe('Intesa •••• 1234');
  });

  it('picks the default account, else the first, else none', () => {
    expect(defaultAccountId(accounts)).toBe('b');
    expect(defaultAccountId([{ id: 'a', isDefault: false }])).toBe('a');
    expect(defaultAccountId([])).toBe('');
  });
});
