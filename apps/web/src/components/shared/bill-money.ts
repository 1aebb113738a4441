import type { TOrder } from '@tavolo/contract/orders';
import type { TTableBill } from '@tavolo/contract/table-service';
import { type BillRow, billRowsOf, ordersMoneyOf } from '@tavolo/contract/values/bill-rows';
import { type TaxRow, taxRowsOf } from '../../lib/order-taxes';

/*
 * The rows under a bill's lines on the web's screens, in the one order of contract
 * values/bill-rows (issue 42): subtotal, discounts, service charge, taxes added, total, taxes held,
 * tip, total with tip, paid, left to pay. Pure: the floor, the board, the guest's pages and the
 * staff's bill sheet render these rows; none of them orders its own.
 */

export type ShownBillRow = BillRow<TaxRow>;

/**
 * The rows of one order or of a visit's orders (cancelled ones left out): the service charge on its
 * own row, the orders' tips after the total; with `paid`, what was paid and what is left.
 */
export function orderBillRows(
  orders: readonly TOrder[],
  paid?: { paidMinor: number; dueMinor: number },
): ShownBillRow[] {
  const placed = orders.filter((order) => order.status !== 'cancelled');
  return ordersRows(placed, paid);
}

/** One order's rows, cancelled or not (its details show what it was). */
export function oneOrderBillRows(order: TOrder, paid?: { paidMinor: number; dueMinor: number }) {
  return ordersRows([order], paid);
}

function ordersRows(placed: readonly TOrder[], paid?: { paidMinor: number; dueMinor: number }) {
  const taxes = taxRowsOf(placed);
  return billRowsOf<TaxRow>({
    ...ordersMoneyOf(placed),
    addedTaxes: taxes.beforeTotal,
    includedTaxes: taxes.afterTotal,
    ...(paid ? { paid } : {}),
  });
}

/**
 * The rows of a table's bill: its lines at their menu price add up to the subtotal, then the
 * discounts, the service charge and the total; the tips (added to orders, or paid with payments)
 * after it, then what was paid (with those tips) and what is left.
 */
export function tableBillRows(
  bill: Pick<
    TTableBill,
    | 'itemsMinor'
    | 'discountMinor'
    | 'serviceChargeMinor'
    | 'orderTipsMinor'
    | 'tipsMinor'
    | 'totalMinor'
    | 'paidMinor'
    | 'dueMinor'
  >,
): ShownBillRow[] {
  return billRowsOf<TaxRow>({
    itemsMinor: bill.itemsMinor,
    discountMinor: bill.discountMinor,
    serviceChargeMinor: bill.serviceChargeMinor,
    totalMinor: bill.totalMinor - bill.orderTipsMinor,
    tipMinor: bill.orderTipsMinor + bill.tipsMinor,
    paid: { paidMinor: bill.paidMinor + bill.tipsMinor, dueMinor: bill.dueMinor },
  });
}

/** The amount a row shows: a discount as what it takes off (negative), a tax as its amount. */
export function rowAmountMinor(row: ShownBillRow): number {
  return 'tax' in row ? row.tax.amountMinor : row.amountMinor;
}
