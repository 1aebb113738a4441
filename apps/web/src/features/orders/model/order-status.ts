import type { TOrderStatus } from '@tavolo/contract/orders';
import { FINAL_ORDER_STATUSES, ORDER_TRANSITIONS } from '@tavolo/contract/values/orders';
import type { BadgeTone } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';

/** The board's columns: every status that is not final, in lifecycle order. */
export const BOARD_STATUSES = ['pending', 'accepted', 'preparing', 'ready', 'served'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The name of a status, on the board's columns and in every badge. */
export function statusLabel(status: TOrderStatus): string {
  switch (status) {
    case 'pending':
      return t('orders.status.pending');
    case 'accepted':
      return t('orders.status.accepted');
    case 'preparing':
      return t('orders.status.preparing');
    case 'ready':
      return t('orders.status.ready');
    case 'served':
      return t('orders.status.served');
    case 'completed':
      return t('orders.status.completed');
    case 'cancelled':
      return t('orders.status.cancelled');
  }
}

export const STATUS_TONES: Readonly<Record<TOrderStatus, BadgeTone>> = {
  pending: 'warning',
  accepted: 'accent',
  preparing: 'accent',
  ready: 'success',
  served: 'neutral',
  completed: 'success',
  cancelled: 'danger',
};

/** What the one big button says for the move into a status. */
function actionLabel(status: TOrderStatus): string {
  switch (status) {
    case 'accepted':
      return t('orders.action.accept');
    case 'preparing':
      return t('orders.action.startPreparing');
    case 'ready':
      return t('orders.action.ready');
    case 'served':
      return t('orders.action.served');
    case 'completed':
      return t('orders.action.complete');
    default:
      return statusLabel(status);
  }
}

export function isFinalStatus(status: TOrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

export function isBoardStatus(status: TOrderStatus): status is BoardStatus {
  return (BOARD_STATUSES as readonly TOrderStatus[]).includes(status);
}

/** The forward move of the lifecycle (cancelling is never the "next" step), or null at the end. */
export function nextStatus(status: TOrderStatus): TOrderStatus | null {
  return ORDER_TRANSITIONS[status].find((to) => to !== 'cancelled') ?? null;
}

export interface NextAction {
  status: TOrderStatus;
  label: string;
}

export function nextAction(status: TOrderStatus): NextAction | null {
  const to = nextStatus(status);
  if (!to) return null;
  return { status: to, label: actionLabel(to) };
}

export function canCancel(status: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[status].includes('cancelled');
}
