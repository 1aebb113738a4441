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
 * `publishAll` records several events in the same single statement; events of several restaurants
 * only from a caller that holds those restaurants' rows already (as a batch of orders does), since
 * the statement takes them in no fixed order.
 */
export type EventPublisher = {
  publish: (db: Db, event: DomainEvent) => Promise<void>;
  publishAll: (db: Db, events: DomainEvent[]) => Promise<void>;
};

async function publishAll(db: Db, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  // What goes out is exactly what the contract says the web reads; a mismatch fails the change.
  const countByRestaurant = new Map<string, number>();
  const rows = events.map((event) => {
    const i = (countByRestaurant.get(event.restaurantId) ?? 0) + 1;
    countByRestaurant.set(event.restaurantId, i);
    return {
      restaurant_id: event.restaurantId,
      i,
      type: event.type,
      order_id: event.orderId ?? null,
      table_id: event.tableId ?? null,
      data: EVENT_SCHEMAS[event.type].parse(event.data),
    };
  });
  const counts = [...countByRestaurant].map(([id, n]) => ({ id, n }));
  // One round trip: take each restaurant's numbers, write the events, announce each restaurant's
  // first (a listener reads every event after the last one it saw, so one notice covers the batch).
  await db.execute(sql`
    WITH numbered AS (
      UPDATE restaurants r SET event_seq = r.event_seq + c.n
      FROM jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) AS c(id uuid, n int)
      WHERE r.id = c.id RETURNING r.id, r.event_seq - c.n AS seq_before
    ), written AS (
      INSERT INTO restaurant_events (restaurant_id, seq, type, order_id, table_id, data)
      SELECT e.restaurant_id, numbered.seq_before + e.i, e.type, e.order_id, e.table_id, e.data
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS e(restaurant_id uuid, i int, type text, order_id uuid, table_id uuid, data jsonb)
      JOIN numbered ON numbered.id = e.restaurant_id
      RETURNING restaurant_id, seq
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, restaurant_id || ':' || min(seq)) FROM written
    GROUP BY restaurant_id`);
}

export const eventLogPublisher: EventPublisher = {
  publish: (db, event) => publishAll(db, [event]),
  publishAll,
};
