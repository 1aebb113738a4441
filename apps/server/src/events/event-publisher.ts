import { EVENT_SCHEMAS, type TLiveEvent } from '@tavolo/contract/events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

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
 * `publishAll` records several events of one restaurant in the same single statement. Order intake
 * writes its events inside its own statement (`place_orders`, migration 0019), numbered the same way.
 */
export type EventPublisher = {
  publish: (db: Db, event: DomainEvent) => Promise<void>;
  publishAll: (db: Db, events: DomainEvent[]) => Promise<void>;
};

async function publishAll(db: Db, events: DomainEvent[]): Promise<void> {
  const restaurantId = events[0]?.restaurantId;
  if (!restaurantId) return;
  if (events.some((event) => event.restaurantId !== restaurantId)) {
    throw new Error('events published together must belong to one restaurant');
  }
  // What goes out is exactly what the contract says the web reads; a mismatch fails the change.
  const rows = events.map((event, index) => ({
    i: index + 1,
    type: event.type,
    order_id: event.orderId ?? null,
    table_id: event.tableId ?? null,
    data: EVENT_SCHEMAS[event.type].parse(event.data),
  }));
  // One round trip: take the numbers, write the events, announce the first of them (a listener
  // reads every event after the last one it saw, so one notice covers the batch).
  await db.execute(sql`
    WITH numbered AS (
      UPDATE restaurants SET event_seq = event_seq + ${rows.length}
      WHERE id = ${restaurantId} RETURNING event_seq
    ), written AS (
      INSERT INTO restaurant_events (restaurant_id, seq, type, order_id, table_id, data)
      SELECT ${restaurantId}, numbered.event_seq - ${rows.length} + e.i, e.type, e.order_id, e.table_id, e.data
      FROM numbered,
        jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(i int, type text, order_id uuid, table_id uuid, data jsonb)
      RETURNING seq
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, ${restaurantId} || ':' || min(seq)) FROM written
    HAVING count(*) > 0`);
}

export const eventLogPublisher: EventPublisher = {
  publish: (db, event) => publishAll(db, [event]),
  publishAll,
};
