import type { TDashboardPeriod } from '@tavolo/contract/dashboard';
import { startOfLocalDate, zonedDate } from '../../lib/zoned-time';

/**
 * The dashboard's days, weeks, months and years are the restaurant's local ones. Their bounds are
 * computed here as instants (DST-safe, through @date-fns/tz) and queried as half-open ranges
 * `at >= starts AND at < ends`, so the (restaurant_id, created_at / succeeded_at) indexes serve
 * every figure and the database never has to know the time zone.
 */
export type InstantRange = { starts: Date; ends: Date };

/** A calendar date (YYYY-MM-DD) moved by whole days: calendar arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instants from the first local midnight of `from` to the first of the day after `to`. */
export function localDaysRange(from: string, to: string, timeZone: string): InstantRange {
  return { starts: startOfLocalDate(from, timeZone), ends: startOfLocalDate(addDays(to, 1), timeZone) };
}

/** A period's first and last local day (today is the last), and the instants between them. */
export function periodRange(
  period: TDashboardPeriod,
  now: Date,
  timeZone: string,
): { from: string; to: string; range: InstantRange } {
  const today = zonedDate(now, timeZone);
  const from =
    period === 'today'
      ? today
      : period === 'week'
        ? addDays(today, -6)
        : period === 'month'
          ? `${today.slice(0, 8)}01`
          : `${today.slice(0, 5)}01-01`;
  return { from, to: today, range: localDaysRange(from, today, timeZone) };
}

/** The twelve local months of a year, January first. */
export function monthRanges(year: number, timeZone: string): InstantRange[] {
  const firstOf = (y: number, month: number) =>
    startOfLocalDate(`${y}-${String(month).padStart(2, '0')}-01`, timeZone);
  return Array.from({ length: 12 }, (_, index) => ({
    starts: firstOf(year, index + 1),
    ends: index === 11 ? firstOf(year + 1, 1) : firstOf(year, index + 2),
  }));
}
