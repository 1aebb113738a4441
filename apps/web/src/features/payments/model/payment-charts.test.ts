import type { TPaymentStats } from '@tavolo/contract/payments';
import { describe, expect, it } from 'vitest';
import {
  formatShortDay,
  summarizeDays,
  summarizeMethods,
  toDayPoints,
  toMethodPoints,
} from './payment-charts';

const day = (date: string, totalMinor: number, count = 1) => ({
  date,
  count,
  grossMinor: totalMinor,
  refundsMinor: 0,
  totalMinor,
});

const method = (name: 'cash' | 'card' | 'transfer' | 'online', totalMinor: number, count: number) => ({
  method: name,
  count,
  grossMinor: totalMinor,
  refundsMinor: 0,
  totalMinor,
});

describe('payment charts', () => {
  it('plots days in major units with short labels', () => {
    const points = toDayPoints(
      { currency: 'EUR', byDay: [day('2025-03-13', 1250), day('2025-03-14', -300)] } as TPaymentStats,
      'en-GB',
    );
    expect(points).toEqual([
      { key: '2025-03-13', label: '13 Mar', value: 12.5, totalMinor: 1250, count: 1 },
      { key: '2025-03-14', label: '14 Mar', value: -3, totalMinor: -300, count: 1 },
    ]);
    expect(
      toDayPoints({ currency: 'JPY', byDay: [day('2025-03-13', 1250)] } as TPaymentStats)[0]?.value,
    ).toBe(1250);
    expect(formatShortDay('not a date')).toBe('not a date');
  });

  it('orders methods by revenue and leaves out unused ones', () => {
    const points = toMethodPoints({
      currency: 'EUR',
      byMethod: [method('cash', 500, 1), method('card', 4000, 3), method('transfer', 0, 0)],
    } as TPaymentStats);
    expect(points.map((point) => point.label)).toEqual(['Card', 'Cash']);
  });

  it('says in words what the charts show', () => {
    const days = toDayPoints(
      { currency: 'EUR', byDay: [day('2025-03-13', 1250), day('2025-03-14', 9000)] } as TPaymentStats,
      'en-GB',
    );
    expect(summarizeDays(days, 'EUR')).toBe('Revenue by day, 13 Mar to 14 Mar. Best day: 14 Mar, €90.00.');
    expect(summarizeDays([], 'EUR')).toBe('No days in this period.');
    expect(
      summarizeDays(
        days.map((point) => ({ ...point, totalMinor: 0 })),
        'EUR',
      ),
    ).toMatch(/no revenue/);
    const methods = toMethodPoints({
      currency: 'EUR',
      byMethod: [method('cash', 500, 1), method('card', 4000, 3)],
    } as TPaymentStats);
    expect(summarizeMethods(methods, 'EUR')).toBe('Revenue by payment method: Card €40.00, Cash €5.00.');
    expect(summarizeMethods([], 'EUR')).toMatch(/no payments/);
  });
});
