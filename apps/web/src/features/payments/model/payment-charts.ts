import type { TPaymentStats } from '@tavolo/contract/payments';
import { formatMoney, toMajorUnits } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';
import { methodLabel } from './payment-list';

/*
 * What the charts draw, and the same figures in words for those who cannot see them. Charts plot
 * major units (12.5, not 1250) so that their axes read like money.
 */

export interface ChartPoint {
  key: string;
  /** The axis label: "14 Mar", "Card". */
  label: string;
  /** Net revenue in major units, for the bar. */
  value: number;
  /** Net revenue in minor units, for the words. */
  totalMinor: number;
  count: number;
}

/** "14 Mar" for a calendar date (already the restaurant's day). */
export function formatShortDay(date: string, locale?: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(locale ?? formattingLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(parsed);
}

export function toDayPoints(stats: Pick<TPaymentStats, 'byDay' | 'currency'>, locale?: string): ChartPoint[] {
  return stats.byDay.map((day) => ({
    key: day.date,
    label: formatShortDay(day.date, locale),
    value: toMajorUnits(day.totalMinor, stats.currency),
    totalMinor: day.totalMinor,
    count: day.count,
  }));
}

/** Methods by revenue, most first; methods nobody paid with are left out. */
export function toMethodPoints(stats: Pick<TPaymentStats, 'byMethod' | 'currency'>): ChartPoint[] {
  return stats.byMethod
    .filter((entry) => entry.count > 0 || entry.totalMinor !== 0)
    .toSorted((a, b) => b.totalMinor - a.totalMinor)
    .map((entry) => ({
      key: entry.method,
      label: methodLabel(entry.method),
      value: toMajorUnits(entry.totalMinor, stats.currency),
      totalMinor: entry.totalMinor,
      count: entry.count,
    }));
}

/** One sentence that says what the revenue-by-day chart shows. */
export function summarizeDays(points: readonly ChartPoint[], currency: string): string {
  if (points.length === 0) return t('payments.charts.noDays');
  const best = points.reduce((top, point) => (point.totalMinor > top.totalMinor ? point : top));
  const first = points[0]?.label ?? '';
  const last = points.at(-1)?.label ?? '';
  if (best.totalMinor <= 0) {
    return points.length === 1
      ? t('payments.charts.dayNoRevenue', { day: first })
      : t('payments.charts.daysNoRevenue', { first, last });
  }
  const bestDay = { best: best.label, amount: formatMoney(best.totalMinor, currency) };
  return points.length === 1
    ? t('payments.charts.dayBest', { day: first, ...bestDay })
    : t('payments.charts.daysBest', { first, last, ...bestDay });
}

/** One sentence that says what the revenue-by-method chart shows. */
export function summarizeMethods(points: readonly ChartPoint[], currency: string): string {
  if (points.length === 0) return t('payments.charts.noMethods');
  // "Card €40.00, Cash €5.00", joined the way the person's language lists figures.
  const list = new Intl.ListFormat(formattingLocale(), { type: 'unit', style: 'short' }).format(
    points.map((point) => `${point.label} ${formatMoney(point.totalMinor, currency)}`),
  );
  return t('payments.charts.methods', { methods: list });
}
