import type { TOrderSummary } from '@tavolo/contract/dashboard';
import type { TOrderStatus } from '@tavolo/contract/orders';
import { ORDER_STATUSES } from '@tavolo/contract/values/orders';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

/* The order summary's breakdown by status: a stacked bar and its legend, in the lifecycle's order. */

/** An order status in words: the legend's. */
export function statusName(status: TOrderStatus): string {
  switch (status) {
    case 'pending':
      return t('overview.status.pending');
    case 'accepted':
      return t('overview.status.accepted');
    case 'preparing':
      return t('overview.status.preparing');
    case 'ready':
      return t('overview.status.ready');
    case 'served':
      return t('overview.status.served');
    case 'completed':
      return t('overview.status.completed');
    case 'cancelled':
      return t('overview.status.cancelled');
  }
}

export interface StatusShare {
  status: TOrderStatus;
  label: string;
  count: number;
  /** Its part of the total, 0–1 (0 without orders). */
  share: number;
}

/** Every status that has orders, in the lifecycle's order. */
export function toStatusShares(summary: Pick<TOrderSummary, 'byStatus' | 'total'>): StatusShare[] {
  const counted = ORDER_STATUSES.reduce((sum, status) => sum + summary.byStatus[status], 0);
  // The bar splits what it shows: the statuses' own sum, should it ever differ from the total.
  const whole = Math.max(counted, 1);
  return ORDER_STATUSES.filter((status) => summary.byStatus[status] > 0).map((status) => ({
    status,
    label: statusName(status),
    count: summary.byStatus[status],
    share: summary.byStatus[status] / whole,
  }));
}

/** "14 Mar" or "10 – 16 Mar" or "1 Jan – 16 Mar": the period's days, already the restaurant's. */
export function formatDayRange(from: string, to: string, locale?: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${to}`;
  const format = new Intl.DateTimeFormat(locale ?? formattingLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return from === to ? format.format(start) : format.formatRange(start, end);
}
