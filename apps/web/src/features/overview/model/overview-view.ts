import type { TDashboardPeriod } from '@tavolo/contract/dashboard';
import { DASHBOARD_PERIODS } from '@tavolo/contract/values/dashboard';
import { t } from '../../../lib/i18n/i18n';

/*
 * What the Overview's URL keeps (?period=week&year=2024), so a reload or a shared link finds the
 * same view. Without a year the server charts the restaurant's current one.
 */

/** The period control's segments. */
export function periodSegments(): { value: TDashboardPeriod; label: string }[] {
  return [
    { value: 'today', label: t('overview.period.today') },
    { value: 'week', label: t('overview.period.week') },
    { value: 'month', label: t('overview.period.month') },
    { value: 'year', label: t('overview.period.year') },
  ];
}

/** How many years the picker offers: this one and the previous ones. */
export const YEARS_OFFERED = 5;

export interface OverviewView {
  period: TDashboardPeriod;
  /** Null: the server's default, the restaurant's current year. */
  year: number | null;
}

function isPeriod(value: string | null): value is TDashboardPeriod {
  return (DASHBOARD_PERIODS as readonly (string | null)[]).includes(value);
}

export function readOverviewView(params: URLSearchParams): OverviewView {
  const period = params.get('period');
  const year = Number(params.get('year'));
  return {
    period: isPeriod(period) ? period : 'today',
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
  };
}

/** The URL's search with a change applied; defaults are left out, other parameters kept. */
export function writeOverviewView(params: URLSearchParams, change: Partial<OverviewView>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.period !== undefined) {
    if (change.period === 'today') next.delete('period');
    else next.set('period', change.period);
  }
  if (change.year !== undefined) {
    if (change.year === null) next.delete('year');
    else next.set('year', String(change.year));
  }
  return next;
}

/** The year on the restaurant's clock (on New Year's morning in Auckland, UTC is still in the old one). */
export function yearInTimeZone(timeZone: string, at: Date = new Date()): number {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(at));
  } catch {
    return at.getFullYear();
  }
}

/** This year first, then the previous ones; a year from the URL outside them is offered too. */
export function listYears(currentYear: number, chosen: number | null = null): number[] {
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => currentYear - index);
  if (chosen !== null && !years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}
