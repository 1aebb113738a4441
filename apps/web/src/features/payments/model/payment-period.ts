import { PAYMENT_STATS_MAX_DAYS } from '@tavolo/contract/values/payments';
import { addDays, daysBetween, isCalendarDate } from '../../../lib/calendar-days';
import { t } from '../../../lib/i18n/i18n';

/*
 * The period the Payments screen covers, as the URL keeps it (?period=7d, or ?period=custom&from=
 * &to=). Days are calendar days on the restaurant's clock, which may not be the browser's: at
 * 00:30 in Rome it is still yesterday in New York.
 */

export const PERIOD_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

function presetLabel(preset: PeriodPreset): string {
  switch (preset) {
    case 'today':
      return t('payments.period.today');
    case '7d':
      return t('payments.period.last7Days');
    case '30d':
      return t('payments.period.last30Days');
    case 'month':
      return t('payments.period.thisMonth');
    case 'custom':
      return t('payments.period.custom');
  }
}

/** The period picker's choices. */
export function periodPresetOptions(): { value: PeriodPreset; label: string }[] {
  return PERIOD_PRESETS.map((preset) => ({ value: preset, label: presetLabel(preset) }));
}

export const DEFAULT_PERIOD: PeriodPreset = '7d';

/** What the URL says; `from` and `to` only matter for a custom period. */
export interface PeriodChoice {
  preset: PeriodPreset;
  from: string;
  to: string;
}

/** Inclusive calendar days (YYYY-MM-DD) in the restaurant's time zone, or why there are none. */
export type PeriodRange = { ok: true; from: string; to: string } | { ok: false; message: string };

function isPreset(value: string | null): value is PeriodPreset {
  return (PERIOD_PRESETS as readonly (string | null)[]).includes(value);
}

export function readPeriod(params: URLSearchParams): PeriodChoice {
  const preset = params.get('period');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  return { preset: isPreset(preset) ? preset : DEFAULT_PERIOD, from: date('from'), to: date('to') };
}

/**
 * The days a choice covers, today being `today` on the restaurant's clock. A custom period needs
 * both dates, in order, and no more days than the stats cover.
 */
export function resolvePeriod(choice: PeriodChoice, today: string): PeriodRange {
  switch (choice.preset) {
    case 'today':
      return { ok: true, from: today, to: today };
    case '7d':
      return { ok: true, from: addDays(today, -6), to: today };
    case '30d':
      return { ok: true, from: addDays(today, -29), to: today };
    case 'month':
      return { ok: true, from: `${today.slice(0, 8)}01`, to: today };
    case 'custom': {
      if (!choice.from || !choice.to) return { ok: false, message: t('payments.period.datesMissing') };
      if (choice.from > choice.to) return { ok: false, message: t('payments.period.endBeforeStart') };
      if (daysBetween(choice.from, choice.to) > PAYMENT_STATS_MAX_DAYS)
        return { ok: false, message: t('payments.period.tooLong', { max: PAYMENT_STATS_MAX_DAYS }) };
      return { ok: true, from: choice.from, to: choice.to };
    }
  }
}

/**
 * The URL after choosing a period. A custom period starts from the days shown before (so the
 * dates are filled in, ready to change); presets keep no dates. The list goes back to page one.
 */
export function writePeriod(
  current: URLSearchParams,
  change: Partial<PeriodChoice>,
  shown?: { from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('page');
  const preset = change.preset ?? readPeriod(current).preset;
  if (preset === DEFAULT_PERIOD) next.delete('period');
  else next.set('period', preset);
  if (preset !== 'custom') {
    next.delete('from');
    next.delete('to');
    return next;
  }
  for (const key of ['from', 'to'] as const) {
    const value = change[key] ?? current.get(key) ?? (change.preset === 'custom' ? shown?.[key] : '') ?? '';
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
