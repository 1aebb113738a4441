import type { TOrderStatus } from '@tavolo/contract/orders';
import { FINAL_ORDER_STATUSES, ORDER_TRANSITIONS } from '@tavolo/contract/values/orders';
import type { BadgeTone } from '../../../components/ui/badge';

/** The board's columns: every status that is not final, in lifecycle order. */
export const BOARD_STATUSES = ['pending', 'accepted', 'preparing', 'ready', 'served'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<TOrderStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  preparing: 'Preparing',
  ready: 'Ready',
  served: 'Served',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

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
const ACTION_LABELS: Partial<Readonly<Record<TOrderStatus, string>>> = {
  accepted: 'Accept',
  preparing: 'Start preparing',
  ready: 'Ready',
  served: 'Served',
  completed: 'Complete',
};

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
  return { status: to, label: ACTION_LABELS[to] ?? STATUS_LABELS[to] };
}

export function canCancel(status: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[status].includes('cancelled');
}
