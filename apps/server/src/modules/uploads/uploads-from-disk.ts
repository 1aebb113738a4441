import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findUploadsWithoutData, setUploadData } from './uploads.repository';

/** Where images were kept before they moved into the database (docs/decisions/011). */
export function legacyUploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Copies into the database the bytes of images that were written to this instance's disk before
 * images moved there, so existing menus keep their photos. Run at start, after the migrations; it
 * only looks at images without bytes, so it does nothing once they are all in. An image whose
 * file is on another machine stays missing until that machine's instance starts. Files are left
 * on disk: delete `uploads/` once the log says nothing is missing.
 */
export async function moveUploadsFromDisk(
  db: Db,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ moved: number; missing: number }> {
  const pending = await findUploadsWithoutData(db);
  if (pending.length === 0) return { moved: 0, missing: 0 };
  const directory = legacyUploadsDirectory(dataDir);
  let moved = 0;
  for (const upload of pending) {
    const file = path.resolve(directory, upload.storageKey);
    if (!file.startsWith(directory + path.sep)) continue;
    const data = await fs.readFile(file).catch(() => undefined);
    if (!data) continue;
    await setUploadData(db, upload.restaurantId, upload.id, data);
    moved += 1;
  }
  const missing = pending.length - moved;
  log.info({ moved, missing, directory }, `moved ${moved} image(s) from disk into the database`);
  if (missing > 0) {
    log.warn(
      { missing },
      `${missing} image(s) are not on this machine's disk; they answer 404 until the instance that holds them starts`,
    );
  }
  return { moved, missing };
}
