import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, restaurants } from '../../db/schema';

export type DeviceRow = {
  id: string;
  restaurantId: string;
  restaurantName: string;
  name: string;
  lockMinutes: number;
  createdAt: Date;
};

const deviceColumns = {
  id: devices.id,
  restaurantId: devices.restaurantId,
  restaurantName: restaurants.name,
  name: devices.name,
  lockMinutes: devices.lockMinutes,
  createdAt: devices.createdAt,
};

/** The device whose cookie token has this hash (the token names one device of one restaurant). */
export async function findDeviceByTokenHash(db: Db, tokenHash: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(restaurants, eq(restaurants.id, devices.restaurantId))
    .where(eq(devices.tokenHash, tokenHash));
  return row;
}

export async function insertDevice(
  db: Db,
  values: { restaurantId: string; tokenHash: string; name: string; lockMinutes: number; createdBy: string },
): Promise<string> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  return row!.id;
}

/** Forgets one of the restaurant's devices; false when it has none with this id. */
export async function deleteDevice(db: Db, restaurantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.restaurantId, restaurantId), eq(devices.id, id)))
    .returning({ id: devices.id });
  return rows.length > 0;
}
