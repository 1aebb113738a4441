import type { TOrder } from '@tavolo/contract/orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diningTables, menuItems, orders, restaurants } from '../../db/schema';
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active table behind a printed code, with what pricing needs of its restaurant. */
export async function findTableForOrdering(
  db: Db,
  where: { qrToken: string } | { restaurantId: string; tableId: string },
) {
  const condition =
    'qrToken' in where
      ? eq(diningTables.qrToken, where.qrToken)
      : and(eq(diningTables.restaurantId, where.restaurantId), eq(diningTables.id, where.tableId));
  const [row] = await db
    .select({ table: diningTables, restaurant: restaurants })
    .from(diningTables)
    .innerJoin(restaurants, eq(restaurants.id, diningTables.restaurantId))
    .where(and(condition, eq(diningTables.active, true)));
  return row;
}

export async function findMenuItemsByIds(
  db: Db,
  restaurantId: string,
  ids: string[],
): Promise<Map<string, MenuItemRow>> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Hands out the restaurant's next order number; the row lock orders concurrent orders. */
export async function nextOrderNumber(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .update(restaurants)
    .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
    .where(eq(restaurants.id, restaurantId))
    .returning({ number: restaurants.orderSeq });
  return row!.number;
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}
