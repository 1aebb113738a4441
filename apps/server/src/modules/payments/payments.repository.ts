import type { TPayment, TPaymentMethod } from '@tavolo/contract/orders';
import type { TPaymentListItem, TPaymentRefund } from '@tavolo/contract/payments';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { PaymentRow, RefundRow } from '../../db/rows';
import { orders, paymentRefunds, payments } from '../../db/schema';

/** A payment with what lists show beside it: its order's number and table. */
export type PaymentWithOrderRow = PaymentRow & { orderNumber: number; tableNumber: number };

export function toPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountMinor: row.amountMinor,
    method: row.method,
    status: row.status,
    feeMinor: row.feeMinor,
    refundedMinor: row.refundedMinor,
    reference: row.reference,
    recordedBy: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPaymentRefund(row: RefundRow): TPaymentRefund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    orderId: row.orderId,
    amountMinor: row.amountMinor,
    reason: row.reason,
    recordedBy: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPaymentListItem(
  row: PaymentWithOrderRow,
  refunds: RefundRow[],
  receipt: { id: string; number: string } | null,
): TPaymentListItem {
  return {
    ...toPayment(row),
    orderNumber: row.orderNumber,
    tableNumber: row.tableNumber,
    provider: row.provider,
    refunds: refunds.map(toPaymentRefund),
    receipt,
  };
}

const withOrderColumns = { payment: payments, orderNumber: orders.number, tableNumber: orders.tableNumber };
const flatten = (r: { payment: PaymentRow; orderNumber: number; tableNumber: number }) => ({
  ...r.payment,
  orderNumber: r.orderNumber,
  tableNumber: r.tableNumber,
});

export async function findPayment(db: Db, restaurantId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.id, id)));
  return row;
}

export type PaymentFilters = {
  from?: Date;
  to?: Date;
  method?: TPaymentMethod;
  status?: PaymentRow['status'];
  orderId?: string;
};

/** Newest first; `limit`/`offset` page through. */
export async function findPayments(
  db: Db,
  restaurantId: string,
  filters: PaymentFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentWithOrderRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(payments.restaurantId, restaurantId),
    filters.from ? gte(payments.createdAt, filters.from) : undefined,
    filters.to ? lt(payments.createdAt, filters.to) : undefined,
    filters.method ? eq(payments.method, filters.method) : undefined,
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.orderId ? eq(payments.orderId, filters.orderId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(withOrderColumns)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
  ]);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

/** An order's payments, oldest first. */
export async function findPaymentsOfOrder(
  db: Db,
  restaurantId: string,
  orderId: string,
): Promise<PaymentWithOrderRow[]> {
  const rows = await db
    .select(withOrderColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.orderId, orderId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(flatten);
}

export async function findPaymentWithOrder(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<PaymentWithOrderRow | undefined> {
  const [row] = await db
    .select(withOrderColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.id, id)));
  return row && flatten(row);
}

/** The refunds of some payments in one query, each payment's oldest first. */
export async function findRefundsOfPayments(
  db: Db,
  restaurantId: string,
  paymentIds: string[],
): Promise<Map<string, RefundRow[]>> {
  const byPayment = new Map<string, RefundRow[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.restaurantId, restaurantId), inArray(paymentRefunds.paymentId, paymentIds)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  for (const row of rows) byPayment.get(row.paymentId)?.push(row);
  return byPayment;
}

export type MoneyByDayAndMethod = { day: string; method: TPaymentMethod; count: number; amountMinor: number };

/**
 * Succeeded payments (also those refunded since: the money did arrive) by local day and method,
 * dated by when the money arrived. Days are cut in the database, in the restaurant's zone.
 */
export async function sumPaymentsByDay(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date; timezone: string },
): Promise<MoneyByDayAndMethod[]> {
  const rows = await queryRows<{ day: string; method: TPaymentMethod; count: unknown; amount: unknown }>(
    db,
    sql`SELECT to_char((${payments.succeededAt} AT TIME ZONE ${range.timezone})::date, 'YYYY-MM-DD') AS day,
               ${payments.method} AS method, count(*) AS count, coalesce(sum(${payments.amountMinor}), 0) AS amount
        FROM ${payments}
        WHERE ${payments.restaurantId} = ${restaurantId}
          AND ${payments.status} IN ('succeeded', 'refunded')
          AND ${payments.succeededAt} >= ${range.start.toISOString()}
          AND ${payments.succeededAt} < ${range.end.toISOString()}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({
    day: r.day,
    method: r.method,
    count: Number(r.count),
    amountMinor: Number(r.amount),
  }));
}

/** Refunds by local day (of the refund) and the refunded payment's method. */
export async function sumRefundsByDay(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date; timezone: string },
): Promise<MoneyByDayAndMethod[]> {
  const rows = await queryRows<{ day: string; method: TPaymentMethod; count: unknown; amount: unknown }>(
    db,
    sql`SELECT to_char((${paymentRefunds.createdAt} AT TIME ZONE ${range.timezone})::date, 'YYYY-MM-DD') AS day,
               ${payments.method} AS method, count(*) AS count, coalesce(sum(${paymentRefunds.amountMinor}), 0) AS amount
        FROM ${paymentRefunds}
        JOIN ${payments} ON ${payments.id} = ${paymentRefunds.paymentId}
        WHERE ${paymentRefunds.restaurantId} = ${restaurantId}
          AND ${paymentRefunds.createdAt} >= ${range.start.toISOString()}
          AND ${paymentRefunds.createdAt} < ${range.end.toISOString()}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({
    day: r.day,
    method: r.method,
    count: Number(r.count),
    amountMinor: Number(r.amount),
  }));
}
