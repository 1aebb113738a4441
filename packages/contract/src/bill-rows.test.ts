import { describe, expect, it } from 'vitest';
import { billRowsOf, lineAmountsOf, ordersMoneyOf } from './values/bill-rows';

const kinds = (rows: { kind: string }[]) => rows.map((row) => row.kind);

describe('billRowsOf: one order of rows for every bill and receipt', () => {
  it('shows only the total when nothing changes the items', () => {
    const rows = billRowsOf({
      itemsMinor: 5650,
      discountMinor: 0,
      serviceChargeMinor: 0,
      totalMinor: 5650,
      tipMinor: 0,
    });
    expect(rows).toEqual([{ kind: 'total', amountMinor: 5650 }]);
  });

  it('puts items, discounts, service charge, total, tip and the total with tip in that order', () => {
    const rows = billRowsOf({
      itemsMinor: 6000,
      discountMinor: 350,
      serviceChargeMinor: 565,
      totalMinor: 6215,
      tipMinor: 500,
      paid: { paidMinor: 1000, dueMinor: 5715 },
    });
    expect(kinds(rows)).toEqual([
      'items',
      'discount',
      'serviceCharge',
      'total',
      'tip',
      'totalWithTip',
      'paid',
      'due',
    ]);
    expect(rows.map((row) => ('amountMinor' in row ? row.amountMinor : null))).toEqual([
      6000, -350, 565, 6215, 500, 6715, 1000, 5715,
    ]);
  });

  it('has a service charge row exactly when the service charge is not zero', () => {
    const base = { itemsMinor: 5650, discountMinor: 0, totalMinor: 6215, tipMinor: 0 };
    expect(kinds(billRowsOf({ ...base, serviceChargeMinor: 565 }))).toEqual([
      'items',
      'serviceCharge',
      'total',
    ]);
    expect(kinds(billRowsOf({ ...base, serviceChargeMinor: 0, totalMinor: 5650 }))).not.toContain(
      'serviceCharge',
    );
    // A credit note gives the service charge back: negative, still its own row.
    expect(
      kinds(billRowsOf({ ...base, itemsMinor: -5650, serviceChargeMinor: -565, totalMinor: -6215 })),
    ).toContain('serviceCharge');
  });

  it('keeps the tip after the total, never before it', () => {
    const rows = kinds(
      billRowsOf({
        itemsMinor: 1700,
        discountMinor: 0,
        serviceChargeMinor: 170,
        totalMinor: 1870,
        tipMinor: 200,
      }),
    );
    expect(rows.indexOf('tip')).toBeGreaterThan(rows.indexOf('total'));
    expect(rows.at(-1)).toBe('totalWithTip');
  });

  it('adds taxes before the total when prices exclude tax, and holds them under it when they include it', () => {
    const excluding = billRowsOf<string>({
      itemsMinor: 1000,
      discountMinor: 0,
      serviceChargeMinor: 100,
      addedTaxes: ['net', 'vat'],
      totalMinor: 1210,
      tipMinor: 0,
    });
    expect(kinds(excluding)).toEqual(['items', 'serviceCharge', 'addedTax', 'addedTax', 'total']);
    const including = billRowsOf<string>({
      itemsMinor: 1000,
      discountMinor: 0,
      serviceChargeMinor: 0,
      includedTaxes: ['vat'],
      totalMinor: 1000,
      tipMinor: 0,
    });
    expect(kinds(including)).toEqual(['total', 'includedTax']);
  });
});

describe('ordersMoneyOf', () => {
  it('reads lines at their menu price, discounts apart, and the tips out of the total', () => {
    const order = {
      items: [
        { lineTotalMinor: 1530, discountMinor: 170 }, // 17.00 less 10 %
        { lineTotalMinor: 1200, discountMinor: 0 },
      ],
      discountMinor: 170,
      serviceChargeMinor: 273,
      tipMinor: 300,
      totalMinor: 1530 + 1200 + 273 + 300,
    };
    expect(lineAmountsOf(order.items[0]!)).toEqual({ amountMinor: 1700, discountMinor: 170 });
    const money = ordersMoneyOf([order, { ...order, tipMinor: 0, totalMinor: 3003 }]);
    expect(money).toEqual({
      itemsMinor: 5800,
      discountMinor: 340,
      serviceChargeMinor: 546,
      totalMinor: 6006,
      tipMinor: 300,
    });
    // The rows add up: items − discounts + service charge = total.
    expect(money.itemsMinor - money.discountMinor + money.serviceChargeMinor).toBe(money.totalMinor);
  });
});
