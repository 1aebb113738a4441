import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { restaurantEvents, restaurants } from '../db/schema';

export const EVENTS_CHANNEL = 'tavolo_events';

export type DomainEvent = {
  type: 'menu.updated' | 'order.created' | 'order.updated';
  restaurantId: string;
  /** Set for order events: a guest's stream follows only their order. */
  orderId?: string;
  data: Record<string, unknown>;
};

/**
 * Records a change for the live layer inside the change's own transaction, so an event exists
 * exactly when its change committed. The number comes from the restaurant's row under lock: events
 * of one restaurant are numbered in commit order. NOTIFY is delivered at commit, to every instance.
 */
export type EventPublisher = { publish: (db: Db, event: DomainEvent) => Promise<void> };

export const eventLogPublisher: EventPublisher = {
  async publish(db, event) {
    const [row] = await db
      .update(restaurants)
      .set({ eventSeq: sql`${restaurants.eventSeq} + 1` })
      .where(eq(restaurants.id, event.restaurantId))
      .returning({ seq: restaurants.eventSeq });
    const seq = row!.seq;
    await db.insert(restaurantEvents).values({
      restaurantId: event.restaurantId,
      seq,
      type: event.type,
      orderId: event.orderId ?? null,
      data: event.data,
    });
    await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${`${event.restaurantId}:${seq}`})`);
  },
};
