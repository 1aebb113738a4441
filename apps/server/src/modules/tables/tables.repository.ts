import { OPEN_ORDER_STATUSES } from '@tavolo/contract/orders';
import type { TTable } from '@tavolo/contract/tables';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, isEmptyChange } from '../../db/client';
import type { TableRow } from '../../db/rows';
import { diningTables, orders, restaurants } from '../../db/schema';

export function toTable(row: TableRow, publicUrl: string): TTable {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    seats: row.seats,
    area: row.area,
    active: row.active,
    qrToken: row.qrToken,
    guestUrl: `${publicUrl}/t/${row.qrToken}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findTables(db: Db, restaurantId: string): Promise<TableRow[]> {
  return db
    .select()
    .from(diningTables)
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(diningTables.number));
}

export async function insertTable(
  db: Db,
  values: {
    restaurantId: string;
    number: number;
    qrToken: string;
    label?: string;
    area?: string;
    seats?: number;
    active?: boolean;
  },
): Promise<TableRow> {
  const [row] = await db.insert(diningTables).values(values).returning();
  return row!;
}

export async function findTable(db: Db, restaurantId: string, id: string): Promise<TableRow | undefined> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, id)));
  return row;
}

export async function updateTable(
  db: Db,
  restaurantId: string,
  id: string,
  values: PgUpdateSetSource<typeof diningTables>,
): Promise<TableRow | undefined> {
  if (isEmptyChange(values)) return findTable(db, restaurantId, id);
  const [row] = await db
    .update(diningTables)
    .set(values)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, id)))
    .returning();
  return row;
}

export async function deleteTable(db: Db, restaurantId: string, id: string): Promise<void> {
  await db
    .delete(diningTables)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, id)));
}

export async function countOpenOrdersAtTable(db: Db, restaurantId: string, tableId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        eq(orders.tableId, tableId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/** How a guest (or staff taking an order) names a table. */
export type ActiveTableLookup =
  | { qrToken: string }
  | { restaurantId: string; tableId: string }
  | { restaurantId: string; tableNumber: number };

/**
 * An active table with its restaurant, in one query: by the qrToken of its printed code (a guest),
 * by id (staff, within their restaurant) or by number (a guest link naming the restaurant).
 */
export async function findActiveTableWithRestaurant(db: Db, lookup: ActiveTableLookup) {
  const which =
    'qrToken' in lookup
      ? eq(diningTables.qrToken, lookup.qrToken)
      : and(
          eq(diningTables.restaurantId, lookup.restaurantId),
          'tableId' in lookup
            ? eq(diningTables.id, lookup.tableId)
            : eq(diningTables.number, lookup.tableNumber),
        );
  const [row] = await db
    .select({ table: diningTables, restaurant: restaurants })
    .from(diningTables)
    .innerJoin(restaurants, eq(restaurants.id, diningTables.restaurantId))
    .where(and(which, eq(diningTables.active, true)));
  return row;
}
