import { describe, expect, it } from 'vitest';
import { isQuietYear, summarizeYear, toMonthPoints } from './revenue-months';

const months = (figures: Record<number, [number, number]>) =>
  Array.from({ length: 12 }, (_, index) => {
    const [revenueMinor, orders] = figures[index + 1] ?? [0, 0];
    return { month: index + 1, revenueMinor, orders };
  });

describe('revenue by month', () => {
  it('plots major units under short month names', () => {
    const points = toMonthPoints({ currency: 'EUR', months: months({ 3: [125050, 40] }) }, 'en');
    expect(points).toHaveLength(12);
    expect(points[2]).toEqual({
      key: '3',
      label: 'Mar',
      name: 'March',
      value: 1250.5,
      revenueMinor: 125050,
      orders: 40,
    });
    expect(toMonthPoints({ currency: 'JPY', months: months({ 1: [5000, 2] }) }, 'en')[0]?.value).toBe(5000);
  });

  it('sums the year up in one sentence', () => {
    const points = toMonthPoints(
      { currency: 'EUR', months: months({ 2: [30000, 10], 3: [80000, 25] }) },
      'en',
    );
    expect(summarizeYear(points, 'EUR', 2025)).toBe(
      'Revenue by month in 2025: €1,100.00 from 35 orders. Best month: March, €800.00.',
    );
    const quiet = toMonthPoints({ currency: 'EUR', months: months({ 4: [0, 1] }) }, 'en');
    expect(summarizeYear(quiet, 'EUR', 2025)).toBe('Revenue by month in 2025: no revenue yet, 1 order.');
  });

  it('tells a year with nothing at all from one with orders but no revenue', () => {
    expect(isQuietYear({ months: months({}) })).toBe(true);
    expect(isQuietYear({ months: months({ 5: [0, 1] }) })).toBe(false);
    expect(isQuietYear({ months: months({ 5: [-500, 0] }) })).toBe(false);
  });
});
