import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menuImportPreviews } from '../../db/schema';

export type MenuImportPreviewRow = typeof menuImportPreviews.$inferSelect;

export async function insertMenuImportPreview(
  db: Db,
  values: typeof menuImportPreviews.$inferInsert,
): Promise<MenuImportPreviewRow> {
  const [row] = await db.insert(menuImportPreviews).values(values).returning();
  return row!;
}

/** A preview of the restaurant's, locked until its transaction ends (two applies take turns). */
export async function lockMenuImportPreview(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<MenuImportPreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(menuImportPreviews)
    .where(and(eq(menuImportPreviews.restaurantId, restaurantId), eq(menuImportPreviews.id, id)))
    .for('update');
  return row;
}

export async function markMenuImportApplied(db: Db, restaurantId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(menuImportPreviews)
    .set({ appliedAt: new Date() })
    .where(and(eq(menuImportPreviews.restaurantId, restaurantId), eq(menuImportPreviews.id, id)))
    .returning({ id: menuImportPreviews.id });
  return rows.length > 0;
}

/** Forgets the restaurant's previews that expired before `now`. */
export async function deleteExpiredMenuImports(db: Db, restaurantId: string, now: Date): Promise<number> {
  const rows = await db
    .delete(menuImportPreviews)
    .where(and(eq(menuImportPreviews.restaurantId, restaurantId), lte(menuImportPreviews.expiresAt, now)))
    .returning({ id: menuImportPreviews.id });
  return rows.length;
}
