import { serviceChargeOf } from '@tavolo/contract/money';
import type { TOrderLine } from '@tavolo/contract/orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BillOrder, billLinesOf, unitsAmount } from '../visits/bill-model';
import {
  discountAmountOf,
  discountLines,
  grossOf,
  repriceLine,
  spreadWithin,
  totalsOf,
  voidUnits,
} from './line-arithmetic';

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

function line(unitPriceMinor: number, quantity: number, i = 0): TOrderLine {
  return {
    menuItemId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Dish ${i}`,
    unitPriceMinor,
    quantity,
    options: [],
    note: null,
    seat: null,
    course: null,
    voidedQuantity: 0,
    discountMinor: 0,
    lineTotalMinor: unitPriceMinor * quantity,
    stationId: null,
    kitchenStatus: 'queued',
    firedAt: null,
    startedAt: null,
    readyAt: null,
    voidedAt: null,
    kitchenNotice: null,
    tax: { name: '', rateBasisPoints: 0, netMinor: unitPriceMinor * quantity, taxMinor: 0 },
  };
}

/** A change staff make to a placed order, drawn at random and applied if it makes sense. */
type Change =
  | { kind: 'void'; line: number; units: number }
  | { kind: 'discount'; line: number | null; percent: number | null; amount: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('void' as const),
    line: fc.nat({ max: 5 }),
    units: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('discount' as const),
    line: fc.option(fc.nat({ max: 5 })),
    percent: fc.option(fc.integer({ min: 1, max: 100 })),
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
);

const scenario = fc.record({
  lines: fc.array(
    fc.record({ unit: fc.integer({ min: 0, max: 50_000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  serviceChargeBasisPoints: fc.integer({ min: 0, max: 2500 }),
  tipMinor: fc.integer({ min: 0, max: 5_000 }),
  changes: fc.array(change, { maxLength: 8 }),
});

/** Applies the changes the service would accept (units left to void, something charged to discount). */
function applyChanges(lines: TOrderLine[], changes: readonly Change[]): TOrderLine[] {
  let current = lines;
  for (const c of changes) {
    if (c.kind === 'void') {
      const target = current[c.line];
      if (!target || target.quantity === 0) continue;
      const units = Math.min(c.units, target.quantity);
      current = current.map((l, i) => (i === c.line ? voidUnits(l, units) : l));
      continue;
    }
    const target = c.line === null ? undefined : current[c.line];
    if (c.line !== null && !target) continue;
    const charged = sum((target ? [target] : current).map((l) => l.lineTotalMinor));
    const amount = discountAmountOf(
      charged,
      c.percent === null ? { amountMinor: c.amount } : { percent: c.percent },
    );
    if (charged === 0 || amount === 0 || amount > charged) continue;
    const before = sum(current.map((l) => l.discountMinor));
    current = discountLines(current, { lineIndex: c.line ?? undefined, amount });
    // A discount takes exactly its amount off the lines.
    expect(sum(current.map((l) => l.discountMinor)) - before).toBe(amount);
  }
  return current;
}

describe('changing a placed order, in figures', () => {
  it('keeps gross = net + tax on every line, rate and order after voids and discounts, at the rates placed with', () => {
    const RATES = [
      { name: 'IVA 10 %', rateBasisPoints: 1000 },
      { name: 'IVA 22 %', rateBasisPoints: 2200 },
      { name: 'IVA 4 %', rateBasisPoints: 400 },
    ];
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.nat({ max: RATES.length - 1 }), { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        ({ lines, serviceChargeBasisPoints, tipMinor, changes }, rateOf, pricesIncludeTax) => {
          const placed = lines.map((l, i) => ({
            ...line(l.unit, l.quantity, i),
            tax: { ...RATES[rateOf[i]!]!, netMinor: 0, taxMinor: 0 },
          }));
          const taxing = { tipMinor, pricesIncludeTax, serviceChargeTax: RATES[0]! };
          const totals = totalsOf(applyChanges(placed, changes), serviceChargeBasisPoints, taxing);
          for (const l of totals.items) {
            // Each line keeps the rate it was placed at; a voided or given-away line has no tax left.
            expect(l.tax.rateBasisPoints).toBe(RATES[rateOf[totals.items.indexOf(l)]!]!.rateBasisPoints);
            expect(l.tax.netMinor + (pricesIncludeTax ? l.tax.taxMinor : 0)).toBe(l.lineTotalMinor);
            if (l.lineTotalMinor === 0) expect(l.tax.taxMinor).toBe(0);
          }
          const parts = [...totals.items.map((l) => l.tax), totals.serviceChargeTax];
          expect(totals.netMinor).toBe(sum(parts.map((p) => p.netMinor)));
          expect(totals.taxMinor).toBe(sum(parts.map((p) => p.taxMinor)));
          for (const rate of totals.taxes) {
            const mine = parts.filter((p) => p.rateBasisPoints === rate.rateBasisPoints);
            expect(rate.netMinor).toBe(sum(mine.map((p) => p.netMinor)));
            expect(rate.taxMinor).toBe(sum(mine.map((p) => p.taxMinor)));
          }
          expect(totals.totalMinor).toBe(totals.netMinor + totals.taxMinor + tipMinor);
          expect(totals.totalMinor).toBe(
            totals.subtotalMinor +
              totals.serviceChargeMinor +
              (pricesIncludeTax ? 0 : totals.taxMinor) +
              tipMinor,
          );
        },
      ),
    );
  });

  it('keeps every line within its units and the order to its lines, whatever is voided or discounted', () => {
    fc.assert(
      fc.property(scenario, ({ lines, serviceChargeBasisPoints, tipMinor, changes }) => {
        const placed = lines.map((l, i) => line(l.unit, l.quantity, i));
        const changed = applyChanges(placed, changes);
        const totals = totalsOf(changed, serviceChargeBasisPoints, {
          tipMinor,
          pricesIncludeTax: true,
          serviceChargeTax: null,
        });
        totals.items.forEach((l, i) => {
          expect(l.quantity + l.voidedQuantity).toBe(placed[i]!.quantity);
          expect(l.discountMinor).toBeGreaterThanOrEqual(0);
          expect(l.discountMinor).toBeLessThanOrEqual(grossOf(l));
          expect(l.lineTotalMinor).toBe(grossOf(l) - l.discountMinor);
          // Voided units take their discount with them: nothing off a line with no units.
          if (l.quantity === 0) expect(l.discountMinor).toBe(0);
        });
        expect(totals.subtotalMinor).toBe(sum(totals.items.map((l) => l.lineTotalMinor)));
        expect(totals.discountMinor).toBe(sum(totals.items.map((l) => l.discountMinor)));
        expect(totals.serviceChargeMinor).toBe(
          serviceChargeOf(totals.subtotalMinor, serviceChargeBasisPoints),
        );
        expect(totals.totalMinor).toBe(totals.subtotalMinor + totals.serviceChargeMinor + tipMinor);
      }),
    );
  });

  it("keeps the bill exact: its lines add up to the order, and paying every live unit, in any steps, pays each line's total", () => {
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 9 }),
        ({ lines, serviceChargeBasisPoints, tipMinor, changes }, steps) => {
          const changed = applyChanges(
            lines.map((l, i) => line(l.unit, l.quantity, i)),
            changes,
          );
          const totals = totalsOf(changed, serviceChargeBasisPoints, {
            tipMinor,
            pricesIncludeTax: true,
            serviceChargeTax: null,
          });
          const order: BillOrder = { id: 'o', number: 1, paidMinor: 0, ...totals };
          const bill = billLinesOf([order], [], []);
          expect(sum(bill.map((l) => l.totalMinor))).toBe(totals.totalMinor);
          for (const billLine of bill) {
            const stored = totals.items[billLine.lineIndex]!;
            // Live units only: voided ones are not offered.
            expect(billLine.quantity).toBe(stored.quantity);
            expect(billLine.quantity > 0 || billLine.totalMinor > 0).toBe(true);
            let taken = 0;
            let paid = 0;
            for (const step of [...steps, billLine.quantity]) {
              const more = Math.min(step, billLine.quantity - taken);
              paid += unitsAmount(billLine, taken, more);
              taken += more;
            }
            if (billLine.quantity > 0) expect(paid).toBe(billLine.totalMinor);
          }
        },
      ),
    );
  });

  it('spreads an amount within caps, exactly, where the remainder would overflow the last part', () => {
    expect(spreadWithin(14, [5, 5, 5])).toEqual([5, 4, 5]);
    expect(spreadWithin(200, [100, 100, 1])).toEqual([100, 99, 1]);
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (caps, fraction) => {
          const amount = Math.floor(sum(caps) * fraction);
          const shares = spreadWithin(amount, caps);
          expect(sum(shares)).toBe(amount);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(caps[i]!);
          });
        },
      ),
    );
  });

  it('gives a percentage of what is charged now, rounded half up; a comp is all of it', () => {
    expect(discountAmountOf(1234, { percent: 10 })).toBe(123);
    expect(discountAmountOf(1235, { percent: 10 })).toBe(124);
    expect(discountAmountOf(999, { percent: 100 })).toBe(999);
    expect(discountAmountOf(999, { amountMinor: 150 })).toBe(150);
    const lines = [line(1000, 2, 0), line(500, 1, 1)];
    const comped = discountLines(lines, { lineIndex: 1, amount: 500 });
    expect(comped.map((l) => l.lineTotalMinor)).toEqual([2000, 0]);
    // 10 % off the rest of the order: off the line still charged.
    const tenth = discountLines(comped, { amount: discountAmountOf(2000, { percent: 10 }) });
    expect(tenth.map((l) => l.discountMinor)).toEqual([200, 500]);
  });

  it('voids units with their share of the discount, and reprices a line keeping its share', () => {
    const discounted = discountLines([line(1000, 4)], { lineIndex: 0, amount: 1000 });
    const voided = voidUnits(discounted[0]!, 1);
    expect(voided).toMatchObject({
      quantity: 3,
      voidedQuantity: 1,
      discountMinor: 750,
      lineTotalMinor: 2250,
    });
    expect(voidUnits(voided, 3)).toMatchObject({
      quantity: 0,
      voidedQuantity: 4,
      discountMinor: 0,
      lineTotalMinor: 0,
    });
    const more = repriceLine(discounted[0]!, { quantity: 6, unitPriceMinor: 1000, options: [] });
    expect(more).toMatchObject({ quantity: 6, discountMinor: 1500, lineTotalMinor: 4500 });
  });
});
