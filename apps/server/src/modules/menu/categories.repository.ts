import type { TCategory, TCategoryTranslations } from '@tavolo/contract/menu';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Db, isEmptyChange } from '../../db/client';
import { categories, menuItems } from '../../db/schema';

type CategoryRow = typeof categories.$inferSelect;

export function toCategory(row: CategoryRow, itemCount: number): TCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    itemCount,
    translations: row.translations,
    stationId: row.stationId,
    course: row.course,
    taxRateId: row.taxRateId,
  };
}

// Spelled out in SQL: drizzle leaves columns unqualified inside a select, which would bind them to menu_items.
const itemCount = sql<number>`(SELECT count(*)::int FROM menu_items mi WHERE mi.category_id = "categories"."id")`;

export async function findCategories(db: Db, restaurantId: string): Promise<TCategory[]> {
  const rows = await db
    .select({ category: categories, itemCount })
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId))
    .orderBy(asc(categories.position), asc(categories.createdAt));
  return rows.map((r) => toCategory(r.category, r.itemCount));
}

export async function findCategory(db: Db, restaurantId: string, id: string): Promise<TCategory | undefined> {
  const [row] = await db
    .select({ category: categories, itemCount })
    .from(categories)
    .where(and(eq(categories.restaurantId, restaurantId), eq(categories.id, id)));
  return row && toCategory(row.category, row.itemCount);
}

export async function insertCategory(
  db: Db,
  values: {
    restaurantId: string;
    name: string;
    description?: string | undefined;
    translations?: TCategoryTranslations | undefined;
    stationId?: string | null | undefined;
    course?: number | undefined;
  },
): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({
      ...values,
      position: sql`(SELECT coalesce(max(position) + 1, 0) FROM ${categories} WHERE restaurant_id = ${values.restaurantId})`,
    })
    .returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  restaurantId: string,
  id: string,
  values: {
    name?: string;
    description?: string | null;
    translations?: TCategoryTranslations;
    stationId?: string | null;
    course?: number;
  },
): Promise<boolean> {
  if (isEmptyChange(values)) return Boolean(await findCategory(db, restaurantId, id));
  const rows = await db
    .update(categories)
    .set(values)
    .where(and(eq(categories.restaurantId, restaurantId), eq(categories.id, id)))
    .returning({ id: categories.id });
  return rows.length > 0;
}

export async function countItemsInCategory(
  db: Db,
  restaurantId: string,
  categoryId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.categoryId, categoryId)));
  return row?.n ?? 0;
}

export async function deleteCategory(db: Db, restaurantId: string, id: string): Promise<void> {
  await db.delete(categories).where(and(eq(categories.restaurantId, restaurantId), eq(categories.id, id)));
}

export async function findCategoryIds(db: Db, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId))
    .for('update');
  return rows.map((r) => r.id);
}

/** Sets each category's position to its index in `ids` in one statement. */
export async function updateCategoryPositions(db: Db, restaurantId: string, ids: string[]): Promise<void> {
  const cases = sql.join(
    ids.map((id, index) => sql`WHEN ${id}::uuid THEN ${index}::int`),
    sql` `,
  );
  await db
    .update(categories)
    .set({ position: sql`CASE ${categories.id} ${cases} END` })
    .where(and(eq(categories.restaurantId, restaurantId), inArray(categories.id, ids)));
}
