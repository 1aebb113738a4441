import { READY_EVENT, type TEventType } from '@tavolo/contract/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  currentEventSeq,
  type DeliveredEvent,
  type EventHub,
  type EventScope,
  findEventsAfter,
} from './event-hub';

/** How many missed events a reconnecting stream reads from the log at a time. */
const REPLAY_PAGE = 1000;

/** The id of the last event a reconnecting client saw: the browser's header, or ?lastEventId=. */
export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const raw =
    request.headers['last-event-id'] ?? (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Serves a server-sent-events stream of one restaurant's events (or one order's, or one table's):
 * replays what a reconnecting client missed after Last-Event-ID, then pushes live events, with a
 * heartbeat so proxies and the client can tell a quiet stream from a dead one.
 */
export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    db: Db;
    hub: EventHub;
    restaurantId: string;
    /** The events followed: the whole restaurant's, one order's or one table's. */
    scope: EventScope;
    /** The event types this stream carries (the contract's STREAM_EVENTS). */
    types: readonly TEventType[];
    heartbeatMs: number;
    /**
     * Asked again at every heartbeat: a stream outlives the request that opened it, so a logout, a
     * deactivation or a role change must end it too (within one heartbeat).
     */
    stillAllowed?: () => Promise<boolean>;
  },
): Promise<void> {
  const { db, hub, restaurantId, scope, types, heartbeatMs, stillAllowed } = options;
  const carried: ReadonlySet<string> = new Set(types);
  const lastEventId = lastEventIdOf(request);
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tells nginx-like proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });

  let lastSent = lastEventId ?? 0;
  let replaying = true;
  const held: DeliveredEvent[] = [];
  const send = (event: DeliveredEvent) => {
    if (event.seq === null) {
      // This instance's own, not in the log: no id, so the client's place in the log stays where it was.
      if (carried.has(event.type)) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      return;
    }
    if (event.seq <= lastSent) return;
    lastSent = event.seq;
    if (!carried.has(event.type)) return;
    raw.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };

  const take = (event: DeliveredEvent) => (replaying ? held.push(event) : send(event));
  const unsubscribe = hub.subscribe(restaurantId, scope, take, take);
  let heartbeat: NodeJS.Timeout | undefined;
  let untrack: () => void = () => {};
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    raw.end();
  };
  untrack = hub.trackStream(end);

  request.raw.on('close', end);

  try {
    raw.write('retry: 3000\n\n');
    const current = await currentEventSeq(db, restaurantId);
    // An id beyond the log (another restaurant's, after a switch; or made up) cannot be resumed
    // from, and noting it would leave the hub waiting for events that never come: start afresh.
    if (lastEventId === undefined || lastEventId > current) {
      // A fresh stream starts now; the id lets the browser resume from here if it drops.
      lastSent = current;
      raw.write(`id: ${lastSent}\nevent: ${READY_EVENT}\ndata: {}\n\n`);
    } else {
      // Everything missed, page by page: a client away for long may have missed thousands.
      let after = lastEventId;
      for (;;) {
        const page = await findEventsAfter(db, restaurantId, after, scope, REPLAY_PAGE, types);
        for (const event of page) send(event);
        if (page.length < REPLAY_PAGE) break;
        after = page.at(-1)!.seq;
      }
      raw.write(`event: ${READY_EVENT}\ndata: {}\n\n`);
    }
    hub.noteCursor(restaurantId, Math.max(lastSent, current));
    replaying = false;
    for (const event of held.splice(0)) send(event);
    let checking = false;
    heartbeat = setInterval(async () => {
      if (checking) return;
      checking = true;
      try {
        // Unsure (the database is away) counts as no: the client reconnects and is asked anew.
        const allowed = stillAllowed ? await stillAllowed().catch(() => false) : true;
        if (allowed) raw.write(': ping\n\n');
        else end();
      } finally {
        checking = false;
      }
    }, heartbeatMs);
  } catch (error) {
    request.log.error({ err: error }, 'event stream failed');
    end();
  }
}
