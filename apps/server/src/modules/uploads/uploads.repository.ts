import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}
