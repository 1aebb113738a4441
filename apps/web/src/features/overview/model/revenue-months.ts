import type { TRevenueChart } from '@tavolo/contract/dashboard';
import { formatMoney, toMajorUnits } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

/*
 * What the revenue-by-month chart draws, and the same figures in words. The chart plots major
 * units (12.5, not 1250) so that its axis reads like money.
 */

export interface MonthPoint {
  key: string;
  /** "Jan": the axis label. */
  label: string;
  /** "January": the table's row and the summary. */
  name: string;
  /** Revenue in major units, for the bar. */
  value: number;
  revenueMinor: number;
  orders: number;
}

function monthName(month: number, style: 'short' | 'long', locale?: string): string {
  return new Intl.DateTimeFormat(locale ?? formattingLocale(), { month: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, 1)),
  );
}

export function toMonthPoints(
  chart: Pick<TRevenueChart, 'months' | 'currency'>,
  locale?: string,
): MonthPoint[] {
  return chart.months.map((entry) => ({
    key: String(entry.month),
    label: monthName(entry.month, 'short', locale),
    name: monthName(entry.month, 'long', locale),
    value: toMajorUnits(entry.revenueMinor, chart.currency),
    revenueMinor: entry.revenueMinor,
    orders: entry.orders,
  }));
}

/** A year with neither revenue nor orders: there is nothing to chart yet. */
export function isQuietYear(chart: Pick<TRevenueChart, 'months'>): boolean {
  return chart.months.every((entry) => entry.revenueMinor === 0 && entry.orders === 0);
}

/** One sentence that says what the chart shows: the year's total and its best month. */
export function summarizeYear(points: readonly MonthPoint[], currency: string, year: number): string {
  const total = points.reduce((sum, point) => sum + point.revenueMinor, 0);
  const orders = points.reduce((sum, point) => sum + point.orders, 0);
  const best = points.reduce<MonthPoint | undefined>(
    (top, point) => (top === undefined || point.revenueMinor > top.revenueMinor ? point : top),
    undefined,
  );
  if (!best || best.revenueMinor <= 0) {
    return t('overview.revenue.summaryNoRevenue', { year: String(year), orders });
  }
  return t('overview.revenue.summary', {
    year: String(year),
    total: formatMoney(total, currency),
    orders,
    month: best.name,
    amount: formatMoney(best.revenueMinor, currency),
  });
}
