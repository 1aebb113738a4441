import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyMinorDigits,
  orderTaxesOf,
  percentToBasisPoints,
  serviceChargeOf,
  type TaxRateRef,
  taxOf,
} from './money';

describe('serviceChargeOf', () => {
  it('rounds exactly half a minor unit up', () => {
    expect(serviceChargeOf(1005, 1000)).toBe(101); // 10 % of 10.05 = 1.005
    expect(serviceChargeOf(900, 1250)).toBe(113); // 12.5 % of 9.00 = 1.125
    expect(serviceChargeOf(4, 1250)).toBe(1); // 0.5
    expect(serviceChargeOf(1, 5000)).toBe(1); // 50 % of 0.01 = 0.005
  });

  it('rounds below half down and above half up', () => {
    expect(serviceChargeOf(1004, 1000)).toBe(100); // 100.4
    expect(serviceChargeOf(1006, 1000)).toBe(101); // 100.6
    expect(serviceChargeOf(1003, 1250)).toBe(125); // 125.375
    expect(serviceChargeOf(1005, 1250)).toBe(126); // 125.625
    expect(serviceChargeOf(3, 1250)).toBe(0); // 0.375
    expect(serviceChargeOf(999, 1)).toBe(0); // 0.0999
  });

  it('is exact when the percentage divides evenly, and nothing without one', () => {
    expect(serviceChargeOf(1000, 1000)).toBe(100);
    expect(serviceChargeOf(12_345, 10_000)).toBe(12_345);
    expect(serviceChargeOf(1000, 0)).toBe(0);
    expect(serviceChargeOf(0, 1250)).toBe(0);
  });
});

describe('percentToBasisPoints', () => {
  it('turns a percent with up to two decimals into whole basis points', () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints(0.01)).toBe(1);
    // 1.15 * 100 is 114.99999999999999 in floating point: rounded, not truncated.
    expect(percentToBasisPoints(1.15)).toBe(115);
    expect(percentToBasisPoints(0)).toBe(0);
  });
});

describe('currencyMinorDigits', () => {
  it('knows the minor unit of each currency, and assumes two for an unknown code', () => {
    expect(currencyMinorDigits('EUR')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('BHD')).toBe(3);
    expect(currencyMinorDigits('not a currency')).toBe(2);
  });
});

const RATES: TaxRateRef[] = [
  { name: 'IVA 10 %', rateBasisPoints: 1000 },
  { name: 'IVA 22 %', rateBasisPoints: 2200 },
  { name: 'MwSt 7 %', rateBasisPoints: 700 },
  { name: 'TVA 5,5 %', rateBasisPoints: 550 },
  { name: 'Esente', rateBasisPoints: 0 },
];

describe('taxOf', () => {
  it('takes the tax out of a price that includes it, rounded half up, and adds it to one that does not', () => {
    expect(taxOf(1100, RATES[0]!, true)).toEqual({ ...RATES[0], netMinor: 1000, taxMinor: 100 });
    expect(taxOf(1000, RATES[0]!, false)).toEqual({ ...RATES[0], netMinor: 1000, taxMinor: 100 });
    // 1.22 € at 22 % holds 0.22 € of tax; 0.05 € holds 0.0090… → 0.01 €.
    expect(taxOf(122, RATES[1]!, true).taxMinor).toBe(22);
    expect(taxOf(5, RATES[1]!, true).taxMinor).toBe(1);
    // Exactly half a unit goes up: 0.05 € at 10 % excluding tax is 0.005 €.
    expect(taxOf(5, RATES[0]!, false).taxMinor).toBe(1);
    expect(taxOf(4, RATES[0]!, false).taxMinor).toBe(0);
    expect(taxOf(999, RATES[4]!, true)).toMatchObject({ netMinor: 999, taxMinor: 0 });
  });

  it('is the nearest whole unit to the exact tax, halves up, whatever the amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (amount, r, included) => {
          const { netMinor, taxMinor } = taxOf(amount, { name: 'x', rateBasisPoints: r }, included);
          // The exact tax is amount × r / d; twice the error, in units of 1/d, lies in (−d, d].
          const d = included ? 10_000 + r : 10_000;
          const error = 2 * taxMinor * d - 2 * amount * r;
          expect(error).toBeGreaterThan(-d);
          expect(error).toBeLessThanOrEqual(d);
          expect(netMinor + (included ? taxMinor : 0)).toBe(amount);
        },
      ),
    );
  });
});

describe('orderTaxesOf', () => {
  const arbOrder = fc.record({
    lines: fc.array(
      fc.record({ lineTotalMinor: fc.integer({ min: 0, max: 500_000 }), tax: fc.constantFrom(...RATES) }),
      { maxLength: 12 },
    ),
    serviceChargeBasisPoints: fc.constantFrom(0, 1000, 1250),
    serviceChargeRate: fc.constantFrom(...RATES),
    pricesIncludeTax: fc.boolean(),
    tipMinor: fc.integer({ min: 0, max: 5_000 }),
  });

  it('keeps gross = net + tax exactly on every line, every rate and the order, tips untaxed', () => {
    fc.assert(
      fc.property(arbOrder, (o) => {
        const subtotal = o.lines.reduce((s, l) => s + l.lineTotalMinor, 0);
        const serviceChargeMinor = serviceChargeOf(subtotal, o.serviceChargeBasisPoints);
        const taxes = orderTaxesOf({ ...o, serviceChargeMinor });
        taxes.lineTaxes.forEach((part, i) => {
          const line = o.lines[i]!;
          expect(part).toEqual(taxOf(line.lineTotalMinor, line.tax, o.pricesIncludeTax));
        });
        const all = [...taxes.lineTaxes, taxes.serviceChargeTax];
        const sum = (f: (p: { netMinor: number; taxMinor: number }) => number, parts: typeof all) =>
          parts.reduce((s, p) => s + f(p), 0);
        expect(taxes.netMinor).toBe(sum((p) => p.netMinor, all));
        expect(taxes.taxMinor).toBe(sum((p) => p.taxMinor, all));
        // The rates' figures are the lines' and the service charge's, grouped.
        expect(sum((p) => p.netMinor, taxes.taxes)).toBe(taxes.netMinor);
        expect(sum((p) => p.taxMinor, taxes.taxes)).toBe(taxes.taxMinor);
        for (const rate of taxes.taxes) {
          const mine = all.filter((p) => p.name === rate.name && p.rateBasisPoints === rate.rateBasisPoints);
          expect(rate.taxMinor).toBe(sum((p) => p.taxMinor, mine));
        }
        // What the guest pays: the prices and the service charge, plus the tax when it is added, plus the tip.
        const charged = subtotal + serviceChargeMinor + (o.pricesIncludeTax ? 0 : taxes.taxMinor);
        expect(taxes.totalMinor).toBe(charged + o.tipMinor);
        expect(taxes.totalMinor).toBe(taxes.netMinor + taxes.taxMinor + o.tipMinor);
      }),
    );
  });
});
