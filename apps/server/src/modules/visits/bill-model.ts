import type { TBillLine } from '@tavolo/contract/table-service';

/**
 * The table's bill as arithmetic, apart from the database (docs/decisions/022): every figure is an
 * integer of minor units, and every split adds up exactly to what it splits.
 */

/** floor(a × b / c) for non-negative integers, exact however large the product (BigInt). */
export function mulDiv(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Splits `total` over parts in proportion to `weights`: each part gets floor(total × w / Σw), the
 * last part with weight the remainder, so the parts add up exactly to `total` and a part of no
 * weight (a line given away or voided) gets nothing. Without any weight, all goes to the last.
 */
export function spreadInProportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  const parts = weights.map((w) => mulDiv(total, w, sum));
  const weighted = weights.findLastIndex((w) => w > 0);
  const last = weighted >= 0 ? weighted : parts.length - 1;
  const given = parts.reduce((s, p, i) => (i === last ? s : s + p), 0);
  parts[last] = total - given;
  return parts;
}

/** One order of the open bill, as the bill needs it. */
export type BillOrder = {
  id: string;
  number: number;
  totalMinor: number;
  paidMinor: number;
  items: readonly {
    menuItemId: string;
    name: string;
    quantity: number;
    seat?: number | null;
    unitPriceMinor: number;
    options: readonly { group: string; choice: string; priceMinor: number }[];
    /** Absent on lines stored before discounts (migration 0025): none. */
    discountMinor?: number;
    lineTotalMinor: number;
  }[];
};

/** Units of one line of one order (paid, or held by a checkout). */
export type LineUnits = { orderId: string; lineIndex: number; quantity: number };

const lineKey = (orderId: string, lineIndex: number) => `${orderId}:${lineIndex}`;

function unitsByLine(units: readonly LineUnits[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const u of units) {
    const key = lineKey(u.orderId, u.lineIndex);
    map.set(key, (map.get(key) ?? 0) + u.quantity);
  }
  return map;
}

/**
 * An order's lines with their share of its total: the service charge and the order's tip are
 * spread over the lines in proportion to the line subtotals (the remainder on the last line), so
 * the lines of an order add up exactly to its total.
 */
export function lineTotalsOf(order: Pick<BillOrder, 'totalMinor' | 'items'>): number[] {
  const subtotals = order.items.map((line) => line.lineTotalMinor);
  const subtotal = subtotals.reduce((s, v) => s + v, 0);
  // Lines that charge nothing (given away) still carry a tip on them by their units, so it never
  // lands on a line whose units were all voided while others are left.
  const weights = subtotal > 0 ? subtotals : order.items.map((line) => line.quantity);
  const extras = spreadInProportion(order.totalMinor - subtotal, weights);
  return subtotals.map((v, i) => v + (extras[i] ?? 0));
}

/**
 * The lines of the bill, order by order. A line's paid units are those paid item by item, or all
 * of them once its order is paid in full; its pending units are those held by unfinished checkouts.
 * Its quantity is its live units (voided ones left the order); a line whose units were all voided
 * is left out, unless it still carries money (an order voided whole, but for its tip).
 */
export function billLinesOf(
  orders: readonly BillOrder[],
  paidUnits: readonly LineUnits[],
  pendingUnits: readonly LineUnits[],
): TBillLine[] {
  const paid = unitsByLine(paidUnits);
  const pending = unitsByLine(pendingUnits);
  const lines: TBillLine[] = [];
  for (const order of [...orders].sort((x, y) => x.number - y.number)) {
    const totals = lineTotalsOf(order);
    const paidInFull = order.paidMinor >= order.totalMinor;
    order.items.forEach((line, lineIndex) => {
      if (line.quantity === 0 && totals[lineIndex] === 0) return;
      const key = lineKey(order.id, lineIndex);
      const paidQuantity = paidInFull ? line.quantity : Math.min(line.quantity, paid.get(key) ?? 0);
      const pendingQuantity = Math.min(line.quantity - paidQuantity, pending.get(key) ?? 0);
      lines.push({
        orderId: order.id,
        orderNumber: order.number,
        lineIndex,
        menuItemId: line.menuItemId,
        name: line.name,
        seat: line.seat ?? null,
        options: line.options.map((o) => ({ group: o.group, choice: o.choice, priceMinor: o.priceMinor })),
        quantity: line.quantity,
        // As the bill shows it: at its menu price with options, the discount apart (issue 42).
        unitPriceMinor: line.unitPriceMinor + line.options.reduce((s, o) => s + o.priceMinor, 0),
        amountMinor: line.lineTotalMinor + (line.discountMinor ?? 0),
        discountMinor: line.discountMinor ?? 0,
        paidQuantity,
        pendingQuantity,
        totalMinor: totals[lineIndex]!,
      });
    });
  }
  return lines;
}

/**
 * What `more` units of a line of `quantity` units cost when `taken` of them are already paid or
 * held: the cumulative allocation floor(total × (taken + more) / quantity) − floor(total × taken /
 * quantity), so paying every unit, in any steps, sums exactly to the line's total.
 */
export function unitsAmount(
  line: { totalMinor: number; quantity: number },
  taken: number,
  more: number,
): number {
  return mulDiv(line.totalMinor, taken + more, line.quantity) - mulDiv(line.totalMinor, taken, line.quantity);
}

/** `total` in `parts` equal shares: floor(total / parts) each, the remainder on the last. */
export function equalShares(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const shares = Array.from({ length: parts }, () => base);
  shares[parts - 1] = total - base * (parts - 1);
  return shares;
}

/**
 * An equal split as its bill payments record it: what it splits (what was free to pay, due less
 * other checkouts' holds, when its first share started), in how many shares, and the amounts of
 * its shares paid and still held.
 */
export type SplitShares = {
  dueMinor: number;
  parts: number;
  paid: readonly number[];
  held: readonly number[];
};

const total = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/**
 * What the next share of a split asks: floor(due / parts), fixed for the whole split, or, for the
 * last share, all the split has left to collect (its due less its shares paid or held), so the
 * shares add up exactly to what was split. 0 once every share is paid or held.
 */
export function nextShareMinor(split: SplitShares): number {
  const taken = split.paid.length + split.held.length;
  if (taken >= split.parts) return 0;
  if (taken < split.parts - 1) return Math.floor(split.dueMinor / split.parts);
  return Math.max(0, split.dueMinor - total(split.paid) - total(split.held));
}

/**
 * Whether the bill moved under a split since its first share: what is free for the split (the
 * bill's due less what other checkouts hold) is no longer what the split has left to collect. The
 * split's own shares move both alike; a new order, a refund, a cancellation or a payment outside
 * the split moves one of them, and the shares left would no longer settle the bill.
 */
export function isSplitStale(split: SplitShares, bill: { dueMinor: number; pendingMinor: number }): boolean {
  const heldByOthers = bill.pendingMinor - total(split.held);
  return bill.dueMinor - heldByOthers !== split.dueMinor - total(split.paid);
}

/**
 * How a payment towards the bill lands on its orders: first what it was meant for on each order
 * (the items chosen, capped by the order's due), then what is left fills the orders' dues in order
 * of their numbers, and anything still left (a payment that outran the bill, after a hold expired)
 * goes to the last order. Answers one amount per order, in the order given; they sum to `amount`.
 */
export function spreadOverOrders(
  amount: number,
  orders: readonly { id: string; dueMinor: number }[],
  meant: ReadonlyMap<string, number> = new Map(),
): number[] {
  const given = orders.map(() => 0);
  let left = amount;
  orders.forEach((order, i) => {
    const take = Math.min(left, meant.get(order.id) ?? 0, Math.max(0, order.dueMinor));
    given[i]! += take;
    left -= take;
  });
  orders.forEach((order, i) => {
    const take = Math.min(left, Math.max(0, order.dueMinor - given[i]!));
    given[i]! += take;
    left -= take;
  });
  if (left > 0 && given.length > 0) given[given.length - 1]! += left;
  return given;
}

/** The figures of a bill from its orders: total, paid, and due (never below 0). */
export function billFigures(orders: readonly { totalMinor: number; paidMinor: number }[]) {
  const totalMinor = orders.reduce((s, o) => s + o.totalMinor, 0);
  const paidMinor = orders.reduce((s, o) => s + o.paidMinor, 0);
  return { totalMinor, paidMinor, dueMinor: Math.max(0, totalMinor - paidMinor) };
}

/**
 * What the bill shows on rows of their own, summed over its orders: the lines at their menu price,
 * the discounts, the service charges and the orders' tips (each already in the orders' totals).
 */
export function billRowFigures(
  orders: readonly {
    items: readonly { lineTotalMinor: number; discountMinor?: number }[];
    discountMinor: number;
    serviceChargeMinor: number;
    tipMinor: number;
  }[],
) {
  let itemsMinor = 0;
  for (const order of orders)
    for (const line of order.items) itemsMinor += line.lineTotalMinor + (line.discountMinor ?? 0);
  return {
    itemsMinor,
    discountMinor: orders.reduce((s, o) => s + o.discountMinor, 0),
    serviceChargeMinor: orders.reduce((s, o) => s + o.serviceChargeMinor, 0),
    orderTipsMinor: orders.reduce((s, o) => s + o.tipMinor, 0),
  };
}
