import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, uniqueEmail } from '../../test/helpers';
import { type Database, type Db, queryRows } from '../db/client';
import { owners, restaurantEvents, restaurants } from '../db/schema';
import {
  createEventHub,
  currentEventSeq,
  type EventHub,
  findEventsAfter,
  type LiveEvent,
  WHOLE_RESTAURANT,
} from './event-hub';
import { EVENTS_CHANNEL, eventLogPublisher } from './event-publisher';

// The hub on its own, on a real database (embedded, or PostgreSQL with TEST_DATABASE_URL): what
// it reads, when, and for whom. The streams over HTTP are in sse.test.ts.
//
// Nothing here is built in `beforeAll`: building and starting a hub runs the code Stryker mutates,
// and a failure in `beforeAll` is reported as a survived mutant (docs/testing.md).

let shared: Database | undefined;
async function database(): Promise<Database> {
  shared ??= await createTestDatabase();
  return shared;
}
afterAll(() => shared?.close());

type Logged = { level: string; obj: Record<string, unknown>; msg: string };

/** A logger that keeps what it is told (the hub's only way to say a read or a prune failed). */
function recordingLogger(logged: Logged[]): FastifyBaseLogger {
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => {
    logged.push({ level, obj, msg });
  };
  const logger = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  vi.useRealTimers();
});

async function startedHub(): Promise<{ hub: EventHub; db: Db; logged: Logged[] }> {
  const data = await database();
  const logged: Logged[] = [];
  const hub = createEventHub(data, recordingLogger(logged));
  await hub.start();
  stops.push(() => hub.stop());
  return { hub, db: data.db, logged };
}

async function newRestaurant(db: Db): Promise<string> {
  const [owner] = await db
    .insert(owners)
    .values({ name: 'Hub Owner', email: uniqueEmail('hub'), passwordHash: 'not a hash' })
    .returning({ id: owners.id });
  const [restaurant] = await db
    .insert(restaurants)
    .values({ ownerId: owner!.id, name: 'Hub Place', currency: 'EUR', timezone: 'Europe/Rome' })
    .returning({ id: restaurants.id });
  return restaurant!.id;
}

/** Publishes a menu event (on an order when given) as the app does: logged, numbered, notified. */
async function publish(db: Db, restaurantId: string, orderId?: string): Promise<number> {
  await eventLogPublisher.publish(db, {
    type: 'menu.updated',
    restaurantId,
    ...(orderId ? { orderId } : {}),
    data: { reason: 'item.updated' },
  });
  return currentEventSeq(db, restaurantId);
}

/**
 * An event committed whose notification has not arrived (NOTIFY is delivered at commit, but a
 * listener may get it late, or lose it with its connection): in the log, not announced.
 */
async function unannounced(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .update(restaurants)
    .set({ eventSeq: sql`${restaurants.eventSeq} + 1` })
    .where(eq(restaurants.id, restaurantId))
    .returning({ seq: restaurants.eventSeq });
  await db
    .insert(restaurantEvents)
    .values({ restaurantId, seq: row!.seq, type: 'menu.updated', data: { reason: 'item.updated' } });
  return row!.seq;
}

const announce = (db: Db, payload: string) =>
  db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`);

const menuEvent = (seq: number, orderId: string | null = null): LiveEvent => ({
  seq,
  type: 'menu.updated',
  orderId,
  tableId: null,
  data: { reason: 'item.updated' },
});

function collector() {
  const events: LiveEvent[] = [];
  return {
    events,
    deliver: (event: LiveEvent) => void events.push(event),
    seqs: () => events.map((e) => e.seq),
  };
}

describe('the event log', () => {
  it('numbers events per restaurant, stores their order and table, and reads them back in order', async () => {
    const { db } = await database();
    const restaurantId = await newRestaurant(db);
    const elsewhere = await newRestaurant(db);
    expect(await currentEventSeq(db, restaurantId)).toBe(0);
    const orderId = randomUUID();
    const tableId = randomUUID();
    await eventLogPublisher.publish(db, {
      type: 'menu.updated',
      restaurantId,
      orderId,
      tableId,
      data: { reason: 'table.changed' },
    });
    await eventLogPublisher.publish(db, {
      type: 'menu.updated',
      restaurantId,
      data: { reason: 'item.back' },
    });
    await eventLogPublisher.publish(db, {
      type: 'menu.updated',
      restaurantId: elsewhere,
      data: { reason: 'item.back' },
    });
    await eventLogPublisher.publish(db, {
      type: 'menu.updated',
      restaurantId,
      orderId,
      data: { reason: 'item.sold_out' },
    });

    expect(await currentEventSeq(db, restaurantId)).toBe(3);
    expect(await currentEventSeq(db, elsewhere)).toBe(1);
    const rows = await db
      .select({
        seq: restaurantEvents.seq,
        orderId: restaurantEvents.orderId,
        tableId: restaurantEvents.tableId,
      })
      .from(restaurantEvents)
      .where(eq(restaurantEvents.restaurantId, restaurantId))
      .orderBy(restaurantEvents.seq);
    expect(rows).toEqual([
      { seq: 1, orderId, tableId },
      { seq: 2, orderId: null, tableId: null },
      { seq: 3, orderId, tableId: null },
    ]);

    expect(await findEventsAfter(db, restaurantId, 0)).toEqual([
      { seq: 1, type: 'menu.updated', orderId, tableId, data: { reason: 'table.changed' } },
      { seq: 2, type: 'menu.updated', orderId: null, tableId: null, data: { reason: 'item.back' } },
      { seq: 3, type: 'menu.updated', orderId, tableId: null, data: { reason: 'item.sold_out' } },
    ]);
    expect((await findEventsAfter(db, restaurantId, 1)).map((e) => e.seq)).toEqual([2, 3]);
    expect(
      (await findEventsAfter(db, restaurantId, 0, { kind: 'order', orderId })).map((e) => e.seq),
    ).toEqual([1, 3]);
    expect((await findEventsAfter(db, restaurantId, 0, WHOLE_RESTAURANT, 2)).map((e) => e.seq)).toEqual([
      1, 2,
    ]);
  });

  it('reads only the types the contract declares (what it reads is typed by them)', async () => {
    const { db } = await database();
    const restaurantId = await newRestaurant(db);
    await publish(db, restaurantId);
    const retired = await unannounced(db, restaurantId);
    await db
      .update(restaurantEvents)
      .set({ type: 'order.archived' })
      .where(and(eq(restaurantEvents.restaurantId, restaurantId), eq(restaurantEvents.seq, retired)));
    const last = await publish(db, restaurantId);
    expect((await findEventsAfter(db, restaurantId, 0)).map((e) => e.seq)).toEqual([1, last]);
  });

  it('has no number yet for a restaurant it does not know', async () => {
    const { db } = await database();
    expect(await currentEventSeq(db, randomUUID())).toBe(0);
  });

  it('refuses an event its contract schema does not accept, and logs nothing then', async () => {
    const { db } = await database();
    const restaurantId = await newRestaurant(db);
    await expect(
      eventLogPublisher.publish(db, {
        type: 'menu.updated',
        restaurantId,
        data: { reason: 'no such reason' } as never,
      }),
    ).rejects.toThrow();
    expect(await currentEventSeq(db, restaurantId)).toBe(0);
  });
});

describe('the hub', () => {
  it('hands each committed event to the open streams of its restaurant: all of it, or one order', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const elsewhere = await newRestaurant(db);
    const [orderA, orderB] = [randomUUID(), randomUUID()];
    const all = collector();
    const ofA = collector();
    const ofB = collector();
    const other = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, all.deliver);
    hub.subscribe(restaurantId, { kind: 'order', orderId: orderA }, ofA.deliver);
    hub.subscribe(restaurantId, { kind: 'order', orderId: orderB }, ofB.deliver);
    hub.subscribe(elsewhere, WHOLE_RESTAURANT, other.deliver);
    hub.noteCursor(restaurantId, 0);

    await publish(db, restaurantId);
    await publish(db, restaurantId, orderA);
    await publish(db, restaurantId, orderB);
    await publish(db, restaurantId, orderA);
    await vi.waitFor(() => expect(all.seqs()).toEqual([1, 2, 3, 4]));
    expect(all.events).toEqual([
      menuEvent(1),
      menuEvent(2, orderA),
      menuEvent(3, orderB),
      menuEvent(4, orderA),
    ]);
    expect(ofA.events).toEqual([menuEvent(2, orderA), menuEvent(4, orderA)]);
    expect(ofB.events).toEqual([menuEvent(3, orderB)]);

    // Events go out in order, so once this one arrived, no event of the first restaurant will.
    await publish(db, elsewhere);
    await vi.waitFor(() => expect(other.events).toEqual([menuEvent(1)]));
  });

  it('without a cursor, starts at the notified event, not at the beginning of the log', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    // History not announced: on PostgreSQL a notification of it could still be on its way.
    for (let i = 0; i < 3; i++) await unannounced(db, restaurantId);
    const stream = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stream.deliver);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([4]));
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([4, 5]));
  });

  it('reads from its cursor: a late notification skips nothing, and a repeated one repeats nothing', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    await publish(db, restaurantId);
    const stream = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stream.deliver);
    hub.noteCursor(restaurantId, 1);

    const second = await unannounced(db, restaurantId);
    const third = await unannounced(db, restaurantId);
    await announce(db, `${restaurantId}:${third}`);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([second, third]));

    await announce(db, `${restaurantId}:${third}`);
    await announce(db, `${restaurantId}:${second}`);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([2, 3, 4]));
  });

  it('keeps the cursor it has when another stream notes where it caught up', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const first = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, first.deliver);
    hub.noteCursor(restaurantId, 0);
    const missed = await unannounced(db, restaurantId);
    // A second stream that replayed event 1 itself says so; the first stream has not seen it.
    const second = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, second.deliver);
    hub.noteCursor(restaurantId, missed);
    await announce(db, `${restaurantId}:${missed}`);
    await vi.waitFor(() => expect(first.seqs()).toEqual([1]));
    expect(second.seqs()).toEqual([1]);
  });

  it('keeps delivering to the streams left when one leaves, and to every stream of a restaurant', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const first = collector();
    const second = collector();
    const leaveFirst = hub.subscribe(restaurantId, WHOLE_RESTAURANT, first.deliver);
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, second.deliver);
    hub.noteCursor(restaurantId, 0);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(second.seqs()).toEqual([1]));
    expect(first.seqs()).toEqual([1]);

    leaveFirst();
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(second.seqs()).toEqual([1, 2]));
    expect(first.seqs()).toEqual([1]);
  });

  it('forgets a restaurant once its last stream left: a new one starts at the notified event', async () => {
    const { hub, db } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const first = collector();
    const leave = hub.subscribe(restaurantId, WHOLE_RESTAURANT, first.deliver);
    hub.noteCursor(restaurantId, 0);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(first.seqs()).toEqual([1]));
    leave();

    // Written while nobody followed the restaurant: a new stream replays that itself.
    await unannounced(db, restaurantId);
    const again = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, again.deliver);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(again.seqs()).toEqual([3]));
    expect(first.seqs()).toEqual([1]);
  });

  it('lets the last stream leave while its events are handed out: the reads queued behind stop there', async () => {
    const { hub, db, logged } = await startedHub();
    const restaurantId = await newRestaurant(db);
    // More events than one read takes (1000), committed at once and announced twice: two reads
    // queued one behind the other, and the second still has events to hand out.
    await db.execute(sql`UPDATE restaurants SET event_seq = 1001 WHERE id = ${restaurantId}`);
    await db.execute(
      sql`INSERT INTO restaurant_events (restaurant_id, seq, type, data)
          SELECT ${restaurantId}, g, 'menu.updated', '{"reason":"item.updated"}'::jsonb FROM generate_series(1, 1001) g`,
    );
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const seen: number[] = [];
      const leave = hub.subscribe(restaurantId, WHOLE_RESTAURANT, (event) => {
        seen.push(event.seq);
        leave();
      });
      hub.noteCursor(restaurantId, 0);
      await db.execute(
        sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${`${restaurantId}:1000`}), pg_notify(${EVENTS_CHANNEL}, ${`${restaurantId}:1001`})`,
      );
      await vi.waitFor(() => expect(seen).toEqual([1]));
      await hub.stop();
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
      expect(logged).toEqual([]);
      expect(seen).toEqual([1]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('logs a read that fails, and reads again at the next notification', async () => {
    const { hub, db, logged } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const stream = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stream.deliver);
    hub.noteCursor(restaurantId, 0);
    const seq = await unannounced(db, restaurantId);
    // The prune the hub starts (and does not wait for) may run into the renamed table too, on a
    // busy machine; it says so in its own words, so only the read's failures are counted here.
    const readFailures = () => logged.filter((entry) => entry.msg !== 'could not prune old live events');
    await db.execute(sql`ALTER TABLE restaurant_events RENAME TO restaurant_events_away`);
    try {
      await announce(db, `${restaurantId}:${seq}`);
      // A notification on a loaded machine (two test files at once) can take over a second.
      await vi.waitFor(() => expect(readFailures()).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await db.execute(sql`ALTER TABLE restaurant_events_away RENAME TO restaurant_events`);
    }
    expect(readFailures()[0]).toMatchObject({
      level: 'error',
      msg: 'could not read live events',
      obj: { restaurantId },
    });
    expect(readFailures()[0]!.obj.err).toBeInstanceOf(Error);
    expect(stream.events).toEqual([]);

    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([1, 2]), { timeout: 10_000 });
  });

  it('ignores notifications of restaurants nobody follows, and ones it cannot read', async () => {
    const { hub, db, logged } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const stream = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stream.deliver);
    hub.noteCursor(restaurantId, 0);
    await announce(db, '');
    await announce(db, `:1`);
    await announce(db, `${randomUUID()}:1`);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stream.seqs()).toEqual([1]));
    expect(logged).toEqual([]);
  });

  it('ends every tracked stream on closeStreams, but not one that stopped being tracked', async () => {
    const hub = createEventHub(await database(), recordingLogger([]));
    const ended: string[] = [];
    hub.trackStream(() => ended.push('a'));
    const untrack = hub.trackStream(() => ended.push('b'));
    hub.trackStream(() => ended.push('c'));
    untrack();
    hub.closeStreams();
    expect(ended).toEqual(['a', 'c']);
    // Never started: stopping it still settles.
    await hub.stop();
  });

  it('stops listening on stop(), after the reads under way', async () => {
    const { hub, db } = await startedHub();
    const watcher = await startedHub();
    const restaurantId = await newRestaurant(db);
    const stopped = collector();
    const running = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stopped.deliver);
    hub.noteCursor(restaurantId, 0);
    watcher.hub.subscribe(restaurantId, WHOLE_RESTAURANT, running.deliver);
    watcher.hub.noteCursor(restaurantId, 0);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(stopped.seqs()).toEqual([1]));
    await hub.stop();
    await publish(db, restaurantId);
    await publish(db, restaurantId);
    await vi.waitFor(() => expect(running.seqs()).toEqual([1, 2, 3]));
    expect(stopped.seqs()).toEqual([1]);
  });
});

describe('pruning the log', () => {
  async function ageOf(db: Db, restaurantId: string, seq: number, days: number) {
    await db
      .update(restaurantEvents)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(and(eq(restaurantEvents.restaurantId, restaurantId), eq(restaurantEvents.seq, seq)));
  }
  /** Polls on the real clock (setTimeout is not faked here) until the condition holds. */
  async function pollUntil(condition: () => Promise<boolean>, timeoutMs = 5000) {
    const deadline = performance.now() + timeoutMs;
    while (!(await condition())) {
      if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const seqsOf = async (db: Db, restaurantId: string) =>
    (await findEventsAfter(db, restaurantId, 0)).map((e) => e.seq);

  it('drops events older than a week when the hub starts, and again every six hours', async () => {
    const { db } = await database();
    const restaurantId = await newRestaurant(db);
    for (let i = 0; i < 3; i++) await publish(db, restaurantId);
    await ageOf(db, restaurantId, 1, 8);
    await ageOf(db, restaurantId, 2, 6);

    // Only the prune's interval is fake. (vi.waitFor would move a fake clock while it polls.)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { logged } = await startedHub();
    await pollUntil(async () => (await seqsOf(db, restaurantId)).length === 2);
    expect(await seqsOf(db, restaurantId)).toEqual([2, 3]);

    await ageOf(db, restaurantId, 2, 8);
    await vi.advanceTimersByTimeAsync(6 * 3_600_000 - 1);
    expect(await seqsOf(db, restaurantId)).toEqual([2, 3]);
    await vi.advanceTimersByTimeAsync(1);
    await pollUntil(async () => (await seqsOf(db, restaurantId)).length === 1);
    expect(await seqsOf(db, restaurantId)).toEqual([3]);
    expect(logged).toEqual([]);
  });

  it('logs a prune that fails, and the hub still starts', async () => {
    const { db } = await database();
    await db.execute(sql`ALTER TABLE restaurant_events RENAME TO restaurant_events_away`);
    let logged: Logged[];
    try {
      ({ logged } = await startedHub());
      await vi.waitFor(() => expect(logged).toHaveLength(1));
    } finally {
      await db.execute(sql`ALTER TABLE restaurant_events_away RENAME TO restaurant_events`);
    }
    expect(logged[0]).toMatchObject({ level: 'warn', msg: 'could not prune old live events' });
    expect(logged[0]!.obj.err).toBeInstanceOf(Error);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a lost listening connection', () => {
  /** Polls on the real clock (the test fakes setTimeout and Date) until the condition holds. */
  async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000) {
    const deadline = performance.now() + timeoutMs;
    while (!(await condition())) {
      if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
      await sleep(20);
    }
  }
  const cutListener = (db: Db) =>
    db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = ${`LISTEN ${EVENTS_CHANNEL}`}`,
    );
  /** New connections to the test's database fail while they are not allowed (said from another one). */
  async function allowConnections(db: Db, allow: boolean) {
    const [{ name }] = (await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`)) as [
      { name: string },
    ];
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${allow}`);
    } finally {
      await admin.end();
    }
  }

  it('is reopened after 250 ms, then twice as late after each failure, and the hub catches up', async () => {
    const { hub, db, logged } = await startedHub();
    const restaurantId = await newRestaurant(db);
    const stream = collector();
    hub.subscribe(restaurantId, WHOLE_RESTAURANT, stream.deliver);
    hub.noteCursor(restaurantId, 0);
    await publish(db, restaurantId);
    await until(() => stream.events.length === 1);
    // A stream still catching up has no cursor noted yet: the catch-up reads its log from the start.
    const catchingUp = await newRestaurant(db);
    const early = collector();
    hub.subscribe(catchingUp, WHOLE_RESTAURANT, early.deliver);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const losses = () => logged.filter((l) => l.msg === 'live events connection lost; reconnecting');
    try {
      await allowConnections(db, false);
      await cutListener(db);
      await until(() => losses().length === 1);
      expect(losses()[0]!).toMatchObject({ level: 'warn' });
      expect(losses()[0]!.obj.err).toBeInstanceOf(Error);
      // Committed while nobody listens: their notifications are lost.
      await publish(db, restaurantId);
      await publish(db, catchingUp);

      const delays: number[] = [];
      for (let attempt = 2; attempt <= 3; attempt++) {
        const before = Date.now();
        await vi.advanceTimersToNextTimerAsync();
        delays.push(Date.now() - before);
        await until(() => losses().length === attempt);
      }
      await allowConnections(db, true);
      const before = Date.now();
      await vi.advanceTimersToNextTimerAsync();
      delays.push(Date.now() - before);
      expect(delays).toEqual([250, 500, 1000]);
      await until(() => stream.events.length === 2 && early.events.length === 1);
      expect(stream.seqs()).toEqual([1, 2]);
      expect(early.events).toEqual([menuEvent(1)]);
    } finally {
      await allowConnections(db, true);
    }

    // Reconnected, the delay starts again at 250 ms.
    await cutListener(db);
    await until(() => losses().length === 4);
    const before = Date.now();
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now() - before).toBe(250);
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${EVENTS_CHANNEL}`}`,
      );
      return row!.n === 1;
    });
    await publish(db, restaurantId);
    await until(() => stream.events.length === 3);
  });

  it('stops cleanly while the connection is away, and does not reopen it', async () => {
    const { hub, db, logged } = await startedHub();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await cutListener(db);
    await until(() => logged.length === 1);
    await hub.stop();
    // The reconnect was already due: when it fires, it opens no connection.
    const opened = vi.spyOn(pg, 'Client');
    try {
      await vi.runOnlyPendingTimersAsync();
      expect(opened).not.toHaveBeenCalled();
    } finally {
      opened.mockRestore();
    }
  });
});
