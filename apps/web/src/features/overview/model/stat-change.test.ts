import { describe, expect, it } from 'vitest';
import { compareDayOf, compareDayValues, describeChange, formatRating } from './stat-change';

// 2025-03-10 was a Monday.
const monday = compareDayOf('2025-03-10');

describe('the compare day', () => {
  it('is the weekday of the compare date, named short and long', () => {
    expect(monday).toBe(1);
    expect(compareDayValues(monday, 'short', 'en')).toEqual({ compare: 'mon', weekday: 'Mon' });
    expect(compareDayValues(monday, 'long', 'en')).toEqual({ compare: 'mon', weekday: 'Monday' });
    expect(compareDayOf('not a date')).toBe('week');
  });
});

describe('describeChange', () => {
  const money = { kind: 'money' as const, currency: 'EUR', compareDay: monday, locale: 'en' };
  const count = { kind: 'count' as const, compareDay: monday, locale: 'en' };

  it('says nothing when there is nothing to compare with', () => {
    expect(describeChange({ value: 1200, previous: null }, money)).toBeNull();
  });

  it('gives a percentage against a previous figure', () => {
    expect(describeChange({ value: 11200, previous: 10000 }, money)).toEqual({
      text: '+12% vs last Mon',
      spoken: 'Up 12% on last Monday',
      tone: 'up',
    });
    expect(describeChange({ value: 6, previous: 8 }, count)).toEqual({
      text: '\u221225% vs last Mon',
      spoken: 'Down 25% on last Monday',
      tone: 'down',
    });
    // A small change does not round to "0%".
    expect(describeChange({ value: 10040, previous: 10000 }, money)?.text).toBe('+0.4% vs last Mon');
  });

  it('gives an amount when last week had nothing (never dividing by zero)', () => {
    expect(describeChange({ value: 4000, previous: 0 }, money)?.text).toBe('+€40.00 vs last Mon');
    expect(describeChange({ value: 3, previous: 0 }, count)?.text).toBe('+3 vs last Mon');
    // After refunds a day's revenue can be negative: no percentage of that either.
    expect(describeChange({ value: 1000, previous: -500 }, money)?.text).toBe('+€15.00 vs last Mon');
  });

  it('gives an amount when asked to (a balance)', () => {
    expect(describeChange({ value: 6000, previous: 10000 }, { ...money, asAmount: true })).toEqual({
      text: '\u2212€40.00 vs last Mon',
      spoken: 'Down €40.00 on last Monday',
      tone: 'down',
    });
  });

  it('says when nothing changed', () => {
    expect(describeChange({ value: 0, previous: 0 }, count)).toEqual({
      text: 'Same as last Mon',
      spoken: 'The same as last Monday',
      tone: 'same',
    });
  });

  it('gives a rating’s change in stars, to one decimal', () => {
    const rating = { kind: 'rating' as const, compareDay: 'week' as const, locale: 'en' };
    expect(describeChange({ value: 4.63, previous: 4.4 }, rating)?.text).toBe('+0.2 vs a week ago');
    expect(describeChange({ value: 4.41, previous: 4.4 }, rating)?.tone).toBe('same');
  });
});

describe('formatRating', () => {
  it('writes one decimal, or nothing without reviews', () => {
    expect(formatRating(4.567, 'en')).toBe('4.6');
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(null)).toBeNull();
  });
});
