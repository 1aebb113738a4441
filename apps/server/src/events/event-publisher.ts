import { EVENT_SCHEMAS, type TLiveEvent } from '@tavolo/contract/events';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { restaurantEvents, restaurants } from '../db/schema';

export const EVENTS_CHANNEL = 'tavolo_events';

/** A live event of the contract, for one restaurant (and, for order events, one order). */
export type DomainEvent = TLiveEvent & {
  restaurantId: string;
  /** Set for order events: a guest's stream follows only their order. */
  orderId?: string;
  /** Set for a table's events (its bill, its requests): a table's stream follows only its own. */
  tableId?: string;
};

/**
 * Records a change for the live layer inside the change's own transaction, so an event exists
 * exactly when its change committed. The number comes from the restaurant's row under lock: events
 * of one restaurant are numbered in commit order. NOTIFY is delivered at commit, to every instance.
 */
export type EventPublisher = { publish: (db: Db, event: DomainEvent) => Promise<void> };

export const eventLogPublisher: EventPublisher = {
  async publish(db, event) {
    // What goes out is exactly what the contract says the web reads; a mismatch fails the change.
    const data = EVENT_SCHEMAS[event.type].parse(event.data);
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
      tableId: event.tableId ?? null,
      data,
    });
    await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${`${event.restaurantId}:${seq}`})`);
  },
};
