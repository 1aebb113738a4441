// How money reads on every bill and receipt (issue 42), without zod: the web's bills and receipts
// and the server's PDF and e-mail all lay their rows out from here, so they say it the same way.
//
//   lines at their menu price with options
//   Items                (only when something below changes it)
//   Discounts            −   (when there are any)
//   Service charge           (its own row, when there is one)
//   Net / Tax            (prices excluding tax: what the total adds)
//   Total
//   of which VAT         (prices including tax: what the total holds)
//   Tip                  (apart, after the total: never inside a dish's line)
//   Total with tip
//   Paid / Left to pay   (a bill, not a receipt)
//
// Every amount comes from the server; this only orders and picks rows, it computes no money.

/** A line as a bill or receipt shows it: at its menu price with options, its discount apart. */
export type BillLineAmounts = {
  /** What the units cost at their menu price with their options, before any discount. */
  amountMinor: number;
  /** What the line's discount takes off (≥ 0; shown in the Discounts row). */
  discountMinor: number;
};

/** The figures of a bill or receipt, as the server gave them. */
export type BillMoney<Tax = never> = {
  /** The lines at their menu price with options, before discounts. */
  itemsMinor: number;
  /** Discounts given (≥ 0). */
  discountMinor: number;
  serviceChargeMinor: number;
  /** Prices excluding tax: the net, then each rate's tax, added before the total. */
  addedTaxes?: readonly Tax[];
  /** What the guest owes for what they had: items − discounts + service charge (+ added tax). Tips apart. */
  totalMinor: number;
  /** Prices including tax: each rate's tax held in the total ("of which"). */
  includedTaxes?: readonly Tax[];
  /** Tips, never taxed and never inside a line. */
  tipMinor: number;
  /** A bill's payments: what was paid (tips included) and what is left to pay. */
  paid?: { paidMinor: number; dueMinor: number };
};

export type BillRow<Tax = never> =
  | { kind: 'items'; amountMinor: number }
  | { kind: 'discount'; amountMinor: number }
  | { kind: 'serviceCharge'; amountMinor: number }
  | { kind: 'addedTax'; tax: Tax }
  | { kind: 'total'; amountMinor: number }
  | { kind: 'includedTax'; tax: Tax }
  | { kind: 'tip'; amountMinor: number }
  | { kind: 'totalWithTip'; amountMinor: number }
  | { kind: 'paid'; amountMinor: number }
  | { kind: 'due'; amountMinor: number };

export type BillRowKind = BillRow['kind'];

/**
 * The rows under a bill's or receipt's lines, in the one order every screen uses. A discount is
 * shown as a negative amount. The service charge row is there exactly when it is not zero; the tip
 * comes after the total, with the total it makes, exactly when there is one.
 */
export function billRowsOf<Tax = never>(money: BillMoney<Tax>): BillRow<Tax>[] {
  const added = money.addedTaxes ?? [];
  const rows: BillRow<Tax>[] = [];
  const adjusted = money.discountMinor !== 0 || money.serviceChargeMinor !== 0 || added.length > 0;
  if (adjusted) rows.push({ kind: 'items', amountMinor: money.itemsMinor });
  if (money.discountMinor !== 0) rows.push({ kind: 'discount', amountMinor: -money.discountMinor });
  if (money.serviceChargeMinor !== 0)
    rows.push({ kind: 'serviceCharge', amountMinor: money.serviceChargeMinor });
  for (const tax of added) rows.push({ kind: 'addedTax', tax });
  rows.push({ kind: 'total', amountMinor: money.totalMinor });
  for (const tax of money.includedTaxes ?? []) rows.push({ kind: 'includedTax', tax });
  if (money.tipMinor !== 0) {
    rows.push({ kind: 'tip', amountMinor: money.tipMinor });
    rows.push({ kind: 'totalWithTip', amountMinor: money.totalMinor + money.tipMinor });
  }
  if (money.paid) {
    rows.push({ kind: 'paid', amountMinor: money.paid.paidMinor });
    rows.push({ kind: 'due', amountMinor: money.paid.dueMinor });
  }
  return rows;
}

/** An order line as the server gives it (TOrderLine's money). */
type OrderLineMoney = { lineTotalMinor: number; discountMinor: number };

/** A line at its menu price with options: what it charges plus the discount taken off it. */
export function lineAmountsOf(line: OrderLineMoney): BillLineAmounts {
  return { amountMinor: line.lineTotalMinor + line.discountMinor, discountMinor: line.discountMinor };
}

/** An order's money (TOrder's), as the bill needs it. */
type OrderMoney = {
  items: readonly OrderLineMoney[];
  discountMinor: number;
  serviceChargeMinor: number;
  tipMinor: number;
  totalMinor: number;
};

/**
 * The bill figures of one order or of several (a table's visit): the lines at their menu price,
 * the discounts, the service charges, and the total without the tips, which stand apart.
 */
export function ordersMoneyOf(
  orders: readonly OrderMoney[],
): Pick<BillMoney, 'itemsMinor' | 'discountMinor' | 'serviceChargeMinor' | 'totalMinor' | 'tipMinor'> {
  let itemsMinor = 0;
  let discountMinor = 0;
  let serviceChargeMinor = 0;
  let totalMinor = 0;
  let tipMinor = 0;
  for (const order of orders) {
    for (const line of order.items) itemsMinor += lineAmountsOf(line).amountMinor;
    discountMinor += order.discountMinor;
    serviceChargeMinor += order.serviceChargeMinor;
    totalMinor += order.totalMinor - order.tipMinor;
    tipMinor += order.tipMinor;
  }
  return { itemsMinor, discountMinor, serviceChargeMinor, totalMinor, tipMinor };
}
