import type { TTable } from '@tavolo/contract/tables';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { diningTables, orders, restaurants } from '../../db/schema';

export type TableRow = typeof diningTables.$inferSelect;

export function toTable(row: TableRow, publicUrl: string): TTable {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    seats: row.seats,
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

export async function countOpenOrdersAtTable(db: Db, tableId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.tableId, tableId),
        inArray(orders.status, ['pending', 'accepted', 'preparing', 'ready', 'served']),
      ),
    );
  return row?.n ?? 0;
}

/** Tables show on the guest menu (number, label), whose caches key on the restaurant's menu_version. */
export async function bumpGuestMenuVersion(db: Db, restaurantId: string): Promise<void> {
  await db
    .update(restaurants)
    .set({ menuVersion: sql`${restaurants.menuVersion} + 1` })
    .where(eq(restaurants.id, restaurantId));
}
