import type { TTaxRate } from '@tavolo/contract/taxes';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, menuItems, taxRates } from '../../db/schema';

export type TaxRateRow = typeof taxRates.$inferSelect;

export function toTaxRate(row: TaxRateRow): TTaxRate {
  return { id: row.id, name: row.name, rateBasisPoints: row.rateBasisPoints, isDefault: row.isDefault };
}

/** The restaurant's rates, the default first, then by rate. */
export function findTaxRates(db: Db, restaurantId: string): Promise<TaxRateRow[]> {
  return db
    .select()
    .from(taxRates)
    .where(eq(taxRates.restaurantId, restaurantId))
    .orderBy(desc(taxRates.isDefault), asc(taxRates.rateBasisPoints), asc(taxRates.name));
}

export async function findTaxRate(db: Db, restaurantId: string, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.restaurantId, restaurantId), eq(taxRates.id, id)));
  return row;
}

export async function countTaxRates(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(taxRates).where(eq(taxRates.restaurantId, restaurantId));
  return row?.n ?? 0;
}

/** The restaurant's default rate stops being it (before another becomes it: one default at a time). */
export async function clearDefaultTaxRate(db: Db, restaurantId: string): Promise<void> {
  await db
    .update(taxRates)
    .set({ isDefault: false })
    .where(and(eq(taxRates.restaurantId, restaurantId), eq(taxRates.isDefault, true)));
}

type TaxRateValues = { name: string; rateBasisPoints: number; isDefault: boolean };

export async function insertTaxRate(
  db: Db,
  restaurantId: string,
  values: TaxRateValues,
): Promise<TaxRateRow> {
  const [row] = await db
    .insert(taxRates)
    .values({ restaurantId, ...values })
    .returning();
  return row!;
}

export async function updateTaxRate(
  db: Db,
  restaurantId: string,
  id: string,
  values: TaxRateValues,
): Promise<TaxRateRow | undefined> {
  const [row] = await db
    .update(taxRates)
    .set(values)
    .where(and(eq(taxRates.restaurantId, restaurantId), eq(taxRates.id, id)))
    .returning();
  return row;
}

/** How many categories and dishes name the rate. */
export async function countTaxRateUses(db: Db, restaurantId: string, id: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(SELECT count(*)::int FROM ${categories} WHERE ${categories.restaurantId} = ${restaurantId} AND ${categories.taxRateId} = ${id})
        + (SELECT count(*)::int FROM ${menuItems} WHERE ${menuItems.restaurantId} = ${restaurantId} AND ${menuItems.taxRateId} = ${id})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row?.n ?? 0;
}

export async function deleteTaxRate(db: Db, restaurantId: string, id: string): Promise<void> {
  await db.delete(taxRates).where(and(eq(taxRates.restaurantId, restaurantId), eq(taxRates.id, id)));
}

/** Whether each id names one of the restaurant's rates. */
export async function allTaxRatesOf(db: Db, restaurantId: string, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const [row] = await db
    .select({ n: count() })
    .from(taxRates)
    .where(and(eq(taxRates.restaurantId, restaurantId), or(...ids.map((id) => eq(taxRates.id, id)))));
  return (row?.n ?? 0) === new Set(ids).size;
}
