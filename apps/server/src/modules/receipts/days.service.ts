import type { TCloseDayRequest, TClosedDayPage, TDayOpen, TDayReport } from '@tavolo/contract/receipts';
import { AppError } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { RestaurantRow } from '../../db/rows';
import { voidsAndDiscountsBetween } from '../audit/audit.service';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { coversBetween } from '../visits/visits.service';
import { businessDayBounds } from './business-day';
import {
  type ClosedDayRow,
  countOrdersBetween,
  findClosedDay,
  findClosedDayPage,
  findOpenBillsBefore,
  insertClosedDay,
  lockReceiptCounter,
  sumHoldingCheckouts,
  sumReceiptsOfDay,
  sumTaxesOfDay,
} from './receipts.repository';

/*
 * The day's close (PRODUCT.md §11): the X report of a business day, live, at any time; at the
 * close, the Z report, frozen with the cash counted against the cash expected. Sales, taxes,
 * methods, refunds and tips come from the day's receipts and credit notes (every payment issues
 * one), so a closed day never changes: a payment after the close goes on the next open day.
 * Orders and covers are those placed and seated within the day's hours; voids and discounts those
 * given within them (the audit log's).
 */

/**
 * What is open now that concerns a day: bills begun before its end still owed (today's lunch tables
 * are not yesterday's business), and, while the day runs, guests' checkouts holding a bill (a
 * payment that lands after a day's end is the next day's: it never concerns a past day).
 */
async function openAtDayEnd(db: Db, restaurantId: string, to: Date): Promise<TDayOpen> {
  const running = Date.now() < to.getTime();
  const [bills, checkouts] = await Promise.all([
    findOpenBillsBefore(db, restaurantId, to),
    running ? sumHoldingCheckouts(db, restaurantId) : { count: 0, amountMinor: 0 },
  ]);
  const items = bills.map((bill) => ({
    ...bill,
    openedAt: bill.openedAt.toISOString(),
    dueMinor: bill.totalMinor - bill.paidMinor,
  }));
  return {
    bills: {
      count: items.length,
      dueMinor: items.reduce((s, b) => s + b.dueMinor, 0),
      cashMinor: items.reduce((s, b) => s + b.cashMinor, 0),
      items,
    },
    checkouts,
  };
}

/** Whether anything is open that the person closing the day should know of first. */
export const hasOpen = (open: TDayOpen | null) =>
  open !== null && (open.bills.count > 0 || open.checkouts.count > 0);

/** A business day's figures as they are now (the demo closes its past days with it too). */
export async function liveReport(db: Db, restaurant: RestaurantRow, date: string): Promise<TDayReport> {
  const { from, to } = businessDayBounds(date, restaurant.timezone, restaurant.businessDayStartMinutes);
  const [receipts, taxes, orders, covers, changes, open] = await Promise.all([
    sumReceiptsOfDay(db, restaurant.id, date),
    sumTaxesOfDay(db, restaurant.id, date),
    countOrdersBetween(db, restaurant.id, from, to),
    coversBetween(db, restaurant.id, from, to),
    voidsAndDiscountsBetween(db, restaurant.id, { start: from, end: to }),
    openAtDayEnd(db, restaurant.id, to),
  ]);
  const { methods } = receipts;
  const cash = methods.find((m) => m.method === 'cash');
  return {
    date,
    from: from.toISOString(),
    to: to.toISOString(),
    orders,
    covers,
    grossMinor: receipts.netMinor + receipts.taxMinor,
    netMinor: receipts.netMinor,
    taxMinor: receipts.taxMinor,
    taxes: taxes.map((t) => ({ name: t.name, rateBasisPoints: t.rate, netMinor: t.net, taxMinor: t.tax })),
    serviceChargeMinor: receipts.serviceChargeMinor,
    byMethod: methods
      .filter((m) => m.count > 0)
      .map((m) => ({ method: m.method, count: m.count, amountMinor: m.amount })),
    refundsMinor: methods.reduce((s, m) => s + m.refunds, 0),
    voids: changes.voids,
    discountsMinor: changes.discounts.amountMinor,
    tipsMinor: receipts.tipMinor,
    cashExpectedMinor: cash ? cash.amount - cash.refunds : 0,
    receipts: { first: receipts.first, last: receipts.last, count: receipts.receipts },
    creditNotes: receipts.creditNotes,
    currency: restaurant.currency,
    open,
    closed: false,
    cashCountedMinor: null,
    cashDifferenceMinor: null,
    closedAt: null,
    closedBy: null,
    note: null,
  };
}

/** The Z report of a closed day: its figures as frozen, with the count. */
function closedReport(row: ClosedDayRow): TDayReport {
  return {
    ...row.report,
    // Days closed before open bills were kept at the close.
    open: row.report.open ?? null,
    closed: true,
    cashCountedMinor: row.cashCountedMinor,
    cashDifferenceMinor: row.cashDifferenceMinor,
    closedAt: row.closedAt.toISOString(),
    closedBy: { id: row.closedById, name: row.closedByName },
    note: row.note,
  };
}

export async function getDay(ctx: StaffContext, date: string): Promise<TDayReport> {
  const closed = await findClosedDay(ctx.db, ctx.principal.restaurantId, date);
  if (closed) return closedReport(closed);
  return liveReport(ctx.db, await findSessionRestaurant(ctx), date);
}

/**
 * Closes a business day that has begun: the receipt counter of its year is locked first (receipts
 * take it too), then its figures are frozen with the cash counted. A day closes once. Open bills or
 * checkouts under way are refused unless acknowledged (the screen warns first; an API client or a
 * stale screen must not close over them unknowingly), and kept in the Z report.
 */
export async function closeDay(
  ctx: StaffContext,
  input: { date: string; request: TCloseDayRequest },
): Promise<TDayReport> {
  const { db, principal } = ctx;
  const { date, request } = input;
  const restaurant = await findSessionRestaurant(ctx);
  const { from } = businessDayBounds(date, restaurant.timezone, restaurant.businessDayStartMinutes);
  if (from.getTime() > Date.now()) {
    throw new AppError(
      'UNPROCESSABLE',
      `The business day of ${date} has not begun: it cannot be closed yet`,
      {
        date: 'is a day that has not begun',
      },
    );
  }
  await lockReceiptCounter(db, restaurant.id, Number(date.slice(0, 4)));
  if (await findClosedDay(db, restaurant.id, date)) {
    throw new AppError('DAY_CLOSED', `The business day of ${date} is closed already`);
  }
  const report = await liveReport(db, restaurant, date);
  if (hasOpen(report.open) && request.acknowledgeOpen !== true) {
    const { bills, checkouts } = report.open!;
    throw new AppError(
      'DAY_HAS_OPEN_BILLS',
      `${bills.count} bill(s) are still open (${bills.dueMinor} due) and ${checkouts.count} checkout(s) are under way: close with acknowledgeOpen to close anyway`,
    );
  }
  const row = await insertClosedDay(db, {
    restaurantId: restaurant.id,
    date,
    report,
    cashCountedMinor: request.cashCountedMinor,
    cashDifferenceMinor: request.cashCountedMinor - report.cashExpectedMinor,
    note: request.note || null,
    closedAt: new Date(),
    closedById: principal.userId,
    closedByName: principal.name,
  });
  // In the audit log too, with the cash over or short as its amount, in the same transaction.
  await recordAudit(db, restaurant.id, {
    kind: 'day.closed',
    actor: auditActorOf(principal),
    amountMinor: row.cashDifferenceMinor,
    reason: row.note,
    details: {
      date,
      cashCountedMinor: row.cashCountedMinor,
      cashExpectedMinor: report.cashExpectedMinor,
      openBills: report.open?.bills.count ?? 0,
      openDueMinor: report.open?.bills.dueMinor ?? 0,
    },
  });
  return closedReport(row);
}

export async function listClosedDays(
  ctx: StaffContext,
  query: { page: number; pageSize: number },
): Promise<TClosedDayPage> {
  const { rows, total } = await findClosedDayPage(ctx.db, ctx.principal.restaurantId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      date: row.date,
      currency: row.report.currency,
      grossMinor: row.report.grossMinor,
      taxMinor: row.report.taxMinor,
      cashExpectedMinor: row.report.cashExpectedMinor,
      cashCountedMinor: row.cashCountedMinor,
      cashDifferenceMinor: row.cashDifferenceMinor,
      closedAt: row.closedAt.toISOString(),
      closedBy: { id: row.closedById, name: row.closedByName },
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
