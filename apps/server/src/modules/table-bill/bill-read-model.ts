import type {
  TBillPayment,
  TBillReceipt,
  TBillSplit,
  TTableBill,
  TTableBillList,
} from '@tavolo/contract/table-service';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { type Db, readAll } from '../../db/client';
import type { BillPaymentRow, OrderRow, TableRow } from '../../db/rows';
import { receiptIdOfBillPayment } from '../receipts/receipts.service';
import { findRestaurantRow } from '../restaurants/restaurants.service';
import { findActiveTable, findTableRow } from '../tables/tables.service';
import {
  billFigures,
  billLinesOf,
  billRowFigures,
  isSplitStale,
  nextShareMinor,
  type SplitShares,
} from '../visits/bill-model';
import { findOpenBill } from '../visits/visits.service';
import {
  findBillPaymentItems,
  findBillPaymentOfTable,
  findBillUnits,
  findOpenBills,
  findOrderPaymentsOutsideBill,
  findVisitBillPayments,
} from './table-bill.repository';

/*
 * The bill of a table's visit as phones and staff read it: its lines with what is paid and being
 * paid, its payments, and one payment's receipt.
 */

/** The equal split under way, with its shares' amounts: what pricing its next share needs. */
export type LoadedSplit = SplitShares & { id: string };

export type LoadedBill = {
  bill: TTableBill;
  orders: OrderRow[];
  visitPayments: BillPaymentRow[];
  holding: BillPaymentRow[];
  split: LoadedSplit | null;
};

/**
 * The equal split under way: the split of the newest share paid or still held (a split started
 * again replaces the one before it), unless every one of its shares is paid. Shares taken before
 * splits were recorded (no split id) belong to none.
 */
function splitUnderWay(visitPayments: BillPaymentRow[], holding: BillPaymentRow[]): LoadedSplit | null {
  const held = new Set(holding.map((p) => p.id));
  const live = visitPayments.filter(
    (p) => p.splitId !== null && (p.status === 'succeeded' || held.has(p.id)),
  );
  const newest = live.at(-1);
  if (!newest?.splitId || newest.parts === null || newest.splitDueMinor === null) return null;
  const shares = live.filter((p) => p.splitId === newest.splitId);
  const paid = shares.filter((p) => p.status === 'succeeded').map((p) => p.amountMinor);
  if (paid.length >= newest.parts) return null;
  return {
    id: newest.splitId,
    parts: newest.parts,
    dueMinor: newest.splitDueMinor,
    paid,
    held: shares.filter((p) => p.status !== 'succeeded').map((p) => p.amountMinor),
  };
}

/** The split as phones see it: its size, how far it got, and whether the bill moved outside it. */
function splitView(split: LoadedSplit, figures: { dueMinor: number; pendingMinor: number }): TBillSplit {
  return {
    id: split.id,
    parts: split.parts,
    dueMinor: split.dueMinor,
    shareMinor: Math.floor(split.dueMinor / split.parts),
    paidShares: split.paid.length,
    takenShares: split.paid.length + split.held.length,
    nextShareMinor: nextShareMinor(split),
    stale: isSplitStale(split, figures),
  };
}

/** The bill of the table's current visit, from the database (inside the caller's transaction, if any). */
export async function loadBill(db: Db, table: TableRow, currency: string): Promise<LoadedBill> {
  const orders = await findOpenBill(db, table.restaurantId, table.id);
  const orderIds = orders.map((o) => o.id);
  const [units, visit, outside] = await readAll(db, [
    () => findBillUnits(db, table.restaurantId, orderIds),
    () => findVisitBillPayments(db, table.restaurantId, { tableId: table.id, visitId: table.visitId }),
    () => findOrderPaymentsOutsideBill(db, table.restaurantId, orderIds),
  ] as const);
  const lines = billLinesOf(
    orders,
    units.filter((u) => u.status === 'succeeded'),
    units.filter((u) => u.status === 'pending'),
  );
  const visitPayments = visit.map((v) => v.payment);
  const holding = visit.filter((v) => v.holding).map((v) => v.payment);
  const succeeded = visitPayments.filter((p) => p.status === 'succeeded');
  const payments: TBillPayment[] = [
    ...succeeded.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      tipMinor: p.tipMinor,
      method: p.method,
      // An amount staff took is not a way a guest chose to pay: said like a payment on an order.
      mode: p.mode === 'amount' ? null : p.mode,
      at: (p.succeededAt ?? p.createdAt).toISOString(),
    })),
    ...outside.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      tipMinor: 0,
      method: p.method,
      mode: null,
      at: (p.succeededAt ?? p.createdAt).toISOString(),
    })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  const figures = billFigures(orders);
  const pendingMinor = holding.reduce((s, p) => s + p.amountMinor, 0);
  const split = splitUnderWay(visitPayments, holding);
  return {
    orders,
    visitPayments,
    holding,
    split,
    bill: {
      visitId: table.visitId,
      tableId: table.id,
      tableNumber: table.number,
      currency,
      lines,
      ...billRowFigures(orders),
      ...figures,
      pendingMinor,
      tipsMinor: succeeded.reduce((s, p) => s + p.tipMinor, 0),
      payments,
      split: split && splitView(split, { dueMinor: figures.dueMinor, pendingMinor }),
    },
  };
}

export const invalidCode = () => new AppError('NOT_FOUND', "This table's code is not valid any more");

/** A guest's table by its code: an unknown, rotated or inactive code looks like nothing. */
export async function findGuestTable(db: Db, qrToken: string) {
  const found = await findActiveTable(db, { qrToken });
  if (!found) throw invalidCode();
  return found;
}

/** The bill of the table whose code the guest holds. */
export async function getTableBill(ctx: ServiceContext, input: { qrToken: string }): Promise<TTableBill> {
  const { table, restaurant } = await findGuestTable(ctx.db, input.qrToken);
  return (await loadBill(ctx.db, table, restaurant.currency)).bill;
}

export async function currencyOf(db: Db, restaurantId: string): Promise<string> {
  const restaurant = await findRestaurantRow(db, restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return restaurant.currency;
}

/** The bill of one of the session's restaurant's tables. */
export async function getStaffTableBill(ctx: StaffContext, input: { id: string }): Promise<TTableBill> {
  const { db, principal } = ctx;
  const table = await findTableRow(db, principal.restaurantId, input.id);
  if (!table) throw notFound('Table');
  return (await loadBill(db, table, await currencyOf(db, principal.restaurantId))).bill;
}

/** Every table of the session's restaurant with an open bill, by number. */
export async function listTableBills(ctx: StaffContext): Promise<TTableBillList> {
  const { db, principal } = ctx;
  const [currency, rows] = await Promise.all([
    currencyOf(db, principal.restaurantId),
    findOpenBills(db, principal.restaurantId),
  ]);
  return {
    currency,
    items: rows.map((r) => ({
      tableId: r.table_id,
      tableNumber: Number(r.number),
      visitId: r.visit_id,
      orders: Number(r.orders),
      totalMinor: Number(r.total),
      paidMinor: Number(r.paid),
      dueMinor: Math.max(0, Number(r.total) - Number(r.paid)),
      openedAt: new Date(r.opened_at).toISOString(),
    })),
  };
}

/** What the payer keeps: one payment towards the bill of the table whose code they hold. */
export async function getBillReceipt(
  ctx: ServiceContext,
  input: { paymentId: string; qrToken: string },
): Promise<TBillReceipt> {
  const { db } = ctx;
  const { table, restaurant } = await findGuestTable(db, input.qrToken);
  const payment = await findBillPaymentOfTable(db, restaurant.id, { id: input.paymentId, tableId: table.id });
  if (!payment) throw notFound('Payment');
  const items = await findBillPaymentItems(db, restaurant.id, payment.id);
  return {
    paymentId: payment.id,
    status: payment.status,
    restaurantName: restaurant.name,
    tableNumber: table.number,
    currency: payment.currency,
    // A guest's receipt page reads its own checkouts; an amount staff took reads as part of the bill.
    mode: payment.mode === 'amount' ? 'full' : payment.mode,
    parts: payment.parts,
    items: items.map(({ item, lines }) => ({
      menuItemId: lines[item.lineIndex]?.menuItemId ?? null,
      name: lines[item.lineIndex]?.name ?? 'Item',
      quantity: item.quantity,
      amountMinor: item.amountMinor,
    })),
    amountMinor: payment.amountMinor,
    tipMinor: payment.tipMinor,
    paidAt: payment.succeededAt?.toISOString() ?? null,
    receiptId:
      payment.status === 'succeeded' ? await receiptIdOfBillPayment(db, restaurant.id, payment.id) : null,
    createdAt: payment.createdAt.toISOString(),
  };
}

/**
 * Units of an order's lines paid item by item (bill payments that succeeded) and held by checkouts
 * under way, by line index: what a change to the order must leave as it is.
 */
export async function findOrderLineUnits(
  db: Db,
  restaurantId: string,
  orderId: string,
): Promise<{ paid: Map<number, number>; held: Map<number, number> }> {
  const units = await findBillUnits(db, restaurantId, [orderId]);
  const paid = new Map<number, number>();
  const held = new Map<number, number>();
  for (const unit of units) {
    const into = unit.status === 'succeeded' ? paid : held;
    into.set(unit.lineIndex, (into.get(unit.lineIndex) ?? 0) + unit.quantity);
  }
  return { paid, held };
}

/** The checkouts under way on the table's current visit, and what they hold in all. */
export async function findVisitHolds(db: Db, table: TableRow): Promise<{ count: number; heldMinor: number }> {
  const visit = await findVisitBillPayments(db, table.restaurantId, {
    tableId: table.id,
    visitId: table.visitId,
  });
  const holding = visit.filter((v) => v.holding);
  return { count: holding.length, heldMinor: holding.reduce((s, v) => s + v.payment.amountMinor, 0) };
}
