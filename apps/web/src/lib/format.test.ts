import { currencyMinorDigits } from '@tavolo/contract/money';
import { describe, expect, it } from 'vitest';
import {
  capitalizeWords,
  formatCalendarDate,
  formatCompactMoney,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatRate,
  formatTimeOfDay,
  toMajorUnits,
  weekdayInTimeZone,
  weekdayName,
} from './format';

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

describe('formatDuration', () => {
  it('says seconds, minutes and seconds, then whole minutes and hours, in the language', () => {
    expect([45, 450, 420, 754, 3600, 4500].map((seconds) => formatDuration(seconds, 'en'))).toEqual([
      '45 sec',
      '7 min 30 sec',
      '7 min',
      '13 min',
      '1 hr',
      '1 hr 15 min',
    ]);
    expect(formatDuration(450, 'de')).toBe('7 Min. 30 Sek.');
    expect(formatDuration(-3, 'en')).toBe('0 sec');
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

describe('formatTimeOfDay', () => {
  it("shows the restaurant's clock, not the browser's", () => {
    const iso = '2025-01-15T23:30:00.000Z';
    expect(formatTimeOfDay(iso, 'Europe/Rome', 'en-GB')).toBe('0:30');
    expect(formatTimeOfDay(iso, 'America/New_York', 'en-US')).toBe('6:30 PM');
  });

  it('falls back to the browser clock for an unknown zone, and to nothing for a bad date', () => {
    expect(formatTimeOfDay('2025-01-15T23:30:00.000Z', 'Not/AZone', 'en-GB')).toMatch(/^\d{1,2}:\d{2}$/);
    expect(formatTimeOfDay('not a date', 'UTC')).toBe('');
  });
});

describe('capitalizeWords', () => {
  it('capitalises the first letter of every word', () => {
    expect(capitalizeWords('grilled sea bass')).toBe('Grilled Sea Bass');
    expect(capitalizeWords('crème brûlée  à la maison')).toBe('Crème Brûlée  À La Maison');
    expect(capitalizeWords('')).toBe('');
  });
});

// The contract's, as the money formatting here relies on it.
describe('currencyMinorDigits', () => {
  it('knows each currency’s decimals', () => {
    expect(currencyMinorDigits('EUR')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('BHD')).toBe(3);
    expect(currencyMinorDigits('NOPE')).toBe(2);
  });
});

describe('weekdays', () => {
  it('reads the weekday on the restaurant’s clock', () => {
    // Sunday 23:30 in UTC is already Monday in Rome and still Sunday in New York.
    const at = new Date('2025-03-16T23:30:00Z');
    expect(weekdayInTimeZone('UTC', at)).toBe(0);
    expect(weekdayInTimeZone('Europe/Rome', at)).toBe(1);
    expect(weekdayInTimeZone('America/New_York', at)).toBe(0);
  });

  it('names weekdays and calendar dates', () => {
    expect(weekdayName(0, 'long', 'en-GB')).toBe('Sunday');
    expect(weekdayName(6, 'short', 'en-GB')).toBe('Sat');
    expect(formatCalendarDate('2025-03-14', 'en-GB')).toBe('Friday, 14 March 2025');
    expect(formatCalendarDate('not a date', 'en-GB')).toBe('not a date');
  });
});

describe('chart figures', () => {
  it('plots major units and writes axis ticks short enough for a phone', () => {
    expect(toMajorUnits(1250, 'EUR')).toBe(12.5);
    expect(toMajorUnits(1250, 'JPY')).toBe(1250);
    expect(formatCompactMoney(1250, 'EUR', 'en')).toBe('€1.3K');
    expect(formatCompactMoney(12, 'USD', 'en')).toBe('$12');
  });
});

describe('formatRate', () => {
  it('reads basis points as a percent with up to two decimals, in the locale', () => {
    expect(formatRate(1000, 'en')).toBe('10%');
    expect(formatRate(550, 'en')).toBe('5.5%');
    expect(formatRate(1025, 'en')).toBe('10.25%');
    expect(formatRate(0, 'en')).toBe('0%');
    expect(formatRate(550, 'de')).toBe('5,5\u00a0%');
    expect(formatRate(2200, 'fr')).toMatch(/^22\s%$/u);
  });
});
