import { createNotifiedCache } from '../../core/notified-cache';
import type { ActiveTableLookup, findActiveTableWithRestaurant } from './tables.repository';

declare module '../../core/context' {
  interface AppServices {
    /** Active tables by code or id (guest menus, order intake, table streams). */
    activeTables: ActiveTableCache;
  }
}

export type ActiveTable = NonNullable<Awaited<ReturnType<typeof findActiveTableWithRestaurant>>>;

function keyOf(lookup: ActiveTableLookup): string {
  if ('qrToken' in lookup) return `qr:${lookup.qrToken}`;
  if ('tableId' in lookup) return `id:${lookup.restaurantId}:${lookup.tableId}`;
  return `no:${lookup.restaurantId}:${lookup.tableNumber}`;
}

/**
 * Active tables with their restaurant, as `findActiveTableWithRestaurant` found them, so a guest's
 * code resolves without a database round trip (decision 005). Correct only because every change
 * empties it: the database NOTIFYs `tavolo_menu` when a restaurant's menu version moves (every
 * change a guest's menu shows, tables and the profile included) and when a table changes or goes
 * (migration 0017), every instance listens, and this instance also empties it before answering its
 * own writes to the menu, categories, tables and restaurants. Unknown codes are never kept.
 */
export function createActiveTableCache(maxEntries = 10_000) {
  return createNotifiedCache<ActiveTable>({ maxEntries, restaurantOf: (found) => found.restaurant.id });
}

export type ActiveTableCache = ReturnType<typeof createActiveTableCache>;

/** The table a lookup names, from the cache when it holds it, else from the database (then kept). */
export async function resolveActiveTable(
  cache: ActiveTableCache,
  lookup: ActiveTableLookup,
  find: (lookup: ActiveTableLookup) => Promise<ActiveTable | undefined>,
): Promise<ActiveTable | undefined> {
  const key = keyOf(lookup);
  const cached = cache.get(key);
  if (cached) return cached;
  const readAt = cache.begin();
  const found = await find(lookup);
  if (found) cache.set(key, found, readAt);
  return found;
}
