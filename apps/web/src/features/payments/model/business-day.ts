import { DEFAULT_BUSINESS_DAY_STARTS_AT } from '@tavolo/contract/values/taxes';
import { addDays } from '../../../lib/calendar-days';

/*
 * Business days (PRODUCT.md §11): a restaurant's day runs from `businessDayStartsAt` (04:00) on its
 * own clock to the same time the next day, so the drinks served at 01:30 belong to the evening
 * before. Read on the wall clock of the restaurant's zone, never by adding hours to UTC: a
 * daylight-saving change makes a day 23 or 25 hours long, and the browser may be elsewhere.
 */

/** "04:00" → 240 minutes after midnight; anything else, the default's. */
export function dayStartMinutes(startsAt: string | undefined): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(startsAt ?? '');
  const [hours, minutes] = match
    ? [Number(match[1]), Number(match[2])]
    : DEFAULT_BUSINESS_DAY_STARTS_AT.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The calendar date and the minutes since midnight `at` shows on the clock of `timeZone`. */
function wallClock(timeZone: string, at: Date): { date: string; minutes: number } {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(at);
  } catch {
    // A zone the browser does not know: its own clock, rather than no day at all.
    parts = new Intl.DateTimeFormat('en-US', options).formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

/** The business day (YYYY-MM-DD) `at` belongs to: before the day's start it is still the day before. */
export function currentBusinessDay(
  timeZone: string,
  startsAt: string | undefined,
  at: Date = new Date(),
): string {
  const { date, minutes } = wallClock(timeZone, at);
  return minutes < dayStartMinutes(startsAt) ? addDays(date, -1) : date;
}
