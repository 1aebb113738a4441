import type { TKitchenNotice, TKitchenStatus } from '@tavolo/contract/orders';
import { t } from '../../../lib/i18n/i18n';

/** A line's state in the kitchen's words. */
export function lineStatusLabel(status: TKitchenStatus): string {
  switch (status) {
    case 'held':
      return t('kitchen.status.held');
    case 'queued':
      return t('kitchen.status.queued');
    case 'preparing':
      return t('kitchen.status.preparing');
    case 'ready':
      return t('kitchen.status.ready');
    case 'served':
      return t('kitchen.status.served');
    case 'voided':
      return t('kitchen.status.voided');
  }
}

/** The mark a line carries until the cook acknowledges it: VOID, CHANGED, RECALLED. */
export function noticeLabel(kind: TKitchenNotice['kind']): string {
  switch (kind) {
    case 'voided':
      return t('kitchen.notice.voided');
    case 'changed':
      return t('kitchen.notice.changed');
    case 'recalled':
      return t('kitchen.notice.recalled');
  }
}

/** A prep time in whole minutes ("6 min"); under a minute, "< 1 min". */
export function formatPrepTime(seconds: number): string {
  if (seconds < 60) return t('kitchen.prep.underAMinute');
  return t('lib.elapsed.minutes', { minutes: Math.round(seconds / 60) });
}
