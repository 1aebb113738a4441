import { describe, expect, it } from 'vitest';
import { guessCurrency, listTimeZones } from './locale-options';

describe('guessCurrency', () => {
  it('uses the currency of the locale’s region', () => {
    expect(guessCurrency('de-AT')).toBe('EUR');
    expect(guessCurrency('en-GB')).toBe('GBP');
    expect(guessCurrency('ja')).toBe('JPY');
    expect(guessCurrency('en-US')).toBe('USD');
  });

  it('falls back to USD', () => {
    expect(guessCurrency(undefined)).toBe('USD');
    expect(guessCurrency('x-invalid-!!')).toBe('USD');
    expect(guessCurrency('en-AQ')).toBe('USD');
  });
});

describe('listTimeZones', () => {
  it('is sorted and keeps the zone it is asked to include', () => {
    const zones = listTimeZones('Asia/Calcutta');
    expect(zones).toContain('Asia/Calcutta');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Rome');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });
});
