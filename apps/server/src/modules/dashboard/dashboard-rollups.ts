import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Recomputes a restaurant's daily rollups (dashboard_daily, dashboard_daily_status,
 * dashboard_daily_dishes) from its orders, payments and refunds, in its current time zone, and its
 * rating sums (dashboard_ratings) from its reviews. Run it
 * inside the transaction that needs it: a time-zone change does it by trigger; a bulk load that
 * switched the triggers off (`SET LOCAL tavolo.dashboard_rollups = 'off'`) calls it once after its
 * inserts (decision 018).
 */
export async function rebuildDashboardRollups(db: Db, restaurantId: string): Promise<void> {
  await db.execute(sql`SELECT dashboard_rebuild(${restaurantId}::uuid)`);
  await db.execute(sql`SELECT dashboard_rebuild_ratings(${restaurantId}::uuid)`);
}

/**
 * Switches the rollup triggers off for the rest of the current transaction, for a bulk load that
 * rebuilds afterwards. Outside a transaction it does nothing lasting.
 */
export async function pauseDashboardRollups(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT set_config('tavolo.dashboard_rollups', 'off', true)`);
}
