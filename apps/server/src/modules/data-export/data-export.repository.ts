import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  businessDays,
  diningTables,
  orders,
  paymentRefunds,
  payments,
  receipts,
  reviews,
  roles,
  settlementAccounts,
  staff,
  walletTransactions,
} from '../../db/schema';

/*
 * What the data export reads (decision 044): every row of one restaurant, table by table, in
 * batches along an index (keyset: after the last row of the batch before), so memory stays flat
 * however long its history. Columns are named one by one: secrets (password and PIN hashes, token
 * hashes, table codes, checkout links) are never selected.
 */

/** Where a batch starts: after this instant (as PostgreSQL wrote it, to the microsecond) and tie-breaker. */
export type Cursor = { at: string; id: string } | null;

/** `(at, id) > cursor`, with the instant as text so no microsecond is lost in a JavaScript Date. */
function after(at: PgColumn, id: PgColumn | SQL, cursor: Cursor): SQL | undefined {
  return cursor ? sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
}

export async function findOrderBatch(db: Db, restaurantId: string, afterNumber: number, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      tableNumber: orders.tableNumber,
      source: orders.source,
      takenByName: orders.takenByName,
      status: orders.status,
      customerName: orders.customerName,
      note: orders.note,
      subtotalMinor: orders.subtotalMinor,
      discountMinor: orders.discountMinor,
      serviceChargeMinor: orders.serviceChargeMinor,
      netMinor: orders.netMinor,
      taxMinor: orders.taxMinor,
      tipMinor: orders.tipMinor,
      totalMinor: orders.totalMinor,
      paidMinor: orders.paidMinor,
      refundedMinor: orders.refundedMinor,
      paymentStatus: orders.paymentStatus,
      pricesIncludeTax: orders.pricesIncludeTax,
      currency: orders.currency,
      statusHistory: orders.statusHistory,
    })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), gt(orders.number, afterNumber)))
    .orderBy(asc(orders.number))
    .limit(limit);
}

/** Orders' lines, by order number: what order-lines.csv is written from. */
export async function findOrderLineBatch(db: Db, restaurantId: string, afterNumber: number, limit: number) {
  return db
    .select({ id: orders.id, number: orders.number, currency: orders.currency, items: orders.items })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), gt(orders.number, afterNumber)))
    .orderBy(asc(orders.number))
    .limit(limit);
}

export async function findPaymentBatch(db: Db, restaurantId: string, cursor: Cursor, limit: number) {
  return db
    .select({
      cursorAt: sql<string>`${payments.createdAt}::text`,
      id: payments.id,
      orderId: payments.orderId,
      orderNumber: orders.number,
      createdAt: payments.createdAt,
      succeededAt: payments.succeededAt,
      method: payments.method,
      status: payments.status,
      amountMinor: payments.amountMinor,
      feeMinor: payments.feeMinor,
      refundedMinor: payments.refundedMinor,
      provider: payments.provider,
      reference: payments.reference,
      recordedByName: payments.recordedByName,
      currency: orders.currency,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.restaurantId, restaurantId), after(payments.createdAt, payments.id, cursor)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
}

export async function findRefundBatch(db: Db, restaurantId: string, cursor: Cursor, limit: number) {
  return db
    .select({
      cursorAt: sql<string>`${paymentRefunds.createdAt}::text`,
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      orderNumber: orders.number,
      createdAt: paymentRefunds.createdAt,
      amountMinor: paymentRefunds.amountMinor,
      reason: paymentRefunds.reason,
      recordedByName: paymentRefunds.recordedByName,
      currency: orders.currency,
    })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(
      and(
        eq(paymentRefunds.restaurantId, restaurantId),
        after(paymentRefunds.createdAt, paymentRefunds.id, cursor),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(limit);
}

/** Receipts and credit notes in number order (year, then its sequence). */
export async function findReceiptBatch(
  db: Db,
  restaurantId: string,
  cursor: { year: number; seq: number } | null,
  limit: number,
) {
  return db
    .select({
      id: receipts.id,
      year: receipts.year,
      seq: receipts.seq,
      number: receipts.number,
      kind: receipts.kind,
      issuedAt: receipts.issuedAt,
      businessDate: receipts.businessDate,
      creditForNumber: sql<
        string | null
      >`(SELECT c.number FROM receipts c WHERE c.id = ${receipts.creditForId} AND c.restaurant_id = ${restaurantId})`,
      method: receipts.method,
      tableNumber: receipts.tableNumber,
      orderNumbers: receipts.orderNumbers,
      netMinor: receipts.netMinor,
      taxMinor: receipts.taxMinor,
      serviceChargeMinor: receipts.serviceChargeMinor,
      tipMinor: receipts.tipMinor,
      totalMinor: receipts.totalMinor,
      currency: receipts.currency,
      taxes: receipts.taxes,
    })
    .from(receipts)
    .where(
      and(
        eq(receipts.restaurantId, restaurantId),
        cursor ? sql`(${receipts.year}, ${receipts.seq}) > (${cursor.year}, ${cursor.seq})` : undefined,
      ),
    )
    .orderBy(asc(receipts.year), asc(receipts.seq))
    .limit(limit);
}

export async function findReviewBatch(db: Db, restaurantId: string, cursor: Cursor, limit: number) {
  return db
    .select({
      cursorAt: sql<string>`${reviews.createdAt}::text`,
      id: reviews.id,
      orderNumber: orders.number,
      createdAt: reviews.createdAt,
      rating: reviews.rating,
      comment: reviews.comment,
      guestName: reviews.guestName,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.restaurantId, restaurantId), after(reviews.createdAt, reviews.id, cursor)))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(limit);
}

/** The audit log in write order (by instant, then its sequence). */
export async function findAuditBatch(db: Db, restaurantId: string, cursor: Cursor, limit: number) {
  return db
    .select({
      cursorAt: sql<string>`${auditLog.at}::text`,
      seq: auditLog.seq,
      id: auditLog.id,
      at: auditLog.at,
      kind: auditLog.kind,
      actorName: auditLog.actorName,
      approvedByName: auditLog.approvedByName,
      orderNumber: auditLog.orderNumber,
      tableNumber: auditLog.tableNumber,
      amountMinor: auditLog.amountMinor,
      reason: auditLog.reason,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.restaurantId, restaurantId),
        cursor
          ? sql`(${auditLog.at}, ${auditLog.seq}) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.seq))
    .limit(limit);
}

/** The wallet's ledger in write order. */
export async function findWalletBatch(db: Db, restaurantId: string, cursor: Cursor, limit: number) {
  return db
    .select({
      cursorAt: sql<string>`${walletTransactions.createdAt}::text`,
      seq: walletTransactions.seq,
      id: walletTransactions.id,
      createdAt: walletTransactions.createdAt,
      type: walletTransactions.type,
      kind: walletTransactions.kind,
      amountMinor: walletTransactions.amountMinor,
      balanceAfterMinor: walletTransactions.balanceAfterMinor,
      reference: walletTransactions.reference,
      description: walletTransactions.description,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.restaurantId, restaurantId),
        cursor
          ? sql`(${walletTransactions.createdAt}, ${walletTransactions.seq}) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.seq))
    .limit(limit);
}

/** The restaurant's tables, without their QR codes (a code lets anyone order at the table). */
export async function findTablesForExport(db: Db, restaurantId: string) {
  return db
    .select({
      id: diningTables.id,
      number: diningTables.number,
      label: diningTables.label,
      area: diningTables.area,
      seats: diningTables.seats,
      active: diningTables.active,
      createdAt: diningTables.createdAt,
    })
    .from(diningTables)
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(diningTables.number));
}

/** The restaurant's staff, without their password or PIN hashes. */
export async function findStaffForExport(db: Db, restaurantId: string) {
  return db
    .select({
      id: staff.id,
      name: staff.name,
      email: staff.email,
      phone: staff.phone,
      roleName: roles.name,
      active: staff.active,
      hasPin: sql<boolean>`${staff.pinHash} IS NOT NULL`,
      language: staff.language,
      lastLoginAt: staff.lastLoginAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.restaurantId, restaurantId))
    .orderBy(asc(staff.createdAt), asc(staff.id));
}

export async function findRolesForExport(db: Db, restaurantId: string) {
  return db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.restaurantId, restaurantId))
    .orderBy(asc(roles.createdAt), asc(roles.id));
}

export async function findSettlementAccountsForExport(db: Db, restaurantId: string) {
  return db
    .select({
      id: settlementAccounts.id,
      bankName: settlementAccounts.bankName,
      accountName: settlementAccounts.accountName,
      accountNumber: settlementAccounts.accountNumber,
      isDefault: settlementAccounts.isDefault,
      archivedAt: settlementAccounts.archivedAt,
      createdAt: settlementAccounts.createdAt,
    })
    .from(settlementAccounts)
    .where(eq(settlementAccounts.restaurantId, restaurantId))
    .orderBy(asc(settlementAccounts.createdAt), asc(settlementAccounts.id));
}

/** Closed business days (a few hundred a year), oldest first. */
export async function findClosedDaysForExport(db: Db, restaurantId: string) {
  return db
    .select({
      date: businessDays.date,
      report: businessDays.report,
      cashCountedMinor: businessDays.cashCountedMinor,
      cashDifferenceMinor: businessDays.cashDifferenceMinor,
      note: businessDays.note,
      closedAt: businessDays.closedAt,
      closedById: businessDays.closedById,
      closedByName: businessDays.closedByName,
    })
    .from(businessDays)
    .where(eq(businessDays.restaurantId, restaurantId))
    .orderBy(asc(businessDays.date));
}
