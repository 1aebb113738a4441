import { describe, expect, it } from 'vitest';
import { capitalizeWords, formatDateTime, formatMoney } from './format';

describe('formatMoney', () => {
  it('reads minor units with the currency’s own number of decimals', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(1234, 'JPY', 'en-US')).toBe('¥1,234');
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe('KWD\u00a01.234');
    expect(formatMoney(0, 'EUR', 'en-US')).toBe('€0.00');
  });

  it('formats for the locale', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });

  it('falls back to the code for an unknown currency', () => {
    expect(formatMoney(1050, 'NOPE', 'en-US')).toBe('10.50 NOPE');
  });
});

describe('formatDateTime', () => {
  it('shows the instant on the restaurant’s clock', () => {
    const iso = '2025-01-15T23:30:00.000Z';
    expect(formatDateTime(iso, 'Europe/Rome', 'en-GB')).toBe('16 Jan 2025, 00:30');
    expect(formatDateTime(iso, 'America/New_York', 'en-GB')).toBe('15 Jan 2025, 18:30');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('capitalizeWords', () => {
  it('capitalises the first letter of every word', () => {
    expect(capitalizeWords('grilled sea bass')).toBe('Grilled Sea Bass');
    expect(capitalizeWords('crème brûlée  à la maison')).toBe('Crème Brûlée  À La Maison');
    expect(capitalizeWords('')).toBe('');
  });
});
