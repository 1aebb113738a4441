import { describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeKitchenLine, fakeKitchenTicket, minutesAgo } from '../../../testing/kitchen-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import {
  isTicketDone,
  moveSelection,
  nextLineStatus,
  recallableLineIndexes,
  ticketFromOrder,
  urgencyOf,
  withLineStatus,
} from './tickets';

describe('station tickets', () => {
  it('ages normal, then amber from 8 minutes, red from 15', () => {
    expect([0, 7, 8, 14, 15, 40].map(urgencyOf)).toEqual([
      'normal',
      'normal',
      'warning',
      'warning',
      'late',
      'late',
    ]);
  });

  it('starts a queued line, makes a started one ready, and leaves the rest', () => {
    expect(nextLineStatus('queued')).toBe('preparing');
    expect(nextLineStatus('preparing')).toBe('ready');
    expect(nextLineStatus('ready')).toBeNull();
    expect(nextLineStatus('voided')).toBeNull();
  });

  it('is done when every line is ready or voided, and recalls only lines ready in the last 10 minutes', () => {
    const now = Date.now();
    const ticket = fakeKitchenTicket({
      lines: [
        fakeKitchenLine({ lineIndex: 0, kitchenStatus: 'queued' }),
        fakeKitchenLine({ lineIndex: 1, kitchenStatus: 'voided', quantity: 0, voidedQuantity: 1 }),
      ],
    });
    expect(isTicketDone(ticket)).toBe(false);
    const ready = withLineStatus(ticket, [0], 'ready', minutesAgo(3));
    expect(isTicketDone(ready)).toBe(true);
    expect(ready.lines[0]).toMatchObject({ kitchenStatus: 'ready', readyAt: ready.lines[0]?.startedAt });
    expect(recallableLineIndexes(ready, now)).toEqual([0]);
    expect(recallableLineIndexes(ready, now + 8 * 60_000)).toEqual([]);
    // A recall forgets when it was ready.
    expect(withLineStatus(ready, [0], 'preparing', minutesAgo(0)).lines[0]?.readyAt).toBeNull();
  });

  it('takes the lines of a bump’s answer from the order', () => {
    const ticket = fakeKitchenTicket({ lines: [fakeKitchenLine({ lineIndex: 1 })] });
    const order = fakeOrder({
      id: ticket.orderId,
      items: [
        fakeOrderLine({ kitchenStatus: 'ready' }),
        fakeOrderLine({ kitchenStatus: 'preparing', startedAt: minutesAgo(1) }),
      ],
    });
    expect(ticketFromOrder(ticket, order).lines[0]?.kitchenStatus).toBe('preparing');
  });

  it('moves the selection between tickets and lines, and stops at the edges', () => {
    const counts = [2, 1, 3];
    expect(moveSelection({ ticket: 0, line: -1 }, 'down', counts)).toEqual({ ticket: 0, line: 0 });
    expect(moveSelection({ ticket: 0, line: 1 }, 'down', counts)).toEqual({ ticket: 0, line: 1 });
    expect(moveSelection({ ticket: 0, line: 1 }, 'right', counts)).toEqual({ ticket: 1, line: 0 });
    expect(moveSelection({ ticket: 2, line: 0 }, 'right', counts)).toEqual({ ticket: 2, line: 0 });
    expect(moveSelection({ ticket: 1, line: 0 }, 'up', counts)).toEqual({ ticket: 1, line: -1 });
    expect(moveSelection({ ticket: 1, line: -1 }, 'up', counts)).toEqual({ ticket: 1, line: -1 });
    expect(moveSelection({ ticket: 1, line: -1 }, 'left', counts)).toEqual({ ticket: 0, line: -1 });
  });
});
