import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants } from '../../db/schema';
import type { EventPublisher } from '../../events/event-publisher';

export type MenuChange = { reason: string; menuItemId?: string; categoryId?: string };

/**
 * Every menu change calls this inside its transaction: it bumps the restaurant's menu version
 * (which guest-menu caches on every instance key on) and emits `menu.updated` for the live layer.
 */
export async function recordMenuChange(
  db: Db,
  events: EventPublisher,
  restaurantId: string,
  change: MenuChange,
): Promise<void> {
  await db
    .update(restaurants)
    .set({ menuVersion: sql`${restaurants.menuVersion} + 1` })
    .where(eq(restaurants.id, restaurantId));
  await events.publish(db, { type: 'menu.updated', restaurantId, data: change });
}
