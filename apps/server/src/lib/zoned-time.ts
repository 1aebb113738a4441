import { TZDate } from '@date-fns/tz';

/** Calendar facts about an instant as seen in an IANA time zone (DST-aware). */
export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
};

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    weekday: local.getDay(),
  };
}

/** YYYY-MM-DD of the instant in the zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first instant of a local calendar day (YYYY-MM-DD) in the zone. */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** The first instant of the next local day: "sold out for today" lasts until then. */
export function startOfNextLocalDay(instant: Date, timeZone: string): Date {
  const { year, month, day } = zonedParts(instant, timeZone);
  // Day 32 of a month is the next month's first: TZDate rolls over like Date.
  return new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime());
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date `days` after a YYYY-MM-DD date (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A list's lower bound: a date is the start of that local day, an instant is itself. */
export function lowerBoundOf(bound: string, timeZone: string): Date {
  return DATE_ONLY.test(bound) ? startOfLocalDate(bound, timeZone) : new Date(bound);
}

/** A list's (exclusive) upper bound: a date means "to the end of that local day", an instant is itself. */
export function upperBoundOf(bound: string, timeZone: string): Date {
  return DATE_ONLY.test(bound) ? startOfLocalDate(addDays(bound, 1), timeZone) : new Date(bound);
}

/** The local day a bound names: a date is itself, an instant is its day in the zone. */
export function localDateOf(bound: string, timeZone: string): string {
  return DATE_ONLY.test(bound) ? bound : zonedDate(new Date(bound), timeZone);
}

/** "04:00" as minutes after midnight (240). */
export function clockToMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Minutes after midnight as "HH:MM". */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
