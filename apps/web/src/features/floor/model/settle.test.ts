import type { TBillLine } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import { changeDue, quickTenders, seatDues } from './settle';

function line(fields: Partial<TBillLine>): TBillLine {
  return {
    orderId: 'o1',
    orderNumber: 1,
    lineIndex: 0,
    menuItemId: 'm1',
    name: 'Risotto',
    seat: 1,
    options: [],
    quantity: 1,
    unitPriceMinor: 1600,
    amountMinor: 1600,
    discountMinor: 0,
    paidQuantity: 0,
    pendingQuantity: 0,
    totalMinor: 1600,
    ...fields,
  };
}

describe('seatDues', () => {
  it('sums each seat’s unpaid units, by seat, and leaves out lines of no seat', () => {
    const lines = [
      line({ lineIndex: 0, seat: 2, totalMinor: 1600 }),
      line({ lineIndex: 1, seat: 1, name: 'Spritz', totalMinor: 750 }),
      line({ lineIndex: 2, seat: 1, totalMinor: 1600 }),
      line({ lineIndex: 3, seat: null, name: 'Water', totalMinor: 300 }),
    ];
    expect(seatDues({ lines, dueMinor: 4250, pendingMinor: 0 })).toEqual([
      {
        seat: 1,
        dueMinor: 2350,
        items: [
          { name: 'Spritz', quantity: 1 },
          { name: 'Risotto', quantity: 1 },
        ],
        paid: false,
      },
      { seat: 2, dueMinor: 1600, items: [{ name: 'Risotto', quantity: 1 }], paid: false },
    ]);
  });

  it('prices what is left of a line as the server does (the remainder on the last units) and marks paid seats', () => {
    // 3 units for 1000: paying one leaves 667 (1000 − floor(1000 × 1 / 3)).
    const lines = [
      line({ quantity: 3, paidQuantity: 1, totalMinor: 1000 }),
      line({ lineIndex: 1, seat: 2, paidQuantity: 1 }),
    ];
    expect(seatDues({ lines, dueMinor: 667, pendingMinor: 0 })).toEqual([
      { seat: 1, dueMinor: 667, items: [{ name: 'Risotto', quantity: 2 }], paid: false },
      { seat: 2, dueMinor: 0, items: [], paid: true },
    ]);
  });

  it('never asks more than is free to pay (a guest holds part of it)', () => {
    const lines = [line({ totalMinor: 1600 })];
    expect(seatDues({ lines, dueMinor: 1600, pendingMinor: 1000 })[0]?.dueMinor).toBe(600);
  });
});

describe('changeDue', () => {
  it('is tendered less the amount, and nothing while too little is tendered', () => {
    expect(changeDue(2350, 5000)).toBe(2650);
    expect(changeDue(2350, 2350)).toBe(0);
    expect(changeDue(2350, 2349)).toBeNull();
    expect(changeDue(2350, null)).toBeNull();
  });
});

describe('quickTenders', () => {
  it('offers the exact amount, then the next round sums, four at most', () => {
    expect(quickTenders(2350)).toEqual([2350, 2500, 3000, 4000]);
    expect(quickTenders(1000)).toEqual([1000, 1500, 2000, 5000]);
    expect(quickTenders(4999)).toEqual([4999, 5000, 6000, 10000]);
    expect(quickTenders(0)).toEqual([]);
  });
});
