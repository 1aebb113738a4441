import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import type { BillPaymentRow } from '../../db/rows';
import { billPaymentItems, billPayments, diningTables, orders, payments, restaurants } from '../../db/schema';

/** Units of the bill's lines paid (succeeded) or held (pending, hold not over) by bill payments. */
export async function findBillUnits(db: Db, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: billPaymentItems.orderId,
      lineIndex: billPaymentItems.lineIndex,
      quantity: billPaymentItems.quantity,
      status: billPayments.status,
    })
    .from(billPaymentItems)
    .innerJoin(billPayments, eq(billPayments.id, billPaymentItems.billPaymentId))
    .where(
      and(
        eq(billPayments.restaurantId, restaurantId),
        inArray(billPaymentItems.orderId, orderIds),
        or(
          eq(billPayments.status, 'succeeded'),
          and(eq(billPayments.status, 'pending'), gt(billPayments.holdUntil, sql`now()`)),
        ),
      ),
    );
}

/** Every bill payment of a visit, oldest first, with whether a pending one still holds. */
export async function findVisitBillPayments(
  db: Db,
  restaurantId: string,
  input: { tableId: string; visitId: string },
) {
  return db
    .select({
      payment: billPayments,
      holding: sql<boolean>`(${billPayments.status} = 'pending' AND ${billPayments.holdUntil} > now())`,
    })
    .from(billPayments)
    .where(
      and(
        eq(billPayments.restaurantId, restaurantId),
        eq(billPayments.tableId, input.tableId),
        eq(billPayments.visitId, input.visitId),
      ),
    )
    .orderBy(asc(billPayments.createdAt));
}

/** Payments recorded on single orders (not part of a bill payment) that moved money. */
export async function findOrderPaymentsOutsideBill(db: Db, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.restaurantId, restaurantId),
        inArray(payments.orderId, orderIds),
        isNull(payments.billPaymentId),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    );
}

export async function insertBillPayment(
  db: Db,
  values: typeof billPayments.$inferInsert,
): Promise<BillPaymentRow> {
  const [row] = await db.insert(billPayments).values(values).returning();
  return row!;
}

export async function insertBillPaymentItems(db: Db, values: (typeof billPaymentItems.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(billPaymentItems).values(values);
}

export async function updateBillPayment(
  db: Db,
  restaurantId: string,
  id: string,
  values: PgUpdateSetSource<typeof billPayments>,
): Promise<BillPaymentRow | undefined> {
  const [row] = await db
    .update(billPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(billPayments.restaurantId, restaurantId), eq(billPayments.id, id)))
    .returning();
  return row;
}

/** Locks a bill payment (after its table's and its orders' locks). */
export async function lockBillPayment(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<BillPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.restaurantId, restaurantId), eq(billPayments.id, id)))
    .for('update');
  return row;
}

/**
 * An online bill payment through `provider` by its id alone, with its table and restaurant.
 * Unscoped on purpose, like findProviderPayment: the caller is the provider's page or webhook.
 */
export async function findProviderBillPayment(db: Db, input: { paymentId: string; provider: string }) {
  const [row] = await db
    .select({ payment: billPayments, tableNumber: diningTables.number, restaurantName: restaurants.name })
    .from(billPayments)
    .innerJoin(diningTables, eq(diningTables.id, billPayments.tableId))
    .innerJoin(restaurants, eq(restaurants.id, billPayments.restaurantId))
    .where(
      and(
        eq(billPayments.id, input.paymentId),
        eq(billPayments.method, 'online'),
        eq(billPayments.provider, input.provider),
      ),
    );
  return row;
}

/** A bill payment of one table (a guest's receipt names the table by its code). */
export async function findBillPaymentOfTable(
  db: Db,
  restaurantId: string,
  input: { id: string; tableId: string },
) {
  const [row] = await db
    .select()
    .from(billPayments)
    .where(
      and(
        eq(billPayments.restaurantId, restaurantId),
        eq(billPayments.id, input.id),
        eq(billPayments.tableId, input.tableId),
      ),
    );
  return row;
}

/**
 * A bill payment's items with their orders' lines (for the names). The items carry no restaurant;
 * their orders do, and an item's order is always its bill payment's restaurant's.
 */
export async function findBillPaymentItems(db: Db, restaurantId: string, billPaymentId: string) {
  return db
    .select({ item: billPaymentItems, lines: orders.items, number: orders.number })
    .from(billPaymentItems)
    .innerJoin(orders, eq(orders.id, billPaymentItems.orderId))
    .where(and(eq(billPaymentItems.billPaymentId, billPaymentId), eq(orders.restaurantId, restaurantId)))
    .orderBy(asc(orders.number), asc(billPaymentItems.lineIndex));
}

/** Every table of the restaurant with orders on its open bill, by number, in figures. */
export async function findOpenBills(db: Db, restaurantId: string) {
  return queryRows<{
    table_id: string;
    number: number;
    visit_id: string;
    orders: number;
    total: number;
    paid: number;
    opened_at: Date | string;
  }>(
    db,
    sql`SELECT t.id AS table_id, t.number, t.visit_id, COUNT(*)::int AS orders,
          SUM(o.total_minor)::int AS total, SUM(o.paid_minor)::int AS paid, MIN(o.created_at) AS opened_at
        FROM dining_tables t
        JOIN orders o ON o.table_id = t.id AND o.visit_id IS NULL AND o.status <> 'cancelled'
        WHERE t.restaurant_id = ${restaurantId} AND o.restaurant_id = ${restaurantId}
        GROUP BY t.id
        ORDER BY t.number`,
  );
}
