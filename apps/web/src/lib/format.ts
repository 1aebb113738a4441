import { currencyMinorDigits } from '@tavolo/contract/money';
import { formattingLocale } from './i18n/i18n';

// `locale` defaults to the person's language (formattingLocale); tests pass one explicitly.

/** Money is stored in minor units (cents); JPY has none, KWD has three. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const digits = currencyMinorDigits(currency);
  const amount = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale ?? formattingLocale(), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/** Minor units as major ones (1250 → 12.5 EUR, 1250 → 1250 JPY): what a chart's axis plots. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyMinorDigits(currency);
}

/** An axis tick that fits a phone: "€1.2K". `major` is in major units. */
export function formatCompactMoney(major: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale ?? formattingLocale(), {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

/**
 * A span of time as a kitchen reads it, in Intl's own short units: "45 sec", "7 min 30 sec"; whole
 * minutes from 10 minutes up (seconds are noise there), hours past 60 minutes.
 */
export function formatDuration(seconds: number, locale?: string): string {
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale ?? formattingLocale(), {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
    }).format(value);
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return unit(total, 'second');
  if (total < 600) {
    const rest = total % 60;
    const minutes = unit(Math.floor(total / 60), 'minute');
    return rest === 0 ? minutes : `${minutes} ${unit(rest, 'second')}`;
  }
  const minutes = Math.round(total / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const rest = minutes % 60;
  const hours = unit(Math.floor(minutes / 60), 'hour');
  return rest === 0 ? hours : `${hours} ${unit(rest, 'minute')}`;
}

/** An instant on the restaurant's clock; the browser's when the zone is unknown; '' for a bad date. */
function formatInTimeZone(
  iso: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  locale: string | undefined,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale ?? formattingLocale(), { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale ?? formattingLocale(), options).format(date);
  }
}

/** A date and time as the restaurant's clock shows it. */
export function formatDateTime(iso: string, timeZone: string, locale?: string): string {
  return formatInTimeZone(iso, { dateStyle: 'medium', timeStyle: 'short' }, timeZone, locale);
}

/** A time of day ("7:34 PM") as the restaurant's clock shows it. */
export function formatTimeOfDay(iso: string, timeZone?: string, locale?: string): string {
  return formatInTimeZone(iso, { hour: 'numeric', minute: '2-digit' }, timeZone, locale);
}

/** "grilled sea bass" → "Grilled Sea Bass" (the original client's helper). */
export function capitalizeWords(text: string): string {
  return text.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The weekday (0 = Sunday … 6 = Saturday) on the restaurant's clock, which may differ from the browser's. */
export function weekdayInTimeZone(timeZone: string, at: Date = new Date()): number {
  let short: string;
  try {
    short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(at);
  } catch {
    return at.getDay();
  }
  return WEEKDAY_INDEX[short] ?? at.getDay();
}

/** "Mon", "Monday"… for a weekday number (0 = Sunday), in the user's language. */
export function weekdayName(day: number, style: 'short' | 'long' = 'short', locale?: string): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(locale ?? formattingLocale(), { weekday: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );
}

/** A calendar date ("2025-03-14", already the restaurant's) as "Friday, 14 March 2025". */
export function formatCalendarDate(date: string, locale?: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(locale ?? formattingLocale(), { dateStyle: 'full', timeZone: 'UTC' }).format(
    parsed,
  );
}

/**
 * A tax rate, in basis points, as a percent in the person's language: 1000 → "10%" (en), "10 %"
 * (de, fr); 550 → "5.5%", "5,5 %". Two decimals at most, as rates are kept.
 */
export function formatRate(basisPoints: number, locale?: string): string {
  return new Intl.NumberFormat(locale ?? formattingLocale(), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}
