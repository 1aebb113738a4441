import { NO_TAX, orderTaxesOf, serviceChargeOf, type TaxRateRef } from '@tavolo/contract/money';
import type { TOrderLine } from '@tavolo/contract/orders';
import type { TTaxPart } from '@tavolo/contract/taxes';
import { mulDiv, spreadInProportion } from '../visits/bill-model';

/*
 * An order's lines and totals as staff change them (PRODUCT.md §9), apart from the database: every
 * figure is an integer of minor units. A line charges its unit price (options included) for each
 * unit still on it, less its discount; voided units charge nothing. The order's subtotal is the sum
 * of its lines, its discount the sum of theirs, and the service charge is on the subtotal; each
 * line and the service charge are taxed at the rates frozen on the order.
 */

/** What a line charges before its discount: the unit price for each unit still on it. */
export function grossOf(line: Pick<TOrderLine, 'unitPriceMinor' | 'quantity'>): number {
  return line.unitPriceMinor * line.quantity;
}

/** The line with its total following its units and its discount. */
function withTotal(line: TOrderLine): TOrderLine {
  return { ...line, lineTotalMinor: grossOf(line) - line.discountMinor };
}

export type OrderTotals = {
  items: TOrderLine[];
  subtotalMinor: number;
  discountMinor: number;
  serviceChargeMinor: number;
  netMinor: number;
  taxMinor: number;
  taxes: TTaxPart[];
  serviceChargeTax: TTaxPart;
  totalMinor: number;
};

/** How an order was taxed when placed (PRODUCT.md §11): what its changed lines are taxed by again. */
export type OrderTaxing = {
  tipMinor: number;
  pricesIncludeTax: boolean;
  /** The service charge's tax as frozen on the order; orders placed before taxes have none. */
  serviceChargeTax: TaxRateRef | null;
};

/**
 * The order's totals from its lines: the service charge on the (discounted) subtotal, each line's
 * tax at its frozen rate on what it charges now (a void takes its tax away, a discount lowers it),
 * the tip as it was.
 */
export function totalsOf(
  lines: readonly TOrderLine[],
  serviceChargeBasisPoints: number,
  order: OrderTaxing,
): OrderTotals {
  const withTotals = lines.map(withTotal);
  const subtotalMinor = withTotals.reduce((s, line) => s + line.lineTotalMinor, 0);
  const discountMinor = withTotals.reduce((s, line) => s + line.discountMinor, 0);
  const serviceChargeMinor = serviceChargeOf(subtotalMinor, serviceChargeBasisPoints);
  const taxes = orderTaxesOf({
    lines: withTotals,
    serviceChargeMinor,
    serviceChargeRate: order.serviceChargeTax ?? NO_TAX,
    pricesIncludeTax: order.pricesIncludeTax,
    tipMinor: order.tipMinor,
  });
  return {
    items: withTotals.map((line, i) => ({ ...line, tax: taxes.lineTaxes[i]! })),
    subtotalMinor,
    discountMinor,
    serviceChargeMinor,
    netMinor: taxes.netMinor,
    taxMinor: taxes.taxMinor,
    taxes: taxes.taxes,
    serviceChargeTax: taxes.serviceChargeTax,
    totalMinor: taxes.totalMinor,
  };
}

/**
 * Voids `units` of the line's live units: they move to `voidedQuantity`, and its discount shrinks
 * with them, to its share of the units left (floor(discount × left / live)), so what the line still
 * charges per unit is what it charged before.
 */
export function voidUnits(line: TOrderLine, units: number): TOrderLine {
  const left = line.quantity - units;
  return withTotal({
    ...line,
    quantity: left,
    voidedQuantity: line.voidedQuantity + units,
    // Every unit voided: the line leaves the kitchen (in part, it stays there struck through).
    kitchenStatus: left === 0 ? 'voided' : line.kitchenStatus,
    discountMinor: mulDiv(line.discountMinor, left, line.quantity),
  });
}

/**
 * The line with other units or another unit price (a change before the kitchen starts it): its
 * discount keeps its share of what the line charges before it.
 */
export function repriceLine(
  line: TOrderLine,
  change: Pick<TOrderLine, 'quantity' | 'unitPriceMinor' | 'options'>,
): TOrderLine {
  const before = grossOf(line);
  const after = grossOf(change);
  return withTotal({
    ...line,
    ...change,
    discountMinor: Math.min(after, mulDiv(line.discountMinor, after, before)),
  });
}

/** What a discount takes off `chargedMinor`: a percentage of it (rounded half up), or an amount. */
export function discountAmountOf(
  chargedMinor: number,
  request: { percent?: number | undefined; amountMinor?: number | undefined },
): number {
  if (request.percent !== undefined) return Math.floor((chargedMinor * request.percent + 50) / 100);
  return request.amountMinor ?? 0;
}

/**
 * Spreads `amount` (at most the sum of `caps`) over parts in proportion to `caps`, exactly, and never
 * more than a part's cap: spreadInProportion's shares, where the remainder it puts on the last part
 * would pass that part's cap, with the excess moved to the parts that have room, in order.
 */
export function spreadWithin(amount: number, caps: readonly number[]): number[] {
  const shares = spreadInProportion(amount, caps).map((share, i) => Math.min(share, caps[i]!));
  let left = amount - shares.reduce((s, v) => s + v, 0);
  for (let i = 0; i < shares.length && left > 0; i++) {
    const room = caps[i]! - shares[i]!;
    const take = Math.min(room, left);
    shares[i]! += take;
    left -= take;
  }
  return shares;
}

/**
 * Takes `amount` off the lines: off one line (`lineIndex`), or off the whole order, spread over its
 * lines in proportion to what each charges now (exact to the unit, none below 0). The caller keeps
 * `amount` within what is charged.
 */
export function discountLines(
  lines: readonly TOrderLine[],
  discount: { lineIndex?: number | undefined; amount: number },
): TOrderLine[] {
  const { lineIndex, amount } = discount;
  const shares =
    lineIndex === undefined
      ? spreadWithin(
          amount,
          lines.map((line) => grossOf(line) - line.discountMinor),
        )
      : lines.map((_, i) => (i === lineIndex ? amount : 0));
  return lines.map((line, i) => withTotal({ ...line, discountMinor: line.discountMinor + (shares[i] ?? 0) }));
}
