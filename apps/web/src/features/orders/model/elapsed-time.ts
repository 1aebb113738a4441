import { t } from '../../../lib/i18n/i18n';

/** The kitchen's thresholds: amber from 10 minutes after the order was placed, red from 20. */
export const WARNING_AFTER_MINUTES = 10;
export const LATE_AFTER_MINUTES = 20;

export type Urgency = 'normal' | 'warning' | 'late';

export function urgencyOf(minutes: number): Urgency {
  if (minutes >= LATE_AFTER_MINUTES) return 'late';
  if (minutes >= WARNING_AFTER_MINUTES) return 'warning';
  return 'normal';
}

/** "Just now", "7 min", "1 h 05 min". */
export function formatElapsed(minutes: number): string {
  if (minutes < 1) return t('orders.elapsed.justNow');
  if (minutes < 60) return t('orders.elapsed.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return t('orders.elapsed.hours', { hours, minutes: String(rest).padStart(2, '0') });
}
