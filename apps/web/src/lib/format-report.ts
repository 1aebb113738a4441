import { formattingLocale } from './i18n/i18n';

// Beside format.ts rather than in it: format.ts is part of the guest's first load, and only the
// receipts and the day's reports need these.

/** A tax rate in basis points as a percentage in the person's language: 1000 → "10%", 550 → "5,5 %" in French. */
export function formatRate(basisPoints: number, locale?: string): string {
  return new Intl.NumberFormat(locale ?? formattingLocale(), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}

/** A calendar date ("2025-03-14", already the restaurant's) short enough for a table: "14 Mar 2025". */
export function formatShortDate(date: string, locale?: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(locale ?? formattingLocale(), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(parsed);
}
