import { ORDER_STATUSES } from '@tavolo/contract/orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareFloorTables,
  type OrderMark,
  orderFiguresOf,
  tableStateOf,
  toFloorTable,
} from './floor-model';

const visit = {
  openedAtMs: null,
  orders: 0,
  openOrders: 0,
  billRequested: false,
  holdUntilMs: null,
};

describe('a table’s state', () => {
  it('is free without a visit, whatever calls are open; seated when opened without an order', () => {
    expect(tableStateOf(visit)).toBe('free');
    expect(tableStateOf({ ...visit, billRequested: true })).toBe('free');
    expect(tableStateOf({ ...visit, openedAtMs: 1 })).toBe('seated');
  });

  it('goes ordered, served, bill, paying: a hold outranks a call for the bill, which outranks the kitchen', () => {
    const ordered = { ...visit, orders: 2, openOrders: 1 };
    expect(tableStateOf(ordered)).toBe('ordered');
    expect(tableStateOf({ ...ordered, openOrders: 0 })).toBe('served');
    expect(tableStateOf({ ...ordered, billRequested: true })).toBe('bill');
    expect(tableStateOf({ ...ordered, billRequested: true, holdUntilMs: 5 })).toBe('paying');
  });

  it('shows no covers, waiter or opening for a free table, and the first order’s time for a QR visit', () => {
    const base = {
      id: 't',
      number: 4,
      label: null,
      area: 'Bar',
      seats: 2,
      active: true,
      covers: 3,
      waiterId: 'w',
      waiterName: 'Wanda',
      totalMinor: 1000,
      paidMinor: 400,
      openRequests: 0,
      firstOrderAtMs: Date.UTC(2026, 0, 1, 19),
      oldestOpenOrderAtMs: null,
    };
    expect(toFloorTable({ ...base, ...visit })).toMatchObject({ covers: null, waiter: null, openedAt: null });
    expect(toFloorTable({ ...base, ...visit, orders: 1 })).toMatchObject({
      state: 'served',
      covers: 3,
      waiter: { id: 'w', name: 'Wanda' },
      openedAt: '2026-01-01T19:00:00.000Z',
      dueMinor: 600,
    });
  });
});

describe('the orders of an open bill', () => {
  const mark = fc.record({
    status: fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'cancelled')),
    createdAtMs: fc.integer({ min: 0, max: 2_000_000_000_000 }),
  });

  it('count every order and those not yet served, with the first and the oldest open placing', () => {
    fc.assert(
      fc.property(fc.array(mark, { maxLength: 40 }), (marks: OrderMark[]) => {
        const figures = orderFiguresOf(marks);
        const open = marks.filter((m) => ['pending', 'accepted', 'preparing', 'ready'].includes(m.status));
        expect(figures.orders).toBe(marks.length);
        expect(figures.openOrders).toBe(open.length);
        expect(figures.firstOrderAtMs).toBe(
          marks.length ? Math.min(...marks.map((m) => m.createdAtMs)) : null,
        );
        expect(figures.oldestOpenOrderAtMs).toBe(
          open.length ? Math.min(...open.map((m) => m.createdAtMs)) : null,
        );
      }),
    );
  });
});

describe('the floor’s order', () => {
  it('is by area, whatever its case, those without one last, then by number', () => {
    const tables = [
      { area: null, number: 1 },
      { area: 'terrace', number: 2 },
      { area: 'Bar', number: 9 },
      { area: 'Terrace', number: 1 },
      { area: 'Bar', number: 3 },
    ];
    expect([...tables].sort(compareFloorTables)).toEqual([
      { area: 'Bar', number: 3 },
      { area: 'Bar', number: 9 },
      { area: 'Terrace', number: 1 },
      { area: 'terrace', number: 2 },
      { area: null, number: 1 },
    ]);
  });
});
