import type { TKitchenNotice } from '@tavolo/contract/orders';
import { describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeKitchenLine, fakeKitchenTicket, minutesAgo } from '../../../testing/kitchen-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import {
  changesOf,
  isTicketDone,
  isVoidedWhole,
  moveSelection,
  nextLineStatus,
  noticedLineIndexes,
  noticeKeys,
  recallableLineIndexes,
  struckQuantityOf,
  ticketFromOrder,
  urgencyOf,
  withLineStatus,
  withoutNotices,
} from './tickets';

const was = (overrides: Partial<NonNullable<TKitchenNotice['was']>> = {}) => ({
  quantity: 1,
  options: [],
  note: null,
  seat: null,
  course: 1,
  ...overrides,
});

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

  it('strikes through a line voided whole: every unit voided, or its order cancelled with its units', () => {
    const voided = fakeKitchenLine({ kitchenStatus: 'voided', quantity: 0, voidedQuantity: 2 });
    // A cancellation voids the line without moving its units; one voided before counts too.
    const cancelled = fakeKitchenLine({ kitchenStatus: 'voided', quantity: 3, voidedQuantity: 1 });
    const partly = fakeKitchenLine({ kitchenStatus: 'preparing', quantity: 1, voidedQuantity: 1 });
    expect([voided, cancelled, partly].map(isVoidedWhole)).toEqual([true, true, false]);
    expect([voided, cancelled].map(struckQuantityOf)).toEqual([2, 4]);
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

  it('keeps a ticket whose only line is voided until the void is acknowledged', () => {
    const notice: TKitchenNotice = { kind: 'voided', at: minutesAgo(0), was: was() };
    const ticket = fakeKitchenTicket({
      lines: [
        fakeKitchenLine({ lineIndex: 0, kitchenStatus: 'voided', quantity: 0, voidedQuantity: 1, notice }),
      ],
    });
    expect(isTicketDone(ticket)).toBe(false);
    expect(noticedLineIndexes(ticket)).toEqual([0]);
    const seen = withoutNotices(ticket, [0]);
    expect(isTicketDone(seen)).toBe(true);
    expect(noticedLineIndexes(seen)).toEqual([]);
    // Acknowledging a line without a mark changes nothing.
    expect(withoutNotices(seen, [0])).toEqual(seen);
  });

  it('a ready ticket recalled or changed stays until seen; only the named lines lose their marks', () => {
    const recalled: TKitchenNotice = { kind: 'recalled', at: minutesAgo(0), was: null };
    const changed: TKitchenNotice = { kind: 'changed', at: minutesAgo(1), was: was() };
    const ticket = fakeKitchenTicket({
      lines: [
        fakeKitchenLine({ lineIndex: 0, kitchenStatus: 'ready', notice: recalled }),
        fakeKitchenLine({ lineIndex: 2, kitchenStatus: 'ready', notice: changed }),
      ],
    });
    expect(isTicketDone(ticket)).toBe(false);
    const one = withoutNotices(ticket, [2]);
    expect(noticedLineIndexes(one)).toEqual([0]);
    expect(isTicketDone(one)).toBe(false);
    expect(isTicketDone(withoutNotices(one, [0]))).toBe(true);
    // Bumped ready again, the recalled line's mark goes; the changed one's stays.
    const bumped = withLineStatus(
      { ...ticket, lines: ticket.lines.map((line) => ({ ...line, kitchenStatus: 'preparing' as const })) },
      [0, 2],
      'ready',
      minutesAgo(0),
    );
    expect(noticedLineIndexes(bumped)).toEqual([2]);
  });

  it('gives each notice its own key: a new void of the same line sounds again', () => {
    const at = minutesAgo(2);
    const ticket = fakeKitchenTicket({
      lines: [
        fakeKitchenLine({ lineIndex: 0, notice: { kind: 'changed', at, was: was() } }),
        fakeKitchenLine({ lineIndex: 1 }),
      ],
    });
    const [key] = noticeKeys([ticket]);
    expect(noticeKeys([ticket])).toHaveLength(1);
    const voidedLater = withoutNotices(ticket, []);
    voidedLater.lines[0] = {
      ...voidedLater.lines[0]!,
      notice: { kind: 'voided', at: minutesAgo(0), was: was() },
    };
    expect(noticeKeys([voidedLater])[0]).not.toBe(key);
  });

  it('says what a change altered: units, note, choices, seat', () => {
    const line = fakeKitchenLine({
      quantity: 3,
      note: 'no cheese',
      options: [{ group: 'Size', choice: 'Large' }],
      notice: {
        kind: 'changed',
        at: minutesAgo(0),
        was: was({ quantity: 2, options: [{ group: 'Size', choice: 'Large' }] }),
      },
    });
    expect(changesOf(line)).toEqual({ quantity: 2, note: true, options: false, seat: false });
    // A void says nothing of changes; an unmarked line neither.
    expect(
      changesOf({ ...line, notice: { kind: 'voided', at: minutesAgo(0), was: was() } }).quantity,
    ).toBeNull();
    expect(changesOf({ ...line, notice: null })).toEqual({
      quantity: null,
      note: false,
      options: false,
      seat: false,
    });
  });

  it('takes the marks of an answer from the order', () => {
    const ticket = fakeKitchenTicket({
      lines: [fakeKitchenLine({ lineIndex: 0, notice: { kind: 'recalled', at: minutesAgo(0), was: null } })],
    });
    const order = fakeOrder({ id: ticket.orderId, items: [fakeOrderLine({ kitchenStatus: 'preparing' })] });
    expect(ticketFromOrder(ticket, order).lines[0]?.notice).toBeNull();
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
