import { DEFAULT_ROLES } from '@tavolo/contract/permissions';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants, roles } from '../../db/schema';

type RestaurantRow = typeof restaurants.$inferSelect;

export function toRestaurant(row: RestaurantRow): TRestaurant {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    logoUrl: row.logoUrl,
    bannerUrl: row.bannerUrl,
    currency: row.currency,
    timezone: row.timezone,
    serviceChargePercent: row.serviceChargeBasisPoints / 100,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates a restaurant with the default roles every new restaurant starts with. */
export async function insertRestaurant(
  db: Db,
  values: { ownerId: string; name: string; currency: string; timezone: string },
): Promise<RestaurantRow> {
  const [row] = await db.insert(restaurants).values(values).returning();
  await db.insert(roles).values(
    DEFAULT_ROLES.map((role) => ({
      restaurantId: row!.id,
      name: role.name,
      permissions: [...role.permissions],
    })),
  );
  return row!;
}

export async function findRestaurantById(db: Db, id: string): Promise<RestaurantRow | undefined> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return row;
}

export async function findRestaurantsOfOwner(db: Db, ownerId: string): Promise<RestaurantRow[]> {
  return db
    .select()
    .from(restaurants)
    .where(eq(restaurants.ownerId, ownerId))
    .orderBy(asc(restaurants.createdAt));
}

export async function updateRestaurant(
  db: Db,
  id: string,
  values: Partial<Omit<RestaurantRow, 'id' | 'ownerId' | 'createdAt' | 'menuVersion'>>,
): Promise<RestaurantRow | undefined> {
  if (Object.keys(values).length === 0) return findRestaurantById(db, id);
  // The profile shows on the guest menu, whose caches key on menu_version.
  const [row] = await db
    .update(restaurants)
    .set({ ...values, menuVersion: sql`${restaurants.menuVersion} + 1` })
    .where(eq(restaurants.id, id))
    .returning();
  return row;
}

export async function isRestaurantOfOwner(db: Db, restaurantId: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, ownerId)));
  return Boolean(row);
}
