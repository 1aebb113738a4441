import { formatMoney, weekdayName } from '../../../lib/format';

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

/** "Mon" and "Monday" for a calendar date (YYYY-MM-DD, already the restaurant's). */
export function describeCompareDay(compareDate: string, locale?: string): { short: string; long: string } {
  const parsed = new Date(`${compareDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return { short: 'last week', long: 'last week' };
  const day = parsed.getUTCDay();
  return {
    short: `last ${weekdayName(day, 'short', locale)}`,
    long: `last ${weekdayName(day, 'long', locale)}`,
  };
}

function formatAmount(amount: number, kind: FigureKind, currency: string, locale?: string): string {
  if (kind === 'money') return formatMoney(amount, currency, locale);
  if (kind === 'rating')
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      amount,
    );
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount);
}

/** A share as "12%", or "0.4%" when it is under 10% and would round to nothing. */
function formatShare(share: number, locale?: string): string {
  const digits = share < 0.1 && Math.round(share * 100) === 0 ? 1 : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(share);
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
    compareDay: { short: string; long: string };
    asAmount?: boolean;
    locale?: string;
  },
): StatChange | null {
  const { value, previous } = figure;
  if (previous === null || !Number.isFinite(previous)) return null;
  const difference = kind === 'rating' ? Math.round((value - previous) * 10) / 10 : value - previous;
  if (difference === 0) {
    return {
      text: `Same as ${compareDay.short}`,
      spoken: `The same as ${compareDay.long}`,
      tone: 'same',
    };
  }
  const tone: ChangeTone = difference > 0 ? 'up' : 'down';
  const sign = difference > 0 ? '+' : MINUS;
  const direction = difference > 0 ? 'Up' : 'Down';
  // Last week's zero (or a negative revenue after refunds) gives no meaningful percentage.
  const magnitude =
    asAmount || previous <= 0
      ? formatAmount(Math.abs(difference), kind, currency, locale)
      : formatShare(Math.abs(difference) / previous, locale);
  return {
    text: `${sign}${magnitude} vs ${compareDay.short}`,
    spoken: `${direction} ${magnitude} on ${compareDay.long}`,
    tone,
  };
}

/** The rating as "4.6", or null without reviews. */
export function formatRating(value: number | null, locale?: string): string | null {
  if (value === null) return null;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
