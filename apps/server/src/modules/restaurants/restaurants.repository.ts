import type { Language } from '@tavolo/contract/languages';
import { DEFAULT_ROLES } from '@tavolo/contract/permissions';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, isEmptyChange, queryRows } from '../../db/client';
import type { RestaurantRow } from '../../db/rows';
import { diningTables, idempotencyKeys, rateLimits, restaurants, roles, staff } from '../../db/schema';
import { minutesToClock } from '../../lib/zoned-time';
import { hashToken } from '../../security/tokens';

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
    languages: row.languages,
    legalName: row.legalName,
    taxId: row.taxId,
    pricesIncludeTax: row.pricesIncludeTax,
    businessDayStartsAt: minutesToClock(row.businessDayStartMinutes),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates a restaurant with the default roles every new restaurant starts with. */
export async function insertRestaurant(
  db: Db,
  values: { ownerId: string; name: string; currency: string; timezone: string; languages?: Language[] },
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

export type RestaurantChanges = Partial<
  Omit<RestaurantRow, 'id' | 'ownerId' | 'createdAt' | 'menuVersion' | 'eventSeq' | 'orderSeq'>
>;

export async function updateRestaurant(
  db: Db,
  id: string,
  values: RestaurantChanges,
): Promise<RestaurantRow | undefined> {
  if (isEmptyChange(values)) return findRestaurantById(db, id);
  const [row] = await db.update(restaurants).set(values).where(eq(restaurants.id, id)).returning();
  return row;
}

/**
 * Takes the restaurant's strongest row lock. A time-zone change does it first: the dashboard's
 * rollup triggers read the zone under FOR NO KEY UPDATE, so changes in flight finish before the
 * rebuild reads them, and later ones wait and date their rows in the new zone (decision 018).
 */
export async function lockRestaurantForUpdate(db: Db, id: string): Promise<void> {
  await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id)).for('update');
}

/** A restaurant an owner owns; nothing for anyone else's. */
export async function findRestaurantOfOwner(
  db: Db,
  ownerId: string,
  id: string,
): Promise<RestaurantRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId)));
  return row;
}

/** Guest menus are cached by this version: anything they show bumps it. */
export async function bumpMenuVersion(db: Db, restaurantId: string): Promise<void> {
  await db
    .update(restaurants)
    .set({ menuVersion: sql`${restaurants.menuVersion} + 1` })
    .where(eq(restaurants.id, restaurantId));
}

/**
 * Deletes an owner's restaurant and every row of it: the foreign keys cascade from `restaurants`
 * (roles, staff and their sessions, menu, tables, orders, payments, events, uploads, the sessions
 * working in it). Idempotency keys and rate-limit counters name its tables, orders and staff in a
 * text key, without a foreign key: they go here. Answers whether there was such a restaurant.
 */
export async function deleteRestaurantOfOwner(db: Db, ownerId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId)))
    .for('update');
  if (!row) return false;
  const tables = await db
    .select({ id: diningTables.id, qrToken: diningTables.qrToken })
    .from(diningTables)
    .where(eq(diningTables.restaurantId, id));
  const members = await db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(eq(staff.restaurantId, id));
  // An idempotency key's scope starts with its caller (http/route.ts): a member, or a guest's table
  // code or order token, hashed. Keys live a day, so only the last day's order tokens can have any.
  const recentGuestTokens = await queryRows<{ hash: string }>(
    db,
    sql`SELECT guest_token_hash AS hash FROM orders
        WHERE restaurant_id = ${id} AND guest_token_hash IS NOT NULL
          AND created_at > now() - interval '25 hours'`,
  );
  const callers = [
    ...members.map((m) => `user:${m.id}`),
    ...tables.map((t) => `guest:${hashToken(t.qrToken)}`),
    ...recentGuestTokens.map((t) => `guest:${t.hash}`),
  ];
  const limits = [
    ...tables.map((t) => `orders:table:${t.id}`),
    // Wrong approval PINs, counted per restaurant (staff/approval-pins.ts).
    `approval-pin:restaurant:${id}`,
    ...members.flatMap((m) => [
      `login:account:staff:${m.email}`,
      `reset:account:staff:${m.email}`,
      `change-password:account:staff:${m.id}`,
    ]),
  ];
  if (callers.length > 0) {
    await db
      .delete(idempotencyKeys)
      .where(inArray(sql`split_part(${idempotencyKeys.scope}, ' ', 1)`, callers));
  }
  if (limits.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, limits));
  await db.delete(restaurants).where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId)));
  return true;
}
