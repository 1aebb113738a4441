import type { TBillLine, TTableBill } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import {
  billState,
  choiceAmountMinor,
  choiceToItems,
  equalShareMinor,
  groupBillLines,
  lineKey,
  linePaidState,
  lineUnitsMinor,
  resolveTip,
  setChoice,
  splitShares,
  tipForPercent,
  tipProblem,
  unitsLeft,
} from './bill';

const ORDER_A = '00000000-0000-4000-8000-00000000000a';
const ORDER_B = '00000000-0000-4000-8000-00000000000b';

function line(overrides: Partial<TBillLine> = {}): TBillLine {
  return {
    orderId: ORDER_A,
    orderNumber: 1,
    lineIndex: 0,
    menuItemId: '00000000-0000-4000-8000-0000000000ff',
    name: 'Margherita',
    quantity: 3,
    paidQuantity: 0,
    pendingQuantity: 0,
    totalMinor: 1_000,
    ...overrides,
  };
}

describe('splitShares', () => {
  it('adds up to the total exactly, the remainder on the last share', () => {
    expect(splitShares(1_000, 3)).toEqual([333, 333, 334]);
    for (const total of [0, 1, 7, 999, 1_000, 12_345, 100_003]) {
      for (let parts = 2; parts <= 20; parts += 1) {
        const shares = splitShares(total, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      }
    }
  });

  it('keeps the parts between 2 and 20', () => {
    expect(splitShares(100, 1)).toHaveLength(2);
    expect(splitShares(100, 50)).toHaveLength(20);
  });
});

describe('equalShareMinor', () => {
  const EMPTY = {
    totalMinor: 1_000,
    dueMinor: 1_000,
    pendingMinor: 0,
    payments: [] as TTableBill['payments'],
  };
  const paidShare = (amountMinor: number): TTableBill['payments'][number] => ({
    id: '00000000-0000-4000-8000-0000000000f1',
    amountMinor,
    tipMinor: 0,
    method: 'online',
    mode: 'equal',
    at: '2025-03-14T18:00:00.000Z',
  });

  /** Each of `parts` phones pays its share in turn, as the server records it. */
  function payInTurn(start: typeof EMPTY, parts: number): number[] {
    let bill = start;
    const paid: number[] = [];
    for (let i = 0; i < parts; i += 1) {
      const share = equalShareMinor(bill, parts);
      paid.push(share);
      bill = { ...bill, dueMinor: bill.dueMinor - share, payments: [...bill.payments, paidShare(share)] };
    }
    return paid;
  }

  it('pays floor(total / parts), and the last share carries the remainder', () => {
    expect(payInTurn(EMPTY, 3)).toEqual([333, 333, 334]);
  });

  it('sums exactly to what was due for every number of ways, even after other payments', () => {
    for (let parts = 2; parts <= 20; parts += 1) {
      const fresh = { ...EMPTY, totalMinor: 12_347, dueMinor: 12_347 };
      expect(payInTurn(fresh, parts).reduce((sum, share) => sum + share, 0)).toBe(12_347);
      // Someone paid their own items first: the shares still settle exactly what is left.
      const partly = { ...fresh, dueMinor: 9_000 };
      expect(payInTurn(partly, parts).reduce((sum, share) => sum + share, 0)).toBe(9_000);
    }
  });

  it('never asks more than is free once other checkouts are held', () => {
    expect(equalShareMinor({ ...EMPTY, dueMinor: 400, pendingMinor: 300 }, 2)).toBe(100);
    expect(equalShareMinor({ ...EMPTY, dueMinor: 300, pendingMinor: 300 }, 2)).toBe(0);
  });
});

describe('items', () => {
  it('prices k more units as the difference of floors, so the units sum to the line', () => {
    const three = line({ quantity: 3, totalMinor: 1_000 });
    expect(lineUnitsMinor(three, 1)).toBe(333);
    expect(lineUnitsMinor({ ...three, paidQuantity: 1 }, 1)).toBe(333);
    expect(lineUnitsMinor({ ...three, paidQuantity: 2 }, 1)).toBe(334);
    expect(lineUnitsMinor(three, 3)).toBe(1_000);
    // Held units count as taken: the next phone pays the units after them.
    expect(lineUnitsMinor({ ...three, pendingQuantity: 2 }, 1)).toBe(334);
    // Never past the line's last unit.
    expect(lineUnitsMinor({ ...three, paidQuantity: 2 }, 5)).toBe(334);
    expect(lineUnitsMinor(three, 0)).toBe(0);
  });

  it('limits a line to its units not paid nor held', () => {
    expect(unitsLeft(line({ quantity: 5, paidQuantity: 2, pendingQuantity: 1 }))).toBe(2);
    expect(unitsLeft(line({ quantity: 2, paidQuantity: 2 }))).toBe(0);
  });

  it('keeps a choice within each line, drops zeros and prices it', () => {
    const a = line({ quantity: 2, totalMinor: 1_001 });
    const b = line({ orderId: ORDER_B, orderNumber: 2, lineIndex: 1, quantity: 1, totalMinor: 450 });
    let choice = setChoice({}, a, 5);
    expect(choice).toEqual({ [lineKey(a)]: 2 });
    choice = setChoice(choice, b, 1);
    expect(choiceAmountMinor([a, b], choice)).toBe(1_451);
    choice = setChoice(choice, a, 1);
    expect(choiceAmountMinor([a, b], choice)).toBe(500 + 450);
    expect(choiceToItems([a, b], choice)).toEqual([
      { orderId: ORDER_A, lineIndex: 0, quantity: 1 },
      { orderId: ORDER_B, lineIndex: 1, quantity: 1 },
    ]);
    choice = setChoice(choice, b, 0);
    expect(choiceToItems([a, b], choice)).toEqual([{ orderId: ORDER_A, lineIndex: 0, quantity: 1 }]);
  });

  it('badges a line paid, being paid, part paid or open', () => {
    expect(linePaidState(line({ paidQuantity: 3 }))).toBe('paid');
    expect(linePaidState(line({ paidQuantity: 1, pendingQuantity: 1 }))).toBe('pending');
    expect(linePaidState(line({ paidQuantity: 1 }))).toBe('part-paid');
    expect(linePaidState(line())).toBe('open');
  });
});

describe('the bill', () => {
  it('groups lines by order in the order they came', () => {
    const groups = groupBillLines([
      line({ lineIndex: 0, totalMinor: 100 }),
      line({ orderId: ORDER_B, orderNumber: 2, totalMinor: 50 }),
      line({ lineIndex: 1, totalMinor: 200 }),
    ]);
    expect(groups.map((group) => [group.orderNumber, group.lines.length, group.totalMinor])).toEqual([
      [1, 2, 300],
      [2, 1, 50],
    ]);
  });

  it('is empty without lines, settled when nothing is due', () => {
    expect(billState({ lines: [], dueMinor: 0 })).toBe('empty');
    expect(billState({ lines: [line()], dueMinor: 0 })).toBe('settled');
    expect(billState({ lines: [line()], dueMinor: 1 })).toBe('due');
  });
});

describe('tips', () => {
  it('takes a percent of the amount, rounded half up', () => {
    expect(tipForPercent(1_000, 10)).toBe(100);
    expect(tipForPercent(1_010, 5)).toBe(51); // 50.5 → 51
    expect(tipForPercent(1_009, 5)).toBe(50); // 50.45 → 50
    expect(tipForPercent(333, 15)).toBe(50); // 49.95 → 50
    expect(tipForPercent(1_000, 0)).toBe(0);
    expect(tipForPercent(0, 15)).toBe(0);
  });

  it('may not exceed the amount', () => {
    expect(tipProblem(1_000, 1_000)).toBeNull();
    expect(tipProblem(1_000, 1_001)).toMatch(/more than the amount/);
    expect(tipProblem(1_000, -1)).toMatch(/negative/);
  });
});

describe('resolveTip', () => {
  it('reads a suggested percent or a typed amount, and refuses one above the amount', () => {
    expect(resolveTip({ kind: 'percent', percent: 10 }, 2_345, 'EUR')).toEqual({
      tipMinor: 235,
      error: null,
    });
    expect(resolveTip({ kind: 'custom', text: '' }, 2_345, 'EUR')).toEqual({ tipMinor: 0, error: null });
    expect(resolveTip({ kind: 'custom', text: '2,5' }, 2_345, 'EUR')).toEqual({ tipMinor: 250, error: null });
    expect(resolveTip({ kind: 'custom', text: 'abc' }, 2_345, 'EUR').error).toMatch(/^The tip must be/);
    expect(resolveTip({ kind: 'custom', text: '30' }, 2_345, 'EUR').error).toMatch(/more than the amount/);
  });
});
