import { TZDate } from '@date-fns/tz';
import { addDays, zonedDate } from '../../lib/zoned-time';

/*
 * Business days (PRODUCT.md §11): a restaurant's day runs from `startMinutes` after local midnight
 * (04:00 by default) to the same time the next day, in its time zone, so the drinks served at
 * 01:30 belong to the evening before. Daylight-saving changes make a day 23 or 25 hours long.
 */

/** The business date (YYYY-MM-DD) an instant belongs to. */
export function businessDateOf(instant: Date, timeZone: string, startMinutes: number): string {
  // The local date of the instant moved back by the day's start: 01:30 on the 27th is the 26th's.
  const local = new TZDate(instant.getTime(), timeZone);
  const minutes = local.getHours() * 60 + local.getMinutes();
  const date = zonedDate(instant, timeZone);
  return minutes < startMinutes ? addDays(date, -1) : date;
}

/** The instant a business date's day begins: its local date at `startMinutes`. */
export function businessDayStart(date: string, timeZone: string, startMinutes: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, day, Math.floor(startMinutes / 60), startMinutes % 60, timeZone);
  return new Date(start.getTime());
}

/** A business day's bounds: [from, to), to being the next day's start. */
export function businessDayBounds(
  date: string,
  timeZone: string,
  startMinutes: number,
): { from: Date; to: Date } {
  return {
    from: businessDayStart(date, timeZone, startMinutes),
    to: businessDayStart(addDays(date, 1), timeZone, startMinutes),
  };
}

/**
 * The day a receipt issued on `date` goes on: `date` itself unless it is closed, else the first
 * open day after it (payments after a day's close go on the next day).
 */
export function openDayFrom(date: string, closed: ReadonlySet<string>): string {
  let day = date;
  while (closed.has(day)) day = addDays(day, 1);
  return day;
}
