import type { TOrder, TOrderStatus } from '@tavolo/contract/orders';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { menuItems, orders, restaurants } from '../../db/schema';
import type { MenuItemRow } from '../menu/menu.repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export function toOrder(row: OrderRow): TOrder {
  return {
    id: row.id,
    number: row.number,
    tableId: row.tableId,
    tableNumber: row.tableNumber,
    source: row.source,
    status: row.status,
    items: row.items,
    subtotalMinor: row.subtotalMinor,
    serviceChargeMinor: row.serviceChargeMinor,
    tipMinor: row.tipMinor,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    paymentStatus: row.paymentStatus,
    currency: row.currency,
    note: row.note,
    customerName: row.customerName,
    statusHistory: row.statusHistory,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Every dish of the restaurant with the menu version they belong to, in one statement (so the two
 * agree): what order intake prices from while that version holds.
 */
export async function findMenuSnapshot(
  db: Db,
  restaurantId: string,
): Promise<{ version: number; items: Map<string, MenuItemRow> } | undefined> {
  const rows = await db
    .select({ version: restaurants.menuVersion, item: menuItems })
    .from(restaurants)
    .leftJoin(menuItems, eq(menuItems.restaurantId, restaurants.id))
    .where(eq(restaurants.id, restaurantId));
  if (rows.length === 0) return undefined;
  const items = new Map<string, MenuItemRow>();
  for (const { item } of rows) if (item) items.set(item.id, item);
  return { version: rows[0]!.version, items };
}

/**
 * Hands out the restaurant's next order number and says which menu version holds meanwhile: the
 * row lock it takes orders concurrent orders and keeps the menu version from moving until commit
 * (every menu change bumps that version on the same row). Undefined when there is no restaurant.
 */
export async function takeOrderNumber(
  db: Db,
  restaurantId: string,
): Promise<{ number: number; menuVersion: number } | undefined> {
  const [row] = await db
    .update(restaurants)
    .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
    .where(eq(restaurants.id, restaurantId))
    .returning({ number: restaurants.orderSeq, menuVersion: restaurants.menuVersion });
  return row;
}

/**
 * Locks several restaurants' rows in id order (so two batches never wait for each other in
 * opposite orders) before a batch of orders takes their numbers.
 */
export async function lockRestaurantsForOrders(db: Db, restaurantIds: string[]): Promise<void> {
  await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(inArray(restaurants.id, restaurantIds))
    .orderBy(restaurants.id)
    .for('no key update');
}

/**
 * Hands out `count` order numbers in each restaurant, in one statement, and says which menu
 * version holds meanwhile (as `takeOrderNumber` does for one). A restaurant that is gone is absent.
 * Several restaurants only under `lockRestaurantsForOrders`: this statement takes rows in no order.
 */
export async function takeOrderNumbers(
  db: Db,
  counts: { restaurantId: string; count: number }[],
): Promise<Map<string, { firstNumber: number; menuVersion: number }>> {
  const rows = await queryRows<{ id: string; first_number: number; menu_version: number }>(
    db,
    sql`UPDATE restaurants r SET order_seq = r.order_seq + c.count
        FROM jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) AS c("restaurantId" uuid, count int)
        WHERE r.id = c."restaurantId"
        RETURNING r.id, r.order_seq - c.count + 1 AS first_number, r.menu_version`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { firstNumber: Number(row.first_number), menuVersion: Number(row.menu_version) },
    ]),
  );
}

/** Several orders in one statement; the rows come back in the order given. */
export async function insertOrders(db: Db, values: NewOrder[]): Promise<OrderRow[]> {
  if (values.length === 0) return [];
  return db.insert(orders).values(values).returning();
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function findOrder(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)));
  return row;
}

/**
 * A guest's order by the hash of the token issued with it. The token is the guest's whole claim:
 * it names one order of one restaurant, so no restaurant is asked for (and none is needed).
 */
export async function findOrderByGuestToken(
  db: Db,
  id: string,
  guestTokenHash: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.guestTokenHash, guestTokenHash)));
  return row;
}

/** Locks the order for a change: concurrent moves on one order take turns and see each other. */
export async function lockOrder(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)))
    .for('update');
  return row;
}

/** Changes an order; every change moves its version on, so clients can tell the newer copy. */
export async function updateOrder(
  db: Db,
  restaurantId: string,
  id: string,
  values: Omit<PgUpdateSetSource<typeof orders>, 'version'>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)))
    .returning();
  return row;
}

export type OrderFilters = {
  statuses?: readonly TOrderStatus[];
  from?: Date;
  to?: Date;
  tableNumber?: number;
  q?: string;
};

function whereOrders(restaurantId: string, filters: OrderFilters): SQL | undefined {
  const { statuses, from, to, tableNumber, q } = filters;
  // Digits name an order number; anything else is part of the customer's name.
  const search = q
    ? /^\d{1,9}$/.test(q)
      ? eq(orders.number, Number(q))
      : ilike(orders.customerName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  return and(
    eq(orders.restaurantId, restaurantId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    from ? gte(orders.createdAt, from) : undefined,
    to ? lt(orders.createdAt, to) : undefined,
    tableNumber === undefined ? undefined : eq(orders.tableNumber, tableNumber),
    search,
  );
}

/** Newest first; `limit`/`offset` page through. */
export async function findOrders(
  db: Db,
  restaurantId: string,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = whereOrders(restaurantId, filters);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
