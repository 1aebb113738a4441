import { and, asc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import type { BillPaymentRow, OrderRow, TableRow } from '../../db/rows';
import { billPaymentItems, billPayments, diningTables, orders, payments, restaurants } from '../../db/schema';

/**
 * Locks the table's row: every change to its bill (a checkout, a settlement, a close, a money move
 * on one of its orders) takes it first, so they take turns and each sees the bill the last one left.
 * FOR NO KEY UPDATE, not FOR UPDATE: an order being placed at the table (which holds the
 * restaurant's row for its number) takes a KEY SHARE lock on the table through its foreign key;
 * FOR UPDATE would block it while we wait for the restaurant's row (our event): a deadlock.
 */
export async function lockTable(
  db: Db,
  restaurantId: string,
  tableId: string,
): Promise<TableRow | undefined> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, tableId)))
    .for('no key update');
  return row;
}

/** A locked table and the orders of its open bill, cancelled ones too, locked with it. */
export type HeldTable = { table: TableRow; orderIds: string[] };

/**
 * Locks every order still on the table's open bill (cancelled ones too), by number: taken right
 * after the table's lock by whatever may end the visit, so ending it needs no further order lock
 * once events (the restaurant's row) are being written. FOR NO KEY UPDATE, like the table's lock:
 * it queues behind lockOrder's FOR UPDATE but not behind rows that merely reference the orders.
 */
export async function lockOpenBillOrders(db: Db, restaurantId: string, tableId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.tableId, tableId), isNull(orders.visitId)))
    .orderBy(asc(orders.number))
    .for('no key update');
}

/**
 * Before a money move or a cancellation on one order: when the order is on its table's open bill,
 * locks the table and then the bill's orders (docs/decisions/022), so the move may end the visit.
 */
export async function lockTableOfOrder(
  db: Db,
  restaurantId: string,
  orderId: string,
): Promise<HeldTable | undefined> {
  const [row] = await db
    .select({ tableId: orders.tableId, visitId: orders.visitId })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, orderId)));
  if (!row?.tableId || row.visitId !== null) return undefined;
  const table = await lockTable(db, restaurantId, row.tableId);
  if (!table) return undefined;
  const held = await lockOpenBillOrders(db, restaurantId, table.id);
  return { table, orderIds: held.map((o) => o.id) };
}

const onOpenBill = (tableId: string): SQL =>
  and(eq(orders.tableId, tableId), isNull(orders.visitId), ne(orders.status, 'cancelled'))!;

/** The orders on the table's open bill, by number; `lock` takes their row locks in that order. */
export async function findOpenBillOrders(
  db: Db,
  restaurantId: string,
  tableId: string,
  options: { lock?: boolean } = {},
): Promise<OrderRow[]> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), onOpenBill(tableId)))
    .orderBy(asc(orders.number));
  return options.lock ? query.for('no key update') : query;
}

/** The orders of a visit that already ended (a payment that arrives after its close), locked by number. */
export async function lockEndedVisitOrders(
  db: Db,
  restaurantId: string,
  input: { tableId: string; visitId: string },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        eq(orders.tableId, input.tableId),
        eq(orders.visitId, input.visitId),
      ),
    )
    .orderBy(asc(orders.number))
    .for('no key update');
}

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

/**
 * Ends the table's visit: the orders of its open bill the caller locked (cancelled ones too) are
 * stamped with the visit's id, and the table gets a new visit. Under the table's lock; an order
 * placed meanwhile, which the caller did not see, stays on the next bill.
 */
export async function endVisit(
  db: Db,
  restaurantId: string,
  table: TableRow,
  orderIds: string[],
): Promise<TableRow | undefined> {
  if (orderIds.length > 0) {
    await db
      .update(orders)
      .set({ visitId: table.visitId })
      .where(
        and(
          eq(orders.restaurantId, restaurantId),
          eq(orders.tableId, table.id),
          isNull(orders.visitId),
          inArray(orders.id, orderIds),
        ),
      );
  }
  const [row] = await db
    .update(diningTables)
    .set({ visitId: sql`gen_random_uuid()` })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, table.id)))
    .returning();
  return row;
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
