import { describe, expect, it } from 'vitest';
import { listYears, readOverviewView, writeOverviewView, yearInTimeZone } from './overview-view';

describe('the Overview’s view in the URL', () => {
  it('reads the period and the year, falling back to today and the server’s year', () => {
    expect(readOverviewView(new URLSearchParams('period=week&year=2024'))).toEqual({
      period: 'week',
      year: 2024,
    });
    expect(readOverviewView(new URLSearchParams(''))).toEqual({ period: 'today', year: null });
    expect(readOverviewView(new URLSearchParams('period=decade&year=1999'))).toEqual({
      period: 'today',
      year: null,
    });
    expect(readOverviewView(new URLSearchParams('year=2024.5')).year).toBeNull();
  });

  it('writes changes, leaving defaults out and other parameters alone', () => {
    const start = new URLSearchParams('period=month&x=1');
    expect(writeOverviewView(start, { year: 2023 }).toString()).toBe('period=month&x=1&year=2023');
    expect(writeOverviewView(start, { period: 'today' }).toString()).toBe('x=1');
    expect(writeOverviewView(new URLSearchParams('year=2023'), { year: null }).toString()).toBe('');
  });
});

describe('years', () => {
  it('takes the year from the restaurant’s clock', () => {
    const newYearInAuckland = new Date('2024-12-31T12:00:00Z');
    expect(yearInTimeZone('Pacific/Auckland', newYearInAuckland)).toBe(2025);
    expect(yearInTimeZone('Europe/Rome', newYearInAuckland)).toBe(2024);
  });

  it('offers this year and the previous four, and a chosen year outside them', () => {
    expect(listYears(2025)).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(listYears(2025, 2010)).toEqual([2025, 2024, 2023, 2022, 2021, 2010]);
    expect(listYears(2025, 2024)).toHaveLength(5);
  });
});
