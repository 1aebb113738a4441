import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { OrderRow, TableRow } from '../../db/rows';
import { billPayments, diningTables, orders, pastVisits } from '../../db/schema';

/*
 * A visit: a table's orders since its bill was last settled or closed (docs/decisions/022). Every
 * change to a table's open bill takes the locks below in this order: the table, then the bill's
 * orders, then whatever the change is about.
 */

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

/**
 * Ends the table's visit: the orders of its open bill the caller locked (cancelled ones too) are
 * stamped with the visit's id, and the table gets a new visit, not yet seated. Under the table's lock; an order
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
  // A seated visit's guests are kept for the day's report (covers), once they ordered: a table
  // cleared with nothing on it, or whose guests moved on with their orders, served no one.
  if (table.visitCovers !== null && table.visitOpenedAt !== null && orderIds.length > 0) {
    await db
      .insert(pastVisits)
      .values({
        visitId: table.visitId,
        restaurantId,
        tableId: table.id,
        covers: table.visitCovers,
        openedAt: table.visitOpenedAt,
        endedAt: new Date(),
      })
      .onConflictDoNothing();
  }
  // The next visit starts unseated: staff's covers, waiter and opening went with this one.
  const [row] = await db
    .update(diningTables)
    .set({ visitId: sql`gen_random_uuid()`, visitCovers: null, visitWaiterId: null, visitOpenedAt: null })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, table.id)))
    .returning();
  return row;
}

/**
 * Moves who sits at `from` to `into` (both held, same restaurant): `into` gets the covers of both
 * (null while neither is known), its waiter or else `from`'s, and the earlier opening; `from` is
 * left with no covers, waiter or opening.
 */
export async function moveVisitSeating(
  db: Db,
  restaurantId: string,
  from: TableRow,
  into: TableRow,
): Promise<void> {
  const known = [from.visitCovers, into.visitCovers].filter((c): c is number => c !== null);
  const opened = [from.visitOpenedAt, into.visitOpenedAt].filter((d): d is Date => d !== null);
  await db
    .update(diningTables)
    .set({
      visitCovers: known.length > 0 ? known.reduce((s, c) => s + c, 0) : null,
      visitWaiterId: into.visitWaiterId ?? from.visitWaiterId,
      visitOpenedAt: opened.length > 0 ? new Date(Math.min(...opened.map((d) => d.getTime()))) : null,
    })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, into.id)));
  await db
    .update(diningTables)
    .set({ visitCovers: null, visitWaiterId: null, visitOpenedAt: null })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, from.id)));
}

/**
 * The guests of the visits opened in [from, to): those that ended (kept once they ordered) and
 * those still seated with an order on their open bill. A party counts once however its orders
 * moved: a table its guests left with their orders, still marked seated, counts no one.
 */
export async function sumCoversBetween(db: Db, restaurantId: string, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ covers: number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(covers), 0) FROM past_visits WHERE restaurant_id = ${restaurantId}
                  AND opened_at >= ${from.toISOString()} AND opened_at < ${to.toISOString()})
             + (SELECT coalesce(sum(t.visit_covers), 0) FROM dining_tables t WHERE t.restaurant_id = ${restaurantId}
                  AND t.visit_opened_at >= ${from.toISOString()} AND t.visit_opened_at < ${to.toISOString()}
                  AND EXISTS (SELECT 1 FROM orders o WHERE o.table_id = t.id AND o.visit_id IS NULL
                                AND o.restaurant_id = ${restaurantId})) AS covers`,
  );
  return Number(row?.covers ?? 0);
}

/**
 * Moves a whole visit from `from` to `into` (both held, `into` free; the caller moves the orders next):
 * `into` takes the visit itself (its id, so its bill payments and splits stay one bill), its
 * covers, waiter and opening; what `into` had left on its open bill (cancelled orders) ends with
 * its own empty visit first; `from` starts a new visit, not seated. Nothing goes to past_visits:
 * the guests are still seated, and count once, where they went.
 */
export async function moveWholeVisit(
  db: Db,
  restaurantId: string,
  from: TableRow,
  into: TableRow,
): Promise<void> {
  await db
    .update(orders)
    .set({ visitId: into.visitId })
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.tableId, into.id), isNull(orders.visitId)));
  await db
    .update(billPayments)
    .set({ tableId: into.id })
    .where(
      and(
        eq(billPayments.restaurantId, restaurantId),
        eq(billPayments.tableId, from.id),
        eq(billPayments.visitId, from.visitId),
      ),
    );
  await db
    .update(diningTables)
    .set({ visitId: sql`gen_random_uuid()`, visitCovers: null, visitWaiterId: null, visitOpenedAt: null })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, from.id)));
  await db
    .update(diningTables)
    .set({
      visitId: from.visitId,
      visitCovers: from.visitCovers,
      visitWaiterId: from.visitWaiterId,
      visitOpenedAt: from.visitOpenedAt,
    })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, into.id)));
}
