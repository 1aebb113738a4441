import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@tavolo/contract/values/orders';
import { describe, expect, it } from 'vitest';
import {
  BOARD_STATUSES,
  canCancel,
  isBoardStatus,
  isFinalStatus,
  nextAction,
  nextStatus,
} from './order-status';

describe('the next status of the board', () => {
  it('follows ORDER_TRANSITIONS forward, never to cancelled', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, nextStatus(status)]))).toEqual({
      pending: 'accepted',
      accepted: 'preparing',
      preparing: 'ready',
      ready: 'served',
      served: 'completed',
      completed: null,
      cancelled: null,
    });
    for (const status of ORDER_STATUSES) {
      const next = nextStatus(status);
      if (next) expect(ORDER_TRANSITIONS[status]).toContain(next);
    }
  });

  it('names the big button after the move it makes', () => {
    expect(BOARD_STATUSES.map((status) => nextAction(status)?.label)).toEqual([
      'Accept',
      'Start preparing',
      'Ready',
      'Served',
      'Complete',
    ]);
    expect(nextAction('completed')).toBeNull();
    expect(nextAction('cancelled')).toBeNull();
  });

  it('offers cancelling only where the lifecycle allows it', () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(['pending', 'accepted', 'preparing']);
  });

  it('has a column for every status that is not final', () => {
    expect(ORDER_STATUSES.filter((status) => !isFinalStatus(status))).toEqual([...BOARD_STATUSES]);
    expect(ORDER_STATUSES.filter(isBoardStatus)).toEqual([...BOARD_STATUSES]);
  });
});
