import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillOrder,
  billLinesOf,
  equalShares,
  isSplitStale,
  lineTotalsOf,
  nextShareMinor,
  type SplitShares,
  spreadInProportion,
  spreadOverOrders,
  unitsAmount,
} from './bill-model';

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** Random orders as the server prices them: line subtotals, a service charge and a tip on top. */
const order = (index: number) =>
  fc
    .record({
      lines: fc.array(
        fc.record({ quantity: fc.integer({ min: 1, max: 9 }), unit: fc.integer({ min: 0, max: 50_000 }) }),
        { minLength: 1, maxLength: 6 },
      ),
      serviceBasisPoints: fc.integer({ min: 0, max: 2500 }),
      tipMinor: fc.integer({ min: 0, max: 5_000 }),
      paid: fc.integer({ min: 0, max: 200_000 }),
    })
    .map(({ lines, serviceBasisPoints, tipMinor, paid }): BillOrder => {
      const items = lines.map((l, i) => ({
        menuItemId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Dish ${i}`,
        quantity: l.quantity,
        unitPriceMinor: l.unit,
        options: [],
        lineTotalMinor: l.quantity * l.unit,
      }));
      const subtotal = sum(items.map((l) => l.lineTotalMinor));
      const totalMinor = subtotal + Math.round((subtotal * serviceBasisPoints) / 10_000) + tipMinor;
      return {
        id: `order-${index}`,
        number: index + 1,
        totalMinor,
        paidMinor: Math.min(paid, totalMinor),
        items,
      };
    });

const orders = fc
  .integer({ min: 1, max: 5 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => order(i))));

describe('the bill model', () => {
  it("an order's lines add up exactly to its total, the bill's lines to the bill's total", () => {
    fc.assert(
      fc.property(orders, (list) => {
        for (const o of list) expect(sum(lineTotalsOf(o))).toBe(o.totalMinor);
        const lines = billLinesOf(list, [], []);
        expect(sum(lines.map((l) => l.totalMinor))).toBe(sum(list.map((o) => o.totalMinor)));
        expect(lines.length).toBe(sum(list.map((o) => o.items.length)));
        // Shares follow the subtotals: never negative when the extras are not.
        for (const l of lines) expect(l.totalMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('an order paid in full shows every unit paid; units paid item by item never exceed the line', () => {
    const list: BillOrder[] = [
      {
        id: 'a',
        number: 1,
        totalMinor: 1000,
        paidMinor: 1000,
        items: [
          { menuItemId: 'm', name: 'A', quantity: 2, unitPriceMinor: 500, options: [], lineTotalMinor: 1000 },
        ],
      },
      {
        id: 'b',
        number: 2,
        totalMinor: 900,
        paidMinor: 300,
        items: [
          { menuItemId: 'm', name: 'B', quantity: 3, unitPriceMinor: 300, options: [], lineTotalMinor: 900 },
        ],
      },
    ];
    const lines = billLinesOf(
      list,
      [{ orderId: 'b', lineIndex: 0, quantity: 1 }],
      [
        { orderId: 'b', lineIndex: 0, quantity: 5 },
        { orderId: 'a', lineIndex: 0, quantity: 1 },
      ],
    );
    expect(lines.map((l) => [l.paidQuantity, l.pendingQuantity])).toEqual([
      [2, 0],
      [1, 2],
    ]);
  });

  it('spreads in proportion exactly, the remainder on the last part with weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const parts = spreadInProportion(total, weights);
          expect(sum(parts)).toBe(total);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            // A part of no weight (a voided or given-away line) gets nothing while another has some.
            if (weights[i] === 0 && weights.some((w) => w > 0)) expect(p).toBe(0);
          });
        },
      ),
    );
    expect(spreadInProportion(100, [1, 1, 0])).toEqual([50, 50, 0]);
    expect(spreadInProportion(101, [1, 1, 0])).toEqual([50, 51, 0]);
    expect(spreadInProportion(7, [0, 0])).toEqual([0, 7]);
  });

  it('equal shares: n numbers, all the base but one that carries the remainder, summing to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 2, max: 20 }), (total, n) => {
        const shares = equalShares(total, n);
        expect(shares).toHaveLength(n);
        expect(sum(shares)).toBe(total);
        const base = Math.floor(total / n);
        expect(shares.slice(0, -1).every((s) => s === base)).toBe(true);
        expect(shares[n - 1]! - base).toBeGreaterThanOrEqual(0);
        expect(shares[n - 1]! - base).toBeLessThan(n);
      }),
    );
  });

  it('a split after items were paid shares what was due then: €13.00 in 3 is 4.33, 4.33, 4.34', () => {
    const split: SplitShares = { dueMinor: 1300, parts: 3, paid: [], held: [] };
    const bill = { dueMinor: 1300, pendingMinor: 0 };
    const asked: number[] = [];
    for (let i = 0; i < 3; i++) {
      const share = nextShareMinor(split);
      asked.push(share);
      split.paid = [...split.paid, share];
      bill.dueMinor -= share;
      expect(isSplitStale(split, bill)).toBe(false);
    }
    expect(asked).toEqual([433, 433, 434]);
    expect(bill.dueMinor).toBe(0);
    expect(nextShareMinor(split)).toBe(0);
  });

  /** A split's shares started, paid and failed in any order, other phones' holds left alone. */
  const splitRun = fc.record({
    due: fc.integer({ min: 0, max: 10_000_000 }),
    heldByOthers: fc.integer({ min: 0, max: 10_000_000 }),
    parts: fc.integer({ min: 2, max: 20 }),
    steps: fc.array(fc.record({ action: fc.constantFrom('start', 'pay', 'fail'), pick: fc.nat() }), {
      maxLength: 60,
    }),
  });

  function playSplit(run: {
    due: number;
    heldByOthers: number;
    parts: number;
    steps: { action: string; pick: number }[];
  }) {
    const others = Math.min(run.heldByOthers, run.due);
    const bill = { dueMinor: run.due, pendingMinor: others };
    const split = {
      dueMinor: run.due - others,
      parts: run.parts,
      paid: [] as number[],
      held: [] as number[],
    };
    const asked: number[] = [];
    const start = () => {
      const share = nextShareMinor(split);
      asked.push(share);
      split.held.push(share);
      bill.pendingMinor += share;
    };
    const finish = (pick: number, paid: boolean) => {
      const [share] = split.held.splice(pick % split.held.length, 1);
      bill.pendingMinor -= share!;
      if (paid) {
        split.paid.push(share!);
        bill.dueMinor -= share!;
      }
    };
    for (const { action, pick } of run.steps) {
      if (action === 'start' && split.paid.length + split.held.length < split.parts) start();
      else if (action !== 'start' && split.held.length > 0) finish(pick, action === 'pay');
      expect(isSplitStale(split, bill)).toBe(false);
    }
    return { bill, split, asked, start, finish, others };
  }

  it('shares of a split stay one size, the last sweeps the remainder, and together they pay what was split', () => {
    fc.assert(
      fc.property(splitRun, (run) => {
        const { bill, split, asked, start, finish, others } = playSplit(run);
        // Everyone left pays: every share taken and paid.
        while (split.paid.length + split.held.length < split.parts) start();
        while (split.held.length > 0) finish(0, true);
        expect(isSplitStale(split, bill)).toBe(false);
        expect(sum(split.paid)).toBe(split.dueMinor);
        expect(bill.dueMinor).toBe(others);
        const [base, last] = [
          equalShares(split.dueMinor, split.parts)[0]!,
          equalShares(split.dueMinor, split.parts).at(-1)!,
        ];
        for (const share of asked) expect([base, last]).toContain(share);
        expect(nextShareMinor(split)).toBe(0);
      }),
    );
  });

  it('a split goes stale when the bill moves outside it: an order, a refund, another payment or hold', () => {
    fc.assert(
      fc.property(
        splitRun,
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((d) => d !== 0),
        fc.boolean(),
        (run, change, onHolds) => {
          const { bill, split } = playSplit(run);
          const moved = onHolds
            ? { ...bill, pendingMinor: bill.pendingMinor + change }
            : { ...bill, dueMinor: bill.dueMinor + change };
          expect(isSplitStale(split, moved)).toBe(true);
        },
      ),
    );
  });

  it('paying a line unit by unit, in any steps, sums exactly to its total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 50 }),
        (totalMinor, quantity, steps) => {
          let taken = 0;
          let paid = 0;
          for (const step of steps) {
            const more = Math.min(step, quantity - taken);
            if (more <= 0) break;
            paid += unitsAmount({ totalMinor, quantity }, taken, more);
            taken += more;
          }
          paid += unitsAmount({ totalMinor, quantity }, taken, quantity - taken);
          expect(paid).toBe(totalMinor);
        },
      ),
    );
  });

  it('a payment spread over orders adds up to it, fills what it was meant for first, then dues in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 6 }),
        (amount, dues, meantList) => {
          const list = dues.map((dueMinor, i) => ({ id: `o${i}`, dueMinor }));
          const meant = new Map(meantList.map((m, i) => [`o${i}`, m]));
          const given = spreadOverOrders(amount, list, meant);
          expect(sum(given)).toBe(amount);
          given.slice(0, -1).forEach((g, i) => {
            expect(g).toBeLessThanOrEqual(list[i]!.dueMinor);
          });
          // Within the dues, nothing spills over to the last order.
          if (amount <= sum(dues)) {
            for (const [i, g] of given.entries()) expect(g).toBeLessThanOrEqual(list[i]!.dueMinor);
          }
        },
      ),
    );
    expect(
      spreadOverOrders(
        500,
        [
          { id: 'a', dueMinor: 400 },
          { id: 'b', dueMinor: 400 },
        ],
        new Map([['b', 300]]),
      ),
    ).toEqual([200, 300]);
  });
});
