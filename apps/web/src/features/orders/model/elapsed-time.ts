/** The kitchen's thresholds: amber from 10 minutes after the order was placed, red from 20. */
export const WARNING_AFTER_MINUTES = 10;
export const LATE_AFTER_MINUTES = 20;

export type Urgency = 'normal' | 'warning' | 'late';

export function urgencyOf(minutes: number): Urgency {
  if (minutes >= LATE_AFTER_MINUTES) return 'late';
  if (minutes >= WARNING_AFTER_MINUTES) return 'warning';
  return 'normal';
}
