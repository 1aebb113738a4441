import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

/** The bytes of one of the restaurant's images, or undefined. */
export async function findUploadData(
  db: Db,
  restaurantId: string,
  storageKey: string,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.restaurantId, restaurantId), eq(uploads.storageKey, storageKey)));
  return row?.data ?? undefined;
}

/**
 * Images whose bytes are still on some instance's disk (taken before 011), of every restaurant:
 * the start-up move is the one caller, and it works for the whole installation.
 */
export async function findUploadsWithoutData(
  db: Db,
): Promise<{ id: string; restaurantId: string; storageKey: string }[]> {
  return db
    .select({ id: uploads.id, restaurantId: uploads.restaurantId, storageKey: uploads.storageKey })
    .from(uploads)
    .where(isNull(uploads.data));
}

/** Fills in an image's bytes unless another instance did first. */
export async function setUploadData(db: Db, restaurantId: string, id: string, data: Buffer): Promise<void> {
  await db
    .update(uploads)
    .set({ data })
    .where(and(eq(uploads.restaurantId, restaurantId), eq(uploads.id, id), isNull(uploads.data)));
}
