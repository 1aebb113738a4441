import type { TMenuUpdatedData } from '@tavolo/contract/events';
import type { Db } from '../../db/client';
import type { EventPublisher } from '../../events/event-publisher';
import { bumpMenuVersion } from './restaurants.repository';

/**
 * Every change to what a guest's menu shows — dishes, categories, tables, the restaurant's profile —
 * calls this inside its transaction: it bumps the restaurant's menu version (which guest-menu caches
 * on every instance key on) and emits `menu.updated` for the live layer.
 */
export async function recordGuestMenuChange(
  db: Db,
  events: EventPublisher,
  restaurantId: string,
  change: TMenuUpdatedData,
): Promise<void> {
  await bumpMenuVersion(db, restaurantId);
  await events.publish(db, { type: 'menu.updated', restaurantId, data: change });
}
