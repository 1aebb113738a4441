import type { TOrder, TOrderStatus } from '@tavolo/contract/orders';
import { describe, expect, it } from 'vitest';
import type { UnsentTap } from '../../../lib/staff-taps';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import {
  applyOrderEvent,
  groupByStatus,
  revertOrder,
  upsertBoardOrder,
  withStatus,
  withUnsentMoves,
} from './board-orders';

const at = (minute: number) => `2025-03-14T18:${String(minute).padStart(2, '0')}:00.000Z`;
const numbers = (orders: { number: number }[]) => orders.map((order) => order.number);

describe('applying live events to the cached board', () => {
  const older = fakeOrder({ number: 1, createdAt: at(0) });
  const newer = fakeOrder({ number: 2, createdAt: at(5) });

  it('adds a created order in its place, newest first, without touching the others', () => {
    const middle = fakeOrder({ number: 3, createdAt: at(3) });
    const board = [newer, older];
    const next = applyOrderEvent(board, { type: 'order.created', order: middle });
    expect(numbers(next ?? [])).toEqual([2, 3, 1]);
    expect(next?.[0]).toBe(newer);
    expect(board).toHaveLength(2);
  });

  it('sorts orders placed in the same instant by number, as the server does', () => {
    const a = fakeOrder({ number: 10, createdAt: at(1) });
    const b = fakeOrder({ number: 11, createdAt: at(1) });
    expect(numbers(upsertBoardOrder(upsertBoardOrder([], a), b))).toEqual([11, 10]);
  });

  it('replaces an updated order where it is', () => {
    const accepted = movedOrder(older, 'accepted', at(6));
    const next = applyOrderEvent([newer, older], { type: 'order.updated', order: accepted });
    expect(next?.map((order) => order.status)).toEqual(['pending', 'accepted']);
    expect(next?.[1]).toBe(accepted);
  });

  it('drops an order that reached a final status', () => {
    const served = movedOrder(older, 'served', at(6));
    const completed = movedOrder(served, 'completed', at(7));
    const cancelled = movedOrder(newer, 'cancelled', at(8), 'Guest left');
    let board = applyOrderEvent([newer, served], { type: 'order.updated', order: completed });
    expect(numbers(board ?? [])).toEqual([2]);
    board = applyOrderEvent(board, { type: 'order.updated', order: cancelled });
    expect(board).toEqual([]);
  });

  it('ignores a final order it never had, and an event older than what it knows', () => {
    const board = [newer];
    const unknownDone = movedOrder(older, 'completed', at(9));
    expect(upsertBoardOrder(board, unknownDone)).toBe(board);

    const preparing = movedOrder(movedOrder(newer, 'accepted', at(6)), 'preparing', at(7));
    const lateAccepted = movedOrder(newer, 'accepted', at(6));
    const current = [preparing];
    expect(upsertBoardOrder(current, lateAccepted)).toBe(current);
  });

  it('never lets an older version replace a newer one, whatever its timestamp', () => {
    const accepted = movedOrder(older, 'accepted', at(6));
    const paid = { ...accepted, version: accepted.version + 1, paidMinor: accepted.totalMinor };
    const board = [paid];
    // Same instant, or a clock ahead: the version decides.
    expect(upsertBoardOrder(board, { ...accepted, updatedAt: at(6) })).toBe(board);
    expect(upsertBoardOrder(board, { ...accepted, updatedAt: at(59) })).toBe(board);
    expect(upsertBoardOrder([accepted], paid)).toEqual([paid]);
    // The same version again (a replay) is harmless.
    expect(upsertBoardOrder(board, paid)).toEqual([paid]);
  });

  it('does nothing before the list has loaded (the fetch brings the truth)', () => {
    expect(applyOrderEvent(undefined, { type: 'order.created', order: older })).toBeUndefined();
  });
});

describe('optimistic moves', () => {
  const order = fakeOrder({ createdAt: at(0) });

  it('moves the order at once, or takes it off the board when final', () => {
    expect(withStatus([order], order.id, 'accepted')[0]?.status).toBe('accepted');
    expect(withStatus([order], order.id, 'cancelled')).toEqual([]);
  });

  it('puts it back on a refusal, unless newer news about it arrived meanwhile', () => {
    const moved = withStatus([order], order.id, 'accepted');
    expect(revertOrder(moved, order)).toEqual([order]);
    expect(revertOrder([], order)).toEqual([order]);
    const someoneElse = movedOrder(order, 'cancelled', at(3), 'Sold out');
    const byEvent = [{ ...someoneElse, status: 'preparing' as const }];
    expect(revertOrder(byEvent, order)).toBe(byEvent);
  });
});

describe('groupByStatus', () => {
  it('puts each order in its column, the one waiting longest first', () => {
    const first = fakeOrder({ number: 1, createdAt: at(0) });
    const second = fakeOrder({ number: 2, createdAt: at(2), status: 'preparing' });
    const third = fakeOrder({ number: 3, createdAt: at(4) });
    const fourth = fakeOrder({ number: 4, createdAt: at(1), status: 'preparing' });
    const columns = groupByStatus([third, second, fourth, first]);
    expect(numbers(columns.pending)).toEqual([1, 3]);
    expect(numbers(columns.preparing)).toEqual([4, 2]);
    expect(columns.accepted).toEqual([]);
    expect(Object.keys(columns)).toEqual(['pending', 'accepted', 'preparing', 'ready', 'served']);
  });
});

describe('moves made through a Wi-Fi drop', () => {
  const move = (order: TOrder, status: TOrderStatus, waiting = true): UnsentTap<'order.status'> => ({
    id: `${order.id}-${status}`,
    waiting,
    at: 0,
    tap: {
      kind: 'order.status',
      orderId: order.id,
      orderNumber: order.number,
      tableNumber: order.tableNumber,
      status,
      by: { userId: 'waiter', restaurantId: 'r' },
    },
  });

  it('are drawn over the board in order, the orders still waiting marked', () => {
    const first = fakeOrder({ number: 1, status: 'pending' });
    const second = fakeOrder({ number: 2, status: 'pending' });
    const shown = withUnsentMoves(
      [first, second],
      [move(first, 'accepted'), move(first, 'preparing'), move(second, 'accepted', false)],
    );
    expect(shown.orders.map((order) => [order.number, order.status])).toEqual([
      [1, 'preparing'],
      [2, 'accepted'],
    ]);
    expect([...shown.unsent]).toEqual([first.id]);
  });

  it('leave an order someone else moved on as it is; a completed one leaves the board', () => {
    const moved = fakeOrder({ number: 3, status: 'ready' });
    const served = fakeOrder({ number: 4, status: 'served', paidMinor: 1000, totalMinor: 1000 });
    const shown = withUnsentMoves([moved, served], [move(moved, 'accepted'), move(served, 'completed')]);
    expect(shown.orders.map((order) => [order.number, order.status])).toEqual([[3, 'ready']]);
    expect([...shown.unsent]).toEqual([moved.id, served.id]);
  });

  it('change nothing when there are none', () => {
    const board = [fakeOrder({ number: 5 })];
    expect(withUnsentMoves(board, []).orders).toBe(board);
  });
});
