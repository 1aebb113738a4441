import { describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import {
  canVoid,
  courseLabel,
  groupVisitLines,
  heldCourses,
  movableOrders,
  orderedQuantity,
  orderSourceLabel,
  seatLabel,
} from './visit-lines';

describe('groupVisitLines', () => {
  it('groups the lines of every order by seat, then course; no seat and no course last', () => {
    const first = fakeOrder({
      createdAt: '2025-03-14T18:00:00.000Z',
      items: [
        fakeOrderLine({ name: 'Wine', seat: 2, course: 0 }),
        fakeOrderLine({ name: 'Bruschetta', seat: 1, course: 1 }),
        fakeOrderLine({ name: 'Water', seat: null, course: 0 }),
      ],
    });
    const guests = fakeOrder({
      source: 'qr',
      createdAt: '2025-03-14T18:10:00.000Z',
      items: [
        fakeOrderLine({ name: 'Tiramisu', seat: null, course: null }),
        fakeOrderLine({ name: 'Beer', seat: 1, course: 0 }),
      ],
    });
    const cancelled = fakeOrder({ status: 'cancelled', items: [fakeOrderLine({ name: 'Gone', seat: 1 })] });
    const groups = groupVisitLines([guests, cancelled, first]);
    expect(
      groups.map((seat) => [
        seat.seat,
        seat.courses.map((course) => [course.course, course.lines.map((entry) => entry.line.name)]),
      ]),
    ).toEqual([
      [
        1,
        [
          [0, ['Beer']],
          [1, ['Bruschetta']],
        ],
      ],
      [2, [[0, ['Wine']]]],
      [
        null,
        [
          [0, ['Water']],
          [null, ['Tiramisu']],
        ],
      ],
    ]);
    // A line keeps where it came from, for its actions.
    const water = groups[2]?.courses[0]?.lines[0];
    expect([water?.order.id, water?.lineIndex]).toEqual([first.id, 2]);
  });
});

describe('the words of seats, courses and sources', () => {
  it('names seats and courses', () => {
    expect([seatLabel(3), seatLabel(null)]).toEqual(['Seat 3', 'Whole table']);
    expect([courseLabel(0), courseLabel(2), courseLabel(4), courseLabel(null)]).toEqual([
      'At once',
      'Mains',
      'Course 4',
      'No course',
    ]);
  });

  it('says who placed an order', () => {
    expect(orderSourceLabel({ source: 'qr', takenBy: null })).toBe('Guest (QR)');
    expect(orderSourceLabel({ source: 'staff', takenBy: { id: 'x', name: 'Marco' } })).toBe('Taken by Marco');
    expect(orderSourceLabel({ source: 'staff', takenBy: null })).toBe('Staff');
  });
});

describe('courses held back', () => {
  it('lists the courses an order still holds, lowest first, once each', () => {
    const order = fakeOrder({
      status: 'preparing',
      items: [
        fakeOrderLine({ course: 1, kitchenStatus: 'preparing' }),
        fakeOrderLine({ course: 3, kitchenStatus: 'held', firedAt: null }),
        fakeOrderLine({ course: 2, kitchenStatus: 'held', firedAt: null }),
        fakeOrderLine({ course: 2, kitchenStatus: 'held', firedAt: null }),
        // Voided whole: nothing left to fire.
        fakeOrderLine({ course: 4, kitchenStatus: 'held', quantity: 0, voidedQuantity: 1 }),
      ],
    });
    expect(heldCourses(order)).toEqual([2, 3]);
    expect(heldCourses({ ...order, status: 'cancelled' })).toEqual([]);
  });
});

describe('what can be voided and moved', () => {
  it('voids units still on a line of an open order', () => {
    const order = fakeOrder();
    expect(canVoid({ order, lineIndex: 0, line: fakeOrderLine({ quantity: 1 }) })).toBe(true);
    expect(canVoid({ order, lineIndex: 0, line: fakeOrderLine({ quantity: 0, voidedQuantity: 2 }) })).toBe(
      false,
    );
    expect(canVoid({ order: fakeOrder({ status: 'completed' }), lineIndex: 0, line: fakeOrderLine() })).toBe(
      false,
    );
  });

  it('counts a line as ordered: what is left and what was voided', () => {
    expect(orderedQuantity(fakeOrderLine({ quantity: 1, voidedQuantity: 1 }))).toBe(2);
  });

  it('moves only orders with nothing paid that are still open', () => {
    const open = fakeOrder();
    const paid = fakeOrder({ paidMinor: 500 });
    const done = fakeOrder({ status: 'completed' });
    expect(movableOrders([open, paid, done])).toEqual([open]);
  });
});
