import { orderTaxesOf, serviceChargeOf, type TaxRateRef } from '@tavolo/contract/money';
import type { TOrder, TOrderLine } from '@tavolo/contract/orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  componentsOfOrder,
  grossOf,
  itemWeights,
  type ReceiptComponent,
  receiptFiguresOf,
  remainingOf,
  spreadCapped,
  takeFrom,
} from './receipt-allocation';

const RATES: TaxRateRef[] = [
  { name: 'Food', rateBasisPoints: 1000 },
  { name: 'Drinks', rateBasisPoints: 2200 },
  { name: 'Zero', rateBasisPoints: 0 },
];

/** An order as order intake makes it: its lines' and service charge's taxes from the contract's arithmetic. */
function orderOf(spec: {
  lines: { unit: number; quantity: number; rate: number }[];
  serviceChargeBasisPoints: number;
  pricesIncludeTax: boolean;
  tipMinor: number;
}): TOrder {
  const lines = spec.lines.map((l, i) => ({
    menuItemId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Dish ${i}`,
    unitPriceMinor: l.unit,
    quantity: l.quantity,
    options: [],
    note: null,
    seat: null,
    course: 0,
    voidedQuantity: 0,
    discountMinor: 0,
    lineTotalMinor: l.unit * l.quantity,
    stationId: null,
    kitchenStatus: 'queued' as const,
    firedAt: null,
    startedAt: null,
    readyAt: null,
    voidedAt: null,
    kitchenNotice: null,
    tax: { ...RATES[l.rate]!, netMinor: 0, taxMinor: 0 },
  }));
  const subtotalMinor = lines.reduce((s, l) => s + l.lineTotalMinor, 0);
  const serviceChargeMinor = serviceChargeOf(subtotalMinor, spec.serviceChargeBasisPoints);
  const taxes = orderTaxesOf({
    lines,
    serviceChargeMinor,
    serviceChargeRate: RATES[0]!,
    pricesIncludeTax: spec.pricesIncludeTax,
    tipMinor: spec.tipMinor,
  });
  const items: TOrderLine[] = lines.map((l, i) => ({ ...l, tax: taxes.lineTaxes[i]! }));
  return {
    id: 'order',
    number: 1,
    tableId: null,
    tableNumber: 1,
    source: 'staff',
    takenBy: null,
    status: 'served',
    items,
    subtotalMinor,
    discountMinor: 0,
    serviceChargeMinor,
    tipMinor: spec.tipMinor,
    pricesIncludeTax: spec.pricesIncludeTax,
    netMinor: taxes.netMinor,
    taxMinor: taxes.taxMinor,
    taxes: taxes.taxes,
    serviceChargeTax: taxes.serviceChargeTax,
    totalMinor: taxes.totalMinor,
    paidMinor: 0,
    paymentStatus: 'unpaid',
    currency: 'EUR',
    note: null,
    customerName: null,
    statusHistory: [],
    version: 1,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  };
}

const arbOrder = fc
  .record({
    lines: fc.array(
      fc.record({
        unit: fc.integer({ min: 1, max: 5_000 }),
        quantity: fc.integer({ min: 1, max: 6 }),
        rate: fc.integer({ min: 0, max: RATES.length - 1 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    serviceChargeBasisPoints: fc.constantFrom(0, 1000, 1250),
    pricesIncludeTax: fc.boolean(),
    tipMinor: fc.constantFrom(0, 0, 150, 999),
  })
  .map(orderOf);

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('what receipts take of an order', () => {
  it('add up exactly to the order, rate by rate, however the bill is split, with no part below zero', () => {
    fc.assert(
      fc.property(
        arbOrder,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
        (order, steps) => {
          const all = componentsOfOrder(order);
          expect(sum(all.map(grossOf))).toBe(order.totalMinor);
          const taken: ReceiptComponent[] = [];
          let left = order.totalMinor;
          steps.forEach(([percent, byItem], i) => {
            const last = i === steps.length - 1;
            const amount = last ? left : Math.min(left, Math.floor((order.totalMinor * percent) / 100));
            const remaining = remainingOf(all, taken);
            // Paying by item: the first line's units, the way the bill names them.
            const weights = byItem
              ? itemWeights(order, remaining, [{ lineIndex: 0, quantity: 1 }])
              : undefined;
            const part = takeFrom(remaining, amount, weights);
            expect(sum(part.map(grossOf))).toBe(amount);
            for (const c of part) {
              expect(c.netMinor).toBeGreaterThanOrEqual(0);
              expect(c.taxMinor).toBeGreaterThanOrEqual(0);
            }
            const figures = receiptFiguresOf(
              [{ orderId: order.id, components: part }],
              order.pricesIncludeTax,
            );
            expect(figures.totalMinor).toBe(amount);
            expect(figures.netMinor + figures.taxMinor + figures.tipMinor).toBe(amount);
            taken.push(...part);
            left -= amount;
          });
          // Settled: the receipts' taxes are the order's, to the unit.
          const settled = receiptFiguresOf(
            [{ orderId: order.id, components: taken }],
            order.pricesIncludeTax,
          );
          expect(settled.taxes).toEqual(order.taxes);
          expect(settled.taxMinor).toBe(order.taxMinor);
          expect(settled.netMinor).toBe(order.netMinor);
          expect(settled.tipMinor).toBe(order.tipMinor);
          expect(remainingOf(all, taken).every((c) => grossOf(c) === 0)).toBe(true);
        },
      ),
    );
  });

  it('pays items at their own rate: a drink paid alone carries only the drinks rate', () => {
    const order = orderOf({
      lines: [
        { unit: 1100, quantity: 2, rate: 0 },
        { unit: 610, quantity: 1, rate: 1 },
      ],
      serviceChargeBasisPoints: 0,
      pricesIncludeTax: true,
      tipMinor: 0,
    });
    const remaining = componentsOfOrder(order);
    const part = takeFrom(remaining, 610, itemWeights(order, remaining, [{ lineIndex: 1, quantity: 1 }]));
    expect(part).toEqual([
      { kind: 'goods', name: 'Drinks', rateBasisPoints: 2200, netMinor: 500, taxMinor: 110 },
    ]);
  });

  it('spreads within caps, the excess to those with room', () => {
    expect(spreadCapped(10, [1, 0, 0], [4, 4, 4])).toEqual([4, 3, 3]);
    expect(spreadCapped(12, [1, 1, 1], [4, 4, 4])).toEqual([4, 4, 4]);
    expect(spreadCapped(14, [1, 1, 1], [4, 4, 4])).toEqual([4, 4, 6]);
  });
});
