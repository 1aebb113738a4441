import type { TBackupsState } from '@tavolo/contract/backups';
import { formatDateTime } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A file's size in the person's language: "812 kB", "1.4 GB" (powers of 1000, as disks count). */
export function formatBytes(bytes: number, locale = formattingLocale()): string {
  // From kilobytes: a backup is never smaller, and Intl words bytes as "byte" in some languages.
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value);
}

/** When the next automatic backup is due, or that there are none (and so "take one now" is all). */
export function describeNextBackup(
  state: Pick<TBackupsState, 'automatic' | 'nextAt' | 'intervalHours'>,
  timeZone: string,
): string {
  if (!state.automatic) return t('settings.backups.next.off');
  if (!state.nextAt) return t('settings.backups.next.pending');
  const at = formatDateTime(state.nextAt, timeZone);
  return state.intervalHours === null
    ? at
    : t('settings.backups.next.at', { at, hours: state.intervalHours });
}

/** Why no backup can be taken here, in words, or null when one can. */
export function describeBackupsUnavailable(state: Pick<TBackupsState, 'unavailableReason'>): string | null {
  switch (state.unavailableReason) {
    case 'tools_missing':
      return t('settings.backups.unavailable.toolsMissing');
    case 'not_configured':
      return t('settings.backups.unavailable.notConfigured');
    default:
      return null;
  }
}
