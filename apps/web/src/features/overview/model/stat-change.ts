import { formatMoney, weekdayName } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

/*
 * The line under each of the Overview's cards: today against the same weekday last week. A change
 * reads as a percentage where last week had something to compare with, and as an amount where it
 * had nothing (no dividing by zero) or where a percentage means little (a balance, a rating).
 */

/** A figure and what it was on the day it is compared with; null where nothing compares. */
export interface ComparedFigure {
  value: number;
  previous: number | null;
}

/** money: minor units; count: whole numbers; rating: 1–5 stars. */
export type FigureKind = 'money' | 'count' | 'rating';

export type ChangeTone = 'up' | 'down' | 'same';

export interface StatChange {
  /** "+12% vs last Mon", "−€40.00 vs last Mon", "Same as last Mon". */
  text: string;
  /** The same in words, for screen readers: "Up 12% on last Monday". */
  spoken: string;
  tone: ChangeTone;
}

// A true minus sign: a hyphen reads as a dash, and screen readers may skip it.
const MINUS = '\u2212';

/**
 * What a figure is compared with: a weekday of last week (0 = Sunday … 6 = Saturday), or simply a
 * week ago (a balance, a rating). Messages name it themselves ("last Monday", "lunedì scorso",
 * "domenica scorsa"), since its words change with the sentence and the weekday.
 */
export type CompareDay = number | 'week';

/** The weekday of a calendar date (YYYY-MM-DD, already the restaurant's); "a week ago" for a bad one. */
export function compareDayOf(compareDate: string): CompareDay {
  const parsed = new Date(`${compareDate}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? 'week' : parsed.getUTCDay();
}

const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The compare day as a message's values: `compare` selects the wording ("week", or the weekday's
 * key, for languages whose words change with the day), `weekday` is its name ("Mon", "Monday").
 */
export function compareDayValues(
  day: CompareDay,
  style: 'short' | 'long',
  locale?: string,
): { compare: string; weekday: string } {
  if (day === 'week') return { compare: 'week', weekday: '' };
  return { compare: DAY_KEYS[day] ?? 'week', weekday: weekdayName(day, style, locale) };
}

function formatAmount(amount: number, kind: FigureKind, currency: string, locale?: string): string {
  if (kind === 'money') return formatMoney(amount, currency, locale);
  if (kind === 'rating')
    return new Intl.NumberFormat(locale ?? formattingLocale(), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(amount);
  return formatCount(amount, locale);
}

/** A share as "12%", or "0.4%" when it is under 10% and would round to nothing. */
function formatShare(share: number, locale?: string): string {
  const digits = share < 0.1 && Math.round(share * 100) === 0 ? 1 : 0;
  return new Intl.NumberFormat(locale ?? formattingLocale(), {
    style: 'percent',
    maximumFractionDigits: digits,
  }).format(share);
}

/**
 * How a figure moved since the compare day, or null when there is nothing to compare with.
 * `asAmount` says the change as an amount even where a percentage could be computed.
 */
export function describeChange(
  figure: ComparedFigure,
  {
    kind,
    currency = '',
    compareDay,
    asAmount = kind === 'rating',
    locale,
  }: {
    kind: FigureKind;
    currency?: string;
    compareDay: CompareDay;
    asAmount?: boolean;
    locale?: string;
  },
): StatChange | null {
  const { value, previous } = figure;
  if (previous === null || !Number.isFinite(previous)) return null;
  const difference = kind === 'rating' ? Math.round((value - previous) * 10) / 10 : value - previous;
  const short = compareDayValues(compareDay, 'short', locale);
  const long = compareDayValues(compareDay, 'long', locale);
  if (difference === 0) {
    return {
      text: t('overview.change.same', short),
      spoken: t('overview.change.sameSpoken', long),
      tone: 'same',
    };
  }
  const tone: ChangeTone = difference > 0 ? 'up' : 'down';
  const sign = difference > 0 ? '+' : MINUS;
  // Last week's zero (or a negative revenue after refunds) gives no meaningful percentage.
  const magnitude =
    asAmount || previous <= 0
      ? formatAmount(Math.abs(difference), kind, currency, locale)
      : formatShare(Math.abs(difference) / previous, locale);
  return {
    text: t('overview.change.moved', { change: `${sign}${magnitude}`, ...short }),
    spoken: t('overview.change.movedSpoken', { direction: tone, amount: magnitude, ...long }),
    tone,
  };
}

/** A count as the person's language writes it: "1,234", "1.234". */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale ?? formattingLocale(), { maximumFractionDigits: 0 }).format(value);
}

/** The rating as "4.6", or null without reviews. */
export function formatRating(value: number | null, locale?: string): string | null {
  if (value === null) return null;
  return new Intl.NumberFormat(locale ?? formattingLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}
