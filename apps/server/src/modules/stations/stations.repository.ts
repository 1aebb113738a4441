import type { TStation } from '@tavolo/contract/kitchen';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stations } from '../../db/schema';

export type StationRow = typeof stations.$inferSelect;

export function toStation(row: StationRow): TStation {
  return {
    id: row.id,
    name: row.name,
    printer: row.printerHost === null ? null : { host: row.printerHost, port: row.printerPort ?? 9100 },
    isDefault: row.isDefault,
  };
}

/** The restaurant's stations, the default one first, then as they were added. */
export async function findStations(db: Db, restaurantId: string): Promise<StationRow[]> {
  return db
    .select()
    .from(stations)
    .where(eq(stations.restaurantId, restaurantId))
    .orderBy(desc(stations.isDefault), asc(stations.createdAt), asc(stations.name));
}

export async function findStation(db: Db, restaurantId: string, id: string): Promise<StationRow | undefined> {
  const [row] = await db
    .select()
    .from(stations)
    .where(and(eq(stations.restaurantId, restaurantId), eq(stations.id, id)));
  return row;
}

export async function countStations(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stations).where(eq(stations.restaurantId, restaurantId));
  return row?.n ?? 0;
}

type StationValues = { name: string; printerHost: string | null; printerPort: number | null };

export async function insertStation(
  db: Db,
  restaurantId: string,
  values: StationValues,
): Promise<StationRow> {
  const [row] = await db
    .insert(stations)
    .values({ restaurantId, ...values })
    .returning();
  return row!;
}

export async function updateStation(
  db: Db,
  restaurantId: string,
  id: string,
  values: Partial<StationValues>,
): Promise<StationRow | undefined> {
  const [row] = await db
    .update(stations)
    .set(values)
    .where(and(eq(stations.restaurantId, restaurantId), eq(stations.id, id)))
    .returning();
  return row;
}

/** Deletes a station that is not the default one; false when there is none such. */
export async function deleteStation(db: Db, restaurantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(stations)
    .where(and(eq(stations.restaurantId, restaurantId), eq(stations.id, id), eq(stations.isDefault, false)))
    .returning({ id: stations.id });
  return rows.length > 0;
}
