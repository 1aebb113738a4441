import { EVENT_SCHEMAS, type TEventType, type TLiveEvent } from '@tavolo/contract/events';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { listenToChannel } from '../db/notifications';
import { restaurantEvents, restaurants } from '../db/schema';
import { EVENTS_CHANNEL } from './event-publisher';

/**
 * An event of the log as streams carry it: one of the contract's events (its type tells its data)
 * with its number and what it is about (the order, the table) for the streams that follow only those.
 */
export type LiveEvent = TLiveEvent & {
  seq: number;
  orderId: string | null;
  tableId: string | null;
};

/**
 * An event this instance worked out itself and hands only to its own streams (`announce`): not in
 * the log, so it has no number, and a stream sends it without an id (a reconnecting client is not
 * replayed it: it reloads what it describes instead). The floor's table.updated, for one.
 */
export type LocalEvent = TLiveEvent & { seq: null; orderId: string | null; tableId: string | null };

/** What a stream is handed: an event of the log, or one of this instance's own. */
export type DeliveredEvent = LiveEvent | LocalEvent;

/** Every event type the contract declares: the log is read for these only. */
const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as TEventType[];

/** How many events the hub reads from the log at a time. */
const HUB_READ_PAGE = 1000;

/** Events about the whole restaurant that every table's stream carries too (the menu). */
export const RESTAURANT_WIDE_EVENTS: readonly TEventType[] = ['menu.updated'];

/**
 * Which of a restaurant's events a stream follows: all of them (staff), one order's (the guest who
 * placed it), or one table's (every phone at it: its own events and the restaurant-wide ones).
 */
export type EventScope =
  | { kind: 'restaurant' }
  | { kind: 'order'; orderId: string }
  | { kind: 'table'; tableId: string };

/** Every event of the restaurant (the staff's stream, and the hub's own reads). */
export const WHOLE_RESTAURANT: EventScope = { kind: 'restaurant' };

/** Whether a stream of `scope` follows `event` (the SQL twin is `scopeCondition`, for replays). */
export function isInScope(
  scope: EventScope,
  event: Pick<LiveEvent, 'type' | 'orderId' | 'tableId'>,
): boolean {
  switch (scope.kind) {
    case 'restaurant':
      return true;
    case 'order':
      return event.orderId === scope.orderId;
    case 'table':
      return event.tableId === scope.tableId || RESTAURANT_WIDE_EVENTS.includes(event.type);
  }
}

function scopeCondition(scope: EventScope): SQL | undefined {
  switch (scope.kind) {
    case 'restaurant':
      return undefined;
    case 'order':
      return eq(restaurantEvents.orderId, scope.orderId);
    case 'table':
      return or(
        eq(restaurantEvents.tableId, scope.tableId),
        inArray(restaurantEvents.type, [...RESTAURANT_WIDE_EVENTS]),
      );
  }
}

/**
 * A stream, or a follower inside the instance (`follow`). Only streams take this instance's own
 * events (`announce`), and only those that said how.
 */
type Subscriber = {
  scope: EventScope;
  deliver: (event: LiveEvent) => void;
  deliverOwn?: (event: LocalEvent) => void;
  follower: boolean;
};

/**
 * Events of a restaurant after `afterSeq` that a stream of `scope` follows (optionally only of
 * `types`), oldest first.
 *
 * Read as the contract types them without parsing them again: every writer checked the data
 * against the contract's schemas (the publisher parses what it writes; the events `place_orders`
 * writes in SQL are checked by modules/orders/place-orders-events.test.ts). A type the contract does
 * not declare (an older release's, within the week the log keeps) is not read at all.
 */
export async function findEventsAfter(
  db: Db,
  restaurantId: string,
  afterSeq: number,
  scope: EventScope = WHOLE_RESTAURANT,
  limit = 1000,
  types: readonly TEventType[] = EVENT_TYPES,
): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(restaurantEvents)
    .where(
      and(
        eq(restaurantEvents.restaurantId, restaurantId),
        gt(restaurantEvents.seq, afterSeq),
        scopeCondition(scope),
        inArray(restaurantEvents.type, [...types]),
      ),
    )
    .orderBy(asc(restaurantEvents.seq))
    .limit(limit);
  return rows.map(
    (r) =>
      ({
        seq: r.seq,
        type: r.type,
        orderId: r.orderId,
        tableId: r.tableId,
        data: r.data,
      }) as LiveEvent,
  );
}

export async function currentEventSeq(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ seq: restaurants.eventSeq })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row?.seq ?? 0;
}

/**
 * One per server instance: LISTENs for committed events (from any instance, through PostgreSQL
 * NOTIFY — in-process with the embedded database), reads them from the log, and hands them to the
 * open streams of their restaurant.
 */
export function createEventHub(database: Database, log: FastifyBaseLogger) {
  const { db } = database;
  const subscribers = new Map<string, Set<Subscriber>>();
  /** The last event read from the log per restaurant with open streams. */
  const cursors = new Map<string, number>();
  /** Reads of one restaurant run one after another, so events go out in order. */
  const reads = new Map<string, Promise<void>>();
  const streamEnders = new Set<() => void>();
  const staffStreamWatchers = new Set<(restaurantId: string) => void>();
  const listeningWatchers = new Set<(listening: boolean) => void>();
  /** Restaurants with a read asked for that has not begun: asking again adds nothing. */
  const readsWaiting = new Set<string>();
  let listening = false;
  let stopListening: (() => Promise<void>) | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;

  function readNew(restaurantId: string, hintSeq?: number) {
    const previous = reads.get(restaurantId) ?? Promise.resolve();
    const next = previous.then(async () => {
      readsWaiting.delete(restaurantId);
      const listeners = subscribers.get(restaurantId);
      if (!listeners?.size) return;
      let after = cursors.get(restaurantId) ?? (hintSeq === undefined ? 0 : hintSeq - 1);
      try {
        // Page after page until caught up: a burst of more than a page is not left for the next event.
        for (;;) {
          const events = await findEventsAfter(db, restaurantId, after, WHOLE_RESTAURANT, HUB_READ_PAGE);
          for (const event of events) {
            // The last stream left meanwhile: its cursor went with it and must stay gone.
            if (!listeners.size) return;
            cursors.set(restaurantId, event.seq);
            for (const subscriber of listeners) {
              if (isInScope(subscriber.scope, event)) subscriber.deliver(event);
            }
          }
          if (events.length < HUB_READ_PAGE) break;
          after = events.at(-1)!.seq;
        }
      } catch (error) {
        log.error({ err: error, restaurantId }, 'could not read live events');
      }
    });
    reads.set(restaurantId, next);
    void next.finally(() => {
      if (reads.get(restaurantId) === next) reads.delete(restaurantId);
    });
  }

  function onNotification(payload: string | undefined) {
    const [restaurantId, seq] = (payload ?? '').split(':');
    if (restaurantId && subscribers.has(restaurantId)) readNew(restaurantId, Number(seq));
  }

  /** After a lost connection: catch up on every restaurant that has open streams. */
  function catchUp() {
    for (const restaurantId of subscribers.keys()) readNew(restaurantId);
  }

  function add(restaurantId: string, subscriber: Subscriber): () => void {
    let listeners = subscribers.get(restaurantId);
    if (!listeners) {
      listeners = new Set();
      subscribers.set(restaurantId, listeners);
    }
    listeners.add(subscriber);
    return () => {
      listeners.delete(subscriber);
      if (listeners.size === 0) {
        subscribers.delete(restaurantId);
        cursors.delete(restaurantId);
      }
    };
  }

  return {
    async start() {
      // Every (re)connection catches up: notifications may have been missed while it was down.
      stopListening = await listenToChannel(database, log, EVENTS_CHANNEL, {
        name: 'live events',
        onNotification,
        onListening: (now) => {
          listening = now;
          if (now) catchUp();
          for (const watcher of listeningWatchers) watcher(now);
        },
      });
      const prune = () =>
        pruneOldEvents(db).catch((error) => log.warn({ err: error }, 'could not prune old live events'));
      void prune();
      pruneTimer = setInterval(prune, 6 * 3_600_000).unref();
    },
    async stop() {
      listening = false;
      clearInterval(pruneTimer);
      await stopListening?.();
      await Promise.allSettled(reads.values());
    },
    /** Where a stream that just caught up stands, so the hub starts reading after it. */
    noteCursor(restaurantId: string, seq: number) {
      if (!cursors.has(restaurantId)) cursors.set(restaurantId, seq);
    },
    /** Ends every open stream (before the server closes, or it would wait for them forever). */
    closeStreams() {
      for (const end of streamEnders) end();
    },
    /** Streams register how to end themselves on shutdown. */
    trackStream(end: () => void): () => void {
      streamEnders.add(end);
      return () => {
        streamEnders.delete(end);
      };
    },
    /**
     * Registers a stream before it replays history, so nothing falls between the two; `deliverOwn`
     * takes this instance's own events (see `announce`), which are not in the log.
     */
    subscribe(
      restaurantId: string,
      scope: EventScope,
      deliver: (event: LiveEvent) => void,
      deliverOwn?: (event: LocalEvent) => void,
    ): () => void {
      const leave = add(restaurantId, { scope, deliver, deliverOwn, follower: false });
      if (scope.kind === 'restaurant') for (const watcher of staffStreamWatchers) watcher(restaurantId);
      return leave;
    },
    /**
     * Follows a restaurant's events from inside the instance (the floor keeps its tables by them):
     * handed every event of the log, as a stream of the whole restaurant is, but none of `announce`'s.
     */
    follow(restaurantId: string, deliver: (event: LiveEvent) => void): () => void {
      return add(restaurantId, { scope: WHOLE_RESTAURANT, deliver, follower: true });
    },
    /** Hands an event of this instance's own (not in the log) to its open streams of the restaurant. */
    announce(restaurantId: string, event: LocalEvent): void {
      for (const subscriber of subscribers.get(restaurantId) ?? []) {
        if (subscriber.deliverOwn && isInScope(subscriber.scope, event)) subscriber.deliverOwn(event);
      }
    },
    /** Whether a stream of the whole restaurant (a member's) is open on this instance. */
    hasStaffStreams(restaurantId: string): boolean {
      for (const subscriber of subscribers.get(restaurantId) ?? []) {
        if (!subscriber.follower && subscriber.scope.kind === 'restaurant') return true;
      }
      return false;
    },
    /** Calls `watcher` with the restaurant each time a stream of the whole restaurant opens. */
    watchStaffStreams(watcher: (restaurantId: string) => void): () => void {
      staffStreamWatchers.add(watcher);
      return () => void staffStreamWatchers.delete(watcher);
    },
    /** Calls `watcher` each time hearing the log's announcements stops or starts again. */
    watchListening(watcher: (listening: boolean) => void): () => void {
      listeningWatchers.add(watcher);
      return () => void listeningWatchers.delete(watcher);
    },
    /** Whether the log's announcements are being heard (otherwise events wait until they are again). */
    isListening(): boolean {
      return listening;
    },
    /**
     * Reads the restaurant's log now, as a notice would have it (for a change this instance just
     * committed, whose notice reaches PostgreSQL listeners only a moment later). Asking while a read
     * waits to begin adds nothing: that read will see the change.
     */
    readNow(restaurantId: string): void {
      if (!subscribers.has(restaurantId) || readsWaiting.has(restaurantId)) return;
      readsWaiting.add(restaurantId);
      readNew(restaurantId);
    },
    /** Settles once the reads of the restaurant's log asked for so far have handed out their events. */
    async caughtUp(restaurantId: string): Promise<void> {
      await reads.get(restaurantId);
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

/** Drops events older than a week; reconnects older than that reload instead of replaying. */
export async function pruneOldEvents(db: Db): Promise<void> {
  await db.delete(restaurantEvents).where(sql`${restaurantEvents.createdAt} < now() - interval '7 days'`);
}
