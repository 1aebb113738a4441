import type { TBillItemTaken } from '@tavolo/contract/errors';
import type { TBillLine, TBillSplit, TTableBill } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import {
  billState,
  choiceAmountMinor,
  choiceToItems,
  describeItemsTaken,
  groupBillLines,
  isLastShare,
  lineKey,
  linePaidState,
  lineUnitsMinor,
  payableMinor,
  readItemsTaken,
  resolveTip,
  type SharePreview,
  setChoice,
  shareCheckout,
  sharePreview,
  splitShares,
  tipForPercent,
  tipProblem,
  unitsLeft,
} from './bill';
import { menuNames } from './menu-names';

const ORDER_A = '00000000-0000-4000-8000-00000000000a';
const ORDER_B = '00000000-0000-4000-8000-00000000000b';

function lineBase(
  overrides: Partial<TBillLine> = {},
): Omit<TBillLine, 'options' | 'unitPriceMinor' | 'amountMinor' | 'discountMinor'> & Partial<TBillLine> {
  return {
    orderId: ORDER_A,
    orderNumber: 1,
    seat: null,
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

/** Fixtures without a service charge: a line reads at what it costs. */
function line(overrides: Partial<TBillLine> = {}): TBillLine {
  const base = lineBase(overrides);
  return {
    options: [],
    unitPriceMinor: Math.round(base.totalMinor / Math.max(1, base.quantity)),
    amountMinor: base.totalMinor,
    discountMinor: 0,
    ...base,
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

describe('sharePreview', () => {
  type ShareBill = Pick<TTableBill, 'dueMinor' | 'pendingMinor' | 'split'>;
  const FRESH: ShareBill = { dueMinor: 3_700, pendingMinor: 0, split: null };
  const split = (overrides: Partial<TBillSplit> = {}): TBillSplit => ({
    id: '00000000-0000-4000-8000-0000000000f2',
    parts: 3,
    dueMinor: 1_300,
    shareMinor: 433,
    paidShares: 0,
    takenShares: 1,
    nextShareMinor: 433,
    stale: false,
    ...overrides,
  });

  /** The bill after a share started, as the server's read model shows it (the share held). */
  function afterShare(bill: ShareBill, share: SharePreview): ShareBill {
    const dueMinor = share.kind === 'join' ? share.splitMinor : payableMinor(bill);
    const takenShares = share.takenShares + 1;
    const base = Math.floor(dueMinor / share.parts);
    const heldBefore = share.kind === 'join' ? (bill.split?.takenShares ?? 0) * base : 0;
    return {
      dueMinor: bill.dueMinor,
      pendingMinor: bill.pendingMinor + share.amountMinor,
      split: split({
        parts: share.parts,
        dueMinor,
        shareMinor: base,
        takenShares,
        nextShareMinor:
          takenShares >= share.parts
            ? 0
            : takenShares < share.parts - 1
              ? base
              : dueMinor - heldBefore - share.amountMinor,
      }),
    };
  }

  it('starts a split of what is due now: after €24.00 of €37.00 was paid, 3 ways ask €4.33, not €12.33', () => {
    const preview = sharePreview({ dueMinor: 1_300, pendingMinor: 0, split: null }, 3);
    expect(preview).toEqual({
      kind: 'start',
      parts: 3,
      splitMinor: 1_300,
      eachMinor: 433,
      amountMinor: 433,
      takenShares: 0,
      staleParts: null,
    });
    expect(shareCheckout(preview)).toEqual({ mode: 'equal', parts: 3 });
    // Nothing chosen yet: two ways.
    expect(sharePreview(FRESH, null)).toMatchObject({ parts: 2, eachMinor: 1_850 });
  });

  it('joins the split under way at its size and ways; the last share shows the remainder', () => {
    const joining = sharePreview({ dueMinor: 1_300, pendingMinor: 433, split: split() }, 5);
    expect(joining).toMatchObject({
      kind: 'join',
      parts: 3,
      eachMinor: 433,
      amountMinor: 433,
      takenShares: 1,
    });
    expect(isLastShare(joining)).toBe(false);
    expect(shareCheckout(joining)).toEqual({ mode: 'equal', parts: 3 });
    const last = sharePreview(
      {
        dueMinor: 867,
        pendingMinor: 433,
        split: split({ paidShares: 1, takenShares: 2, nextShareMinor: 434 }),
      },
      null,
    );
    expect(last).toMatchObject({ kind: 'join', amountMinor: 434, eachMinor: 433 });
    expect(isLastShare(last)).toBe(true);
    const none = sharePreview(
      { dueMinor: 867, pendingMinor: 867, split: split({ takenShares: 3, nextShareMinor: 0 }) },
      null,
    );
    expect(none.amountMinor).toBe(0);
  });

  it('splits again what is left when the bill moved under the split, offering its ways first', () => {
    const bill = {
      dueMinor: 3_067,
      pendingMinor: 0,
      split: split({ dueMinor: 3_700, shareMinor: 1_233, stale: true }),
    };
    const again = sharePreview(bill, null);
    expect(again).toEqual({
      kind: 'again',
      parts: 3,
      splitMinor: 3_067,
      eachMinor: 1_022,
      amountMinor: 1_022,
      takenShares: 0,
      staleParts: 3,
    });
    expect(shareCheckout(again)).toEqual({ mode: 'equal', parts: 3, newSplit: true });
    expect(sharePreview(bill, 2)).toMatchObject({ kind: 'again', parts: 2, amountMinor: 1_533 });
  });

  it('never asks more than is free once other checkouts are held', () => {
    expect(sharePreview({ dueMinor: 400, pendingMinor: 300, split: null }, 2).amountMinor).toBe(50);
    expect(sharePreview({ dueMinor: 300, pendingMinor: 300, split: null }, 2).amountMinor).toBe(0);
  });

  it('phones taking shares in turn pay equal shares, the last one the remainder, adding up to what was due', () => {
    for (const due of [1_300, 3_700, 12_347, 1]) {
      for (let parts = 2; parts <= 20; parts += 1) {
        let bill: ShareBill = { dueMinor: due, pendingMinor: 0, split: null };
        const asked: number[] = [];
        for (let i = 0; i < parts; i += 1) {
          const share = sharePreview(bill, parts);
          asked.push(share.amountMinor);
          bill = afterShare(bill, share);
        }
        expect(asked.reduce((sum, share) => sum + share, 0)).toBe(due);
        expect(new Set(asked.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(asked.at(-1)).toBe(due - Math.floor(due / parts) * (parts - 1));
      }
    }
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

describe('items taken meanwhile', () => {
  const taken = (overrides: Partial<TBillItemTaken> = {}): TBillItemTaken => ({
    orderId: ORDER_A,
    lineIndex: 0,
    menuItemId: 'dish-1',
    name: 'Tiramisù',
    quantity: 2,
    remaining: 0,
    beingPaid: true,
    ...overrides,
  });
  const conflict = (itemsTaken: unknown) => ({
    error: { code: 'CONFLICT', message: 'Someone else is paying for Tiramisù', itemsTaken },
  });

  it('reads the answer’s itemsTaken, and nothing from a body without them or with them malformed', () => {
    expect(readItemsTaken(conflict([taken()]))).toEqual([taken()]);
    expect(readItemsTaken({ error: { code: 'CONFLICT', message: 'Nothing is due on this bill' } })).toEqual(
      [],
    );
    expect(readItemsTaken(null)).toEqual([]);
    expect(readItemsTaken('Bad gateway')).toEqual([]);
    expect(readItemsTaken(conflict([{ ...taken(), remaining: -1 }]))).toEqual([]);
    expect(readItemsTaken(conflict([{ ...taken(), beingPaid: 'yes' }]))).toEqual([]);
    expect(readItemsTaken(conflict({ 0: taken() }))).toEqual([]);
  });

  it('says what is left of each, with the dish’s name in the guest’s language when the menu has it', async () => {
    const names = menuNames(undefined);
    const items = [
      taken(),
      taken({ lineIndex: 1, name: 'Espresso', quantity: 3, remaining: 1, beingPaid: false }),
      taken({ lineIndex: 2, name: 'Acqua', quantity: 1, remaining: 0, beingPaid: false }),
    ];
    expect(describeItemsTaken(items, names)).toBe(
      'Someone else is paying for Tiramisù: 0 of 2 left to pay. Espresso is partly paid: 1 of 3 left to pay. Acqua is already paid.',
    );
    try {
      for (const language of ['it', 'es', 'de', 'fr'] as const) {
        loadCatalogues(language);
        i18n.activate(language);
        const said = describeItemsTaken(items, { ...names, dish: (_id, name) => `«${name}»` });
        for (const dish of ['«Tiramisù»', '«Espresso»', '«Acqua»']) expect(said, language).toContain(dish);
        expect(said, language).toMatch(/0\D+2/);
        expect(said, language).toMatch(/1\D+3/);
      }
      loadCatalogues('de');
      i18n.activate('de');
      expect(describeItemsTaken(items, names)).toBe(
        'Jemand anderes bezahlt gerade Tiramisù: noch 0 von 2 offen. Espresso ist teilweise bezahlt: noch 1 von 3 offen. Acqua ist bereits bezahlt.',
      );
    } finally {
      await speakEnglishAgain();
    }
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
