import type { TMenuItem, TStaffMenuItem } from '@tavolo/contract/menu';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, isEmptyChange } from '../../db/client';
import type { MenuItemRow } from '../../db/rows';
import { categories, menuItems } from '../../db/schema';

export type MenuItemValues = Partial<Omit<MenuItemRow, 'id' | 'restaurantId' | 'createdAt' | 'updatedAt'>>;

export function toMenuItem(row: MenuItemRow, now: Date): TMenuItem {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    imageUrl: row.imageUrl,
    active: row.active,
    availableDays: row.availableDays,
    soldOutUntil: row.soldOutUntil?.toISOString() ?? null,
    // Sold out for today, or counted down to nothing.
    soldOut: (row.soldOutUntil !== null && row.soldOutUntil > now) || row.stockCount === 0,
    stockCount: row.stockCount,
    tags: row.tags,
    allergens: row.allergens,
    prepMinutes: row.prepMinutes,
    options: row.options,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A dish as staff read it: with its translations. */
export function toStaffMenuItem(row: MenuItemRow, now: Date): TStaffMenuItem {
  return {
    ...toMenuItem(row, now),
    translations: row.translations,
    stationId: row.stationId,
    taxRateId: row.taxRateId,
  };
}

/** Every item of the restaurant in menu order: category position, then item position. */
export async function findMenuItems(db: Db, restaurantId: string): Promise<MenuItemRow[]> {
  const rows = await db
    .select({ item: menuItems })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(asc(categories.position), asc(menuItems.position), asc(menuItems.createdAt));
  return rows.map((r) => r.item);
}

/** Active items served on `weekday` (0 = Sunday), in menu order. */
export async function findItemsServedOn(
  db: Db,
  restaurantId: string,
  weekday: number,
): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurantId),
        eq(menuItems.active, true),
        sql`(cardinality(${menuItems.availableDays}) = 0 OR ${weekday}::smallint = ANY(${menuItems.availableDays}))`,
      ),
    )
    .orderBy(asc(menuItems.position), asc(menuItems.createdAt));
}

export async function findMenuItem(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<MenuItemRow | undefined> {
  const [row] = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)));
  return row;
}

/** The next free position at the end of a category. */
export const endOfCategory = (restaurantId: string, categoryId: string) =>
  sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM ${menuItems} WHERE restaurant_id = ${restaurantId} AND category_id = ${categoryId})`;

export async function insertMenuItem(
  db: Db,
  values: MenuItemValues & { restaurantId: string; categoryId: string; name: string; priceMinor: number },
): Promise<MenuItemRow> {
  const [row] = await db
    .insert(menuItems)
    .values({ ...values, position: endOfCategory(values.restaurantId, values.categoryId) })
    .returning();
  return row!;
}

export async function updateMenuItem(
  db: Db,
  restaurantId: string,
  id: string,
  values: PgUpdateSetSource<typeof menuItems>,
): Promise<MenuItemRow | undefined> {
  if (isEmptyChange(values)) return findMenuItem(db, restaurantId, id);
  const [row] = await db
    .update(menuItems)
    .set(values)
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)))
    .returning();
  return row;
}

export async function deleteMenuItem(db: Db, restaurantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)))
    .returning({ id: menuItems.id });
  return rows.length > 0;
}

/**
 * Every dish of the restaurant, locked for update in id order (the order every menu change and
 * order intake lock dishes in, decision 035): what a menu import reads and then writes.
 */
export async function lockMenuItems(db: Db, restaurantId: string): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(asc(menuItems.id))
    .for('update');
}

/** Adds dishes with the positions given (the caller holds the categories' locks). */
export async function insertMenuItems(
  db: Db,
  values: (MenuItemValues & {
    restaurantId: string;
    categoryId: string;
    name: string;
    priceMinor: number;
    position: number;
  })[],
): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await db.insert(menuItems).values(values).returning({ id: menuItems.id });
  return rows.length;
}
