import { describe, expect, it } from 'vitest';
import { formatRate, formatShortDate } from './format-report';

describe('formatRate', () => {
  it('writes basis points as a percentage in the language', () => {
    expect(formatRate(1000, 'en')).toBe('10%');
    expect(formatRate(2200, 'it')).toBe('22%');
    expect(formatRate(550, 'fr').replace(/\s/g, ' ')).toBe('5,5 %');
    expect(formatRate(700, 'de').replace(/\s/g, ' ')).toBe('7 %');
    expect(formatRate(0, 'en')).toBe('0%');
  });
});

describe('formatShortDate', () => {
  it('writes a calendar date as it is, whatever the browser’s zone', () => {
    expect(formatShortDate('2025-03-14', 'en-GB')).toBe('14 Mar 2025');
    expect(formatShortDate('2025-03-14', 'de')).toBe('14.03.2025');
    expect(formatShortDate('not a date', 'en')).toBe('not a date');
  });
});
