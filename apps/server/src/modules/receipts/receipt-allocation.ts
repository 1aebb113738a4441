import { shownTaxes, type TaxPart, taxesByRate } from '@tavolo/contract/money';
import type { TOrder } from '@tavolo/contract/orders';
import { mulDiv, spreadInProportion } from '../visits/bill-model';

/*
 * What a payment's receipt covers of its orders (PRODUCT.md §11), apart from the database. An
 * order's money is made of components: what its lines charge at each tax rate, its service charge
 * (at its rate) and its tip (never taxed). A receipt takes part of each order's components; what is
 * left of an order is its components less what its earlier receipts took (plus what credit notes
 * gave back). A payment of the whole of what is left takes exactly that, so the receipts of a
 * settled bill add up to its taxes to the unit, whatever the earlier payments took.
 */

export type ComponentKind = 'goods' | 'service' | 'tip';

/** One component of an order's money, or the part of it a receipt took: net + tax is its gross. */
export type ReceiptComponent = TaxPart & { kind: ComponentKind };

/** What one receipt took of one order. */
export type ReceiptOrderPart = { orderId: string; components: ReceiptComponent[] };

const keyOf = (c: Pick<ReceiptComponent, 'kind' | 'name' | 'rateBasisPoints'>) =>
  `${c.kind}\u0000${c.rateBasisPoints}\u0000${c.name}`;

export const grossOf = (c: Pick<TaxPart, 'netMinor' | 'taxMinor'>) => c.netMinor + c.taxMinor;

/** An order's components: its live lines by rate, its service charge, its tip. */
export function componentsOfOrder(order: TOrder): ReceiptComponent[] {
  const goods = taxesByRate(order.items.filter((line) => line.quantity > 0).map((line) => line.tax));
  const components: ReceiptComponent[] = goods.map((part) => ({ ...part, kind: 'goods' }));
  if (grossOf(order.serviceChargeTax) > 0) components.push({ ...order.serviceChargeTax, kind: 'service' });
  if (order.tipMinor > 0)
    components.push({ kind: 'tip', name: '', rateBasisPoints: 0, netMinor: order.tipMinor, taxMinor: 0 });
  return components;
}

/**
 * What is left of an order's components after `taken` (earlier receipts' parts, credit notes'
 * negative ones). A component taken beyond what it now is (the order changed after a payment)
 * is left at nothing.
 */
export function remainingOf(
  components: readonly ReceiptComponent[],
  taken: readonly ReceiptComponent[],
): ReceiptComponent[] {
  const left = new Map(components.map((c) => [keyOf(c), { ...c }]));
  for (const part of taken) {
    const c = left.get(keyOf(part));
    if (!c) continue;
    c.netMinor -= part.netMinor;
    c.taxMinor -= part.taxMinor;
  }
  return [...left.values()].map((c) =>
    c.netMinor < 0 || c.taxMinor < 0 ? { ...c, netMinor: Math.max(0, grossOf(c)), taxMinor: 0 } : c,
  );
}

/**
 * Spreads `amount` over parts in proportion to `weights`, none beyond its `cap` (the excess goes to
 * the parts with room, in proportion to their room). With `amount` ≥ the caps' sum each part gets
 * its cap, and what is beyond the caps goes in proportion to them.
 */
export function spreadCapped(amount: number, weights: readonly number[], caps: readonly number[]): number[] {
  const room = caps.reduce((s, c) => s + c, 0);
  if (amount >= room) {
    const beyond = spreadInProportion(amount - room, caps);
    return caps.map((cap, i) => cap + (beyond[i] ?? 0));
  }
  const useWeights = weights.some((w) => w > 0) ? weights : caps;
  const shares = spreadInProportion(amount, useWeights).map((share, i) => Math.min(share, caps[i]!));
  let left = amount - shares.reduce((s, v) => s + v, 0);
  while (left > 0) {
    const rooms = caps.map((cap, i) => cap - shares[i]!);
    const more = spreadInProportion(left, rooms).map((m, i) => Math.min(m, rooms[i]!));
    const moved = more.reduce((s, v) => s + v, 0);
    more.forEach((m, i) => {
      shares[i]! += m;
    });
    left -= moved;
    if (moved === 0) {
      // Rounding left a unit over: the first part with room takes it.
      const i = rooms.findIndex((r) => r > 0);
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * The part of an order's remaining components a payment of `amount` takes: its gross spread by
 * `weights` (by what is left when none), each component's tax in proportion to its gross (all of
 * it when the component is taken whole).
 */
export function takeFrom(
  remaining: readonly ReceiptComponent[],
  amount: number,
  weights?: readonly number[],
): ReceiptComponent[] {
  const caps = remaining.map(grossOf);
  const gross = spreadCapped(amount, weights ?? caps, caps);
  return remaining
    .map((c, i) => {
      const g = gross[i]!;
      const whole = grossOf(c);
      if (g >= whole) return { ...c, netMinor: c.netMinor + (g - whole), taxMinor: c.taxMinor };
      const taxMinor = whole === 0 ? 0 : Math.floor((2 * c.taxMinor * g + whole) / (2 * whole));
      return { ...c, netMinor: g - taxMinor, taxMinor };
    })
    .filter((c) => grossOf(c) !== 0);
}

/**
 * The weights of a payment for some units of an order's lines: each rate's goods by what those
 * units charge; the service charge and the tip in proportion to the goods paid for.
 */
export function itemWeights(
  order: TOrder,
  remaining: readonly ReceiptComponent[],
  units: readonly { lineIndex: number; quantity: number }[],
): number[] {
  const goodsByKey = new Map<string, number>();
  let paidGoods = 0;
  for (const { lineIndex, quantity } of units) {
    const line = order.items[lineIndex];
    if (!line || line.quantity === 0) continue;
    const gross = mulDiv(grossOf(line.tax), Math.min(quantity, line.quantity), line.quantity);
    const key = keyOf({ kind: 'goods', ...line.tax });
    goodsByKey.set(key, (goodsByKey.get(key) ?? 0) + gross);
    paidGoods += gross;
  }
  const allGoods = remaining.filter((c) => c.kind === 'goods').reduce((s, c) => s + grossOf(c), 0);
  return remaining.map((c) =>
    c.kind === 'goods' ? (goodsByKey.get(keyOf(c)) ?? 0) : mulDiv(grossOf(c), paidGoods, allGoods),
  );
}

/** A receipt's figures from the parts it took of its orders. */
export function receiptFiguresOf(parts: readonly ReceiptOrderPart[], pricesIncludeTax: boolean) {
  const all = parts.flatMap((p) => p.components);
  const taxed = all.filter((c) => c.kind !== 'tip');
  const service = all.filter((c) => c.kind === 'service');
  const netMinor = taxed.reduce((s, c) => s + c.netMinor, 0);
  const taxMinor = taxed.reduce((s, c) => s + c.taxMinor, 0);
  const tipMinor = all.filter((c) => c.kind === 'tip').reduce((s, c) => s + c.netMinor, 0);
  return {
    taxes: shownTaxes(taxed.map(({ kind: _, ...part }) => part)),
    netMinor,
    taxMinor,
    tipMinor,
    // As the lines show it: with its tax when prices include tax, without when tax is added.
    serviceChargeMinor: service.reduce((s, c) => s + (pricesIncludeTax ? grossOf(c) : c.netMinor), 0),
    totalMinor: netMinor + taxMinor + tipMinor,
  };
}

/**
 * What a receipt paid for its orders' items (not their service charge or tip), as its lines read:
 * with tax when prices include it, net when tax is added. A share's receipt shows it on its one line.
 */
export function goodsMinorOf(
  parts: readonly { components: readonly ReceiptComponent[] }[],
  pricesIncludeTax: boolean,
): number {
  return parts
    .flatMap((p) => p.components)
    .filter((c) => c.kind === 'goods')
    .reduce((s, c) => s + (pricesIncludeTax ? grossOf(c) : c.netMinor), 0);
}

/** The parts negated: what a credit note gives back. */
export function negated(parts: readonly ReceiptOrderPart[]): ReceiptOrderPart[] {
  return parts.map((p) => ({
    orderId: p.orderId,
    components: p.components.map((c) => ({ ...c, netMinor: -c.netMinor, taxMinor: -c.taxMinor })),
  }));
}
