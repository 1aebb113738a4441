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
