/** Money is integer minor units everywhere; these are the two sums both sides must agree on. */

const minorDigitsByCurrency = new Map<string, number>();

/** How many decimals the currency's minor unit has: EUR 2, JPY 0, BHD 3 (2 when unknown). */
export function currencyMinorDigits(currency: string): number {
  // A NumberFormat costs tens of microseconds to make: exports ask once per amount.
  let digits = minorDigitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** A percent with at most two decimals (12.5 %) as whole basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** The service charge on a subtotal: basis points of it, rounded half up to a whole minor unit. */
export function serviceChargeOf(subtotalMinor: number, basisPoints: number): number {
  return Math.floor((subtotalMinor * basisPoints + 5_000) / 10_000);
}

/*
 * Taxes (PRODUCT.md §11). A line's tax is computed once, at order time, from its rate and whether
 * the restaurant's prices include tax; both are frozen on the order, so later changes to the line
 * (a void, a discount) recompute its tax at the rate it was sold at. Every figure is an integer of
 * minor units and gross = net + tax holds exactly on each line, each rate and each order.
 */

/** A tax rate as it is frozen on what was sold: its name and its rate in basis points (10 % = 1000). */
export type TaxRateRef = { name: string; rateBasisPoints: number };

/** An amount's tax at one rate: net + tax is the gross. */
export type TaxPart = TaxRateRef & { netMinor: number; taxMinor: number };

/** What a line or a service charge of a restaurant without tax rates carries: no tax. */
export const NO_TAX: TaxRateRef = { name: '', rateBasisPoints: 0 };

/** `a × b / c` rounded half up, for non-negative integers (exact: no floats on the way). */
function roundHalfUp(a: number, b: number, c: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * The tax on an amount charged at `rate`: with prices including tax, the tax in it (round half up
 * of amount × r / (1 + r)), the net the rest; excluding tax, the amount is the net and the tax
 * (round half up of amount × r) comes on top.
 */
export function taxOf(amountMinor: number, rate: TaxRateRef, pricesIncludeTax: boolean): TaxPart {
  const r = rate.rateBasisPoints;
  const amount = Math.max(0, amountMinor);
  if (pricesIncludeTax) {
    const taxMinor = r === 0 ? 0 : roundHalfUp(amount, r, 10_000 + r);
    return { name: rate.name, rateBasisPoints: r, netMinor: amount - taxMinor, taxMinor };
  }
  return { name: rate.name, rateBasisPoints: r, netMinor: amount, taxMinor: roundHalfUp(amount, r, 10_000) };
}

/** Tax parts summed by rate (name and basis points), lowest rate first: what an order or a receipt shows. */
export function taxesByRate(parts: readonly TaxPart[]): TaxPart[] {
  const byRate = new Map<string, TaxPart>();
  for (const part of parts) {
    const key = `${part.rateBasisPoints}\u0000${part.name}`;
    const sum = byRate.get(key);
    if (sum) {
      sum.netMinor += part.netMinor;
      sum.taxMinor += part.taxMinor;
    } else byRate.set(key, { ...part });
  }
  return [...byRate.values()].sort(
    (a, b) => a.rateBasisPoints - b.rateBasisPoints || a.name.localeCompare(b.name),
  );
}

/**
 * The rates an order, a receipt or a report shows: those with anything at them, and not the "no
 * tax" of a restaurant without rates (a rate of 0 % named by the restaurant is shown).
 */
export function shownTaxes(parts: readonly TaxPart[]): TaxPart[] {
  return taxesByRate(parts).filter(
    (part) => part.netMinor + part.taxMinor !== 0 && (part.name !== '' || part.rateBasisPoints !== 0),
  );
}

/** What a line's tax is computed from: what it charges (after its discount) and the rate frozen on it. */
type TaxedLine = { lineTotalMinor: number; tax: TaxRateRef };

/** What an order's money is made of, given its lines (with their totals) and how they are taxed. */
export type OrderTaxes = {
  /** Each line's tax, in the lines' order. */
  lineTaxes: TaxPart[];
  serviceChargeTax: TaxPart;
  netMinor: number;
  taxMinor: number;
  /** The lines' and the service charge's taxes by rate. */
  taxes: TaxPart[];
  /** net + tax + tip: what the guest pays in all. */
  totalMinor: number;
};

/**
 * An order's taxes and total: each line taxed at its own rate, the service charge (a percentage of
 * the lines' totals) at the service charge's rate, the tip never. Totals are sums of the lines', so
 * gross = net + tax exactly at every level.
 */
export function orderTaxesOf(input: {
  lines: readonly TaxedLine[];
  serviceChargeMinor: number;
  serviceChargeRate: TaxRateRef;
  pricesIncludeTax: boolean;
  tipMinor: number;
}): OrderTaxes {
  const { pricesIncludeTax } = input;
  const lineTaxes = input.lines.map((line) => taxOf(line.lineTotalMinor, line.tax, pricesIncludeTax));
  const serviceChargeTax = taxOf(input.serviceChargeMinor, input.serviceChargeRate, pricesIncludeTax);
  const all = [...lineTaxes, serviceChargeTax];
  const netMinor = all.reduce((sum, part) => sum + part.netMinor, 0);
  const taxMinor = all.reduce((sum, part) => sum + part.taxMinor, 0);
  return {
    lineTaxes,
    serviceChargeTax,
    netMinor,
    taxMinor,
    taxes: shownTaxes(all),
    totalMinor: netMinor + taxMinor + input.tipMinor,
  };
}
