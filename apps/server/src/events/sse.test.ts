import { authEndpoints } from '@tavolo/contract/auth';
import { parseEventData, type TEventType } from '@tavolo/contract/events';
import { menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { ordersEndpoints, type TCreatedOrder, type TOrder, type TOrderStatus } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import type { TTable } from '@tavolo/contract/tables';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  createTestDatabase,
  injectApi,
  type Owner,
  openEventStream,
  registerOwner,
  type StreamEvent,
  seedRestaurant,
  type TestApp,
  urlOf,
} from '../../test/helpers';
import { queryRows } from '../db/client';
import { listenToChannel } from '../db/notifications';
import { EVENTS_CHANNEL } from './event-publisher';

let t: TestApp;
let base: string;
let owner: Owner;
let other: Owner;
let item: TMenuItem;
let table: TTable;
let otherTable: TTable;
let otherItem: TMenuItem;

/** The staff's stream on the app listening at `at`, resuming after `lastEventId` if given. */
const staffStream = (at = base, lastEventId?: string) =>
  at + urlOf(ordersEndpoints.restaurantStream, { query: { lastEventId } });
/** A guest's stream of `order`, with the order's own token unless another is given. */
const guestStream = (order: TCreatedOrder, query: { guestToken?: string; lastEventId?: string } = {}) =>
  base +
  urlOf(ordersEndpoints.guestOrderStream, {
    params: { id: order.id },
    query: { guestToken: order.guestToken!, ...query },
  });

async function seed(who: Owner) {
  const { items, tables } = await seedRestaurant(t.app, {
    owner: who,
    category: 'Bar',
    dishes: [{ name: 'Spritz', priceMinor: 700 }],
  });
  return { menuItem: items[0]!, tbl: tables[0]! };
}

// The app is built inside the first test that needs it, never in `beforeAll`: building it runs
// the hub Stryker mutates, and a failure in `beforeAll` is reported as a survived mutant
// (docs/testing.md).
let setUp: Promise<void> | undefined;
function setUpApp(): Promise<void> {
  setUp ??= (async () => {
    t = await createTestApp({
      env: { LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_MS / 1000), ORDER_LIMIT_PER_TABLE: '1000' },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await registerOwner(t.app);
    other = await registerOwner(t.app);
    ({ menuItem: item, tbl: table } = await seed(owner));
    ({ menuItem: otherItem, tbl: otherTable } = await seed(other));
  })();
  return setUp;
}
afterAll(async () => {
  if (setUp) await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Heartbeats on a fake clock: only the streams' `setInterval` is faked (the HTTP client and the
 * database keep real time), and a test moves it a heartbeat at a time.
 */
const HEARTBEAT_MS = 300;
const fakeHeartbeats = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const heartbeat = () => vi.advanceTimersByTimeAsync(HEARTBEAT_MS);

async function placeOrder(qrToken = table.qrToken, menuItemId = item.id): Promise<TCreatedOrder> {
  const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
    body: { qrToken, items: [{ menuItemId, quantity: 1 }] },
  });
  return response.json<TCreatedOrder>();
}

/** The owner moves an order along its lifecycle, as the board does. */
const moveOrder = (id: string, status: TOrderStatus) =>
  callApi(t.app, owner.token, ordersEndpoints.updateOrderStatus, { params: { id }, body: { status } });

const orderIdOf = (event: StreamEvent) =>
  event.data ? (JSON.parse(event.data).order?.id as string | undefined) : undefined;
const about = (type: string, orderId: string) => (e: StreamEvent) =>
  e.event === type && orderIdOf(e) === orderId;

/** The ids of a restaurant's events in its log, oldest first. */
async function logOf(restaurantId: string): Promise<string[]> {
  const rows = await queryRows<{ seq: number }>(
    t.database.db,
    sql`SELECT seq FROM restaurant_events WHERE restaurant_id = ${restaurantId} ORDER BY seq`,
  );
  return rows.map((r) => String(r.seq));
}

/**
 * An event committed whose notification has not arrived yet (a listener can get it late): in the
 * log and numbered, not announced. `announce` then sends the notification.
 */
async function unannounced(
  restaurantId: string,
  orderId: string | null,
  data: Record<string, unknown>,
  type = 'menu.updated',
): Promise<number> {
  const [row] = await queryRows<{ seq: number }>(
    t.database.db,
    sql`UPDATE restaurants SET event_seq = event_seq + 1 WHERE id = ${restaurantId} RETURNING event_seq AS seq`,
  );
  await t.database.db.execute(
    sql`INSERT INTO restaurant_events (restaurant_id, seq, type, order_id, data)
        VALUES (${restaurantId}, ${row!.seq}, ${type}, ${orderId}, ${JSON.stringify(data)}::jsonb)`,
  );
  return row!.seq;
}
const announce = (restaurantId: string, seq: number) =>
  t.database.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${`${restaurantId}:${seq}`})`);

/** Holds every session row under an exclusive lock (no session can be read) until released. */
type LockedSessions = { release: () => Promise<void> };
async function lockSessions(): Promise<LockedSessions> {
  let release = () => {};
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holding = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`);
    locked();
    await gate;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

/**
 * Heartbeats ask the session cache (an idle stream costs the database nothing): a touch of every
 * session, heard like any change to one, empties it so the next check reads the database. On
 * PostgreSQL the NOTIFY arrives a moment after commit: wait until it has been heard here.
 */
async function forgetCachedSessions() {
  await changeSessionsHeard(sql`UPDATE sessions SET expires_at = expires_at`);
}

/** Runs `change` and returns once its NOTIFY on tavolo_auth has reached this process. */
async function changeSessionsHeard(change: SQL) {
  let heard = () => {};
  const notified = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await listenToChannel(t.database, t.app.log, 'tavolo_auth', {
    name: 'test',
    onNotification: () => heard(),
  });
  try {
    await t.database.db.execute(change);
    await notified;
    // The app's listener was sent the same notice at the same moment: a turn of the event loop
    // (its socket's read) lets it empty the cache.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await stop();
  }
}

describe('GET /api/orders/stream (staff)', () => {
  it('pushes order.created, order.updated and menu.updated as they happen, with ids', async () => {
    await setUpApp();
    const stream = await openEventStream(staffStream(), bearer(owner.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      // Not cached, not transformed (compressed), not buffered by a proxy; the app's own headers kept.
      expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('connection')).toBe('keep-alive');
      expect(stream.headers.get('x-request-id')).toMatch(/./);
      const ready = await stream.next((e) => e.event === 'ready');
      expect(Number(ready.id)).toBeGreaterThan(0);

      const order = await placeOrder();
      const created = await stream.next(about('order.created', order.id));
      expect(Number(created.id)).toBeGreaterThan(Number(ready.id));
      expect(JSON.parse(created.data!).order).toMatchObject({
        id: order.id,
        status: 'pending',
        totalMinor: 700,
      });

      await moveOrder(order.id, 'accepted');
      const updated = await stream.next(about('order.updated', order.id));
      expect(JSON.parse(updated.data!).order.status).toBe('accepted');
      // In between, the order's table heard its bill grow (bill.updated).
      expect(Number(updated.id)).toBe(Number(created.id) + 2);

      await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
        params: { id: item.id },
        body: { soldOut: true },
      });
      const menu = await stream.next((e) => e.event === 'menu.updated');
      expect(JSON.parse(menu.data!)).toMatchObject({ reason: 'item.sold_out', menuItemId: item.id });
      await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
        params: { id: item.id },
        body: { soldOut: false },
      });

      // Every event reads with the contract's schema for its type, as the web reads it.
      for (const event of [created, updated, menu]) {
        expect(parseEventData(event.event as TEventType, event.data!), event.event).not.toBeNull();
      }
      expect(parseEventData('order.updated', updated.data!)?.order.version).toBe(2);
    } finally {
      await stream.close();
    }
  });

  it('sends a heartbeat while nothing happens: a `: ping` comment, and nothing else', async () => {
    await setUpApp();
    // A restaurant of its own, so no other test's event can arrive in between.
    const quiet = await registerOwner(t.app);
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(quiet.token));
    try {
      const ready = await stream.next((e) => e.event === 'ready');
      const pings = () => stream.received.filter((e) => e.comment === 'ping').length;
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
      // Nothing before the first heartbeat is due (the ping comes after the session check, so
      // the next heartbeat's ping marks that this one wrote nothing).
      expect(stream.raw()).toBe(`retry: 3000\n\nid: ${ready.id}\nevent: ready\ndata: {}\n\n`);
      await vi.advanceTimersByTimeAsync(1);
      await stream.next(() => pings() === 1);
      await heartbeat();
      await stream.next(() => pings() === 2);
      expect(stream.raw()).toBe(
        `retry: 3000\n\nid: ${ready.id}\nevent: ready\ndata: {}\n\n: ping\n\n: ping\n\n`,
      );
      expect(stream.received.slice(2)).toEqual([{ comment: 'ping' }, { comment: 'ping' }]);
    } finally {
      await stream.close();
    }
  });

  it('replays what a client missed after Last-Event-ID, in order, then goes on live', async () => {
    await setUpApp();
    const first = await openEventStream(staffStream(), bearer(owner.token));
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    const missedA = await placeOrder();
    const missedB = await placeOrder();
    await moveOrder(missedA.id, 'accepted');

    const again = await openEventStream(staffStream(), {
      ...bearer(owner.token),
      'last-event-id': ready.id!,
    });
    try {
      await again.next((e) => e.event === 'ready');
      // Orders at a table move its bill too (bill.updated): this test follows the orders.
      const replayed = again.received.filter((e) => e.id && e.event !== 'bill.updated');
      expect(replayed.map((e) => [e.event, orderIdOf(e)])).toEqual([
        ['order.created', missedA.id],
        ['order.created', missedB.id],
        ['order.updated', missedA.id],
      ]);
      const ids = replayed.map((e) => Number(e.id));
      expect(ids).toEqual([Number(ready.id) + 1, Number(ready.id) + 3, Number(ready.id) + 5]);
      const live = await placeOrder();
      await again.next(about('order.created', live.id));
    } finally {
      await again.close();
    }
  });

  it('replays after ?lastEventId= too (a stream the web reopens itself), and ignores a bad one', async () => {
    await setUpApp();
    const first = await openEventStream(staffStream(), bearer(owner.token));
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    const missed = await placeOrder();
    await moveOrder(missed.id, 'accepted');

    const again = await openEventStream(staffStream(base, ready.id), bearer(owner.token));
    try {
      const resumed = await again.next((e) => e.event === 'ready');
      // A resumed stream's ready event carries no id: the browser keeps the last one it saw.
      expect(resumed.id).toBeUndefined();
      // Orders at a table move its bill too (bill.updated): this test follows the orders.
      const replayed = again.received.filter((e) => e.id && e.event !== 'bill.updated');
      expect(replayed.map((e) => [e.id, e.event, orderIdOf(e)])).toEqual([
        [String(Number(ready.id) + 1), 'order.created', missed.id],
        [String(Number(ready.id) + 3), 'order.updated', missed.id],
      ]);
    } finally {
      await again.close();
    }

    // The header wins over the query; a value that is not a whole number >= 0 counts as none.
    const both = await openEventStream(staffStream(base, '0'), {
      ...bearer(owner.token),
      'last-event-id': String(Number(ready.id) + 2),
    });
    try {
      await both.next((e) => e.event === 'ready');
      expect(both.received.filter((e) => e.id).map((e) => e.event)).toEqual(['order.updated']);
    } finally {
      await both.close();
    }
    for (const bad of ['-1', '1.5', 'abc']) {
      const stream = await openEventStream(staffStream(), {
        ...bearer(owner.token),
        'last-event-id': bad,
      });
      try {
        const fresh = await stream.next((e) => e.event === 'ready');
        expect(fresh.id, bad).toBe(String(Number(ready.id) + 3));
        expect(stream.received.filter((e) => e.id)).toEqual([fresh]);
      } finally {
        await stream.close();
      }
    }
  });

  it("never shows a restaurant another restaurant's events", async () => {
    await setUpApp();
    const mine = await openEventStream(staffStream(), bearer(owner.token));
    const theirs = await openEventStream(staffStream(), bearer(other.token));
    try {
      await mine.next((e) => e.event === 'ready');
      await theirs.next((e) => e.event === 'ready');
      const order = await placeOrder();
      await mine.next(about('order.created', order.id));
      const theirOrder = await placeOrder(otherTable.qrToken, otherItem.id);
      await theirs.next(about('order.created', theirOrder.id));
      expect(theirs.received.some((e) => orderIdOf(e) === order.id)).toBe(false);
      expect(mine.received.some((e) => orderIdOf(e) === theirOrder.id)).toBe(false);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('replays the whole log after ?lastEventId=0, and reads a two-digit id whole', async () => {
    await setUpApp();
    const busy = await seedRestaurant(t.app, {
      category: 'Bar',
      dishes: [{ name: 'Negroni', priceMinor: 900 }],
    });
    const dish = busy.items[0]!;
    for (let i = 0; i < 6; i++) {
      await callApi(t.app, busy.owner.token, menuEndpoints.setSoldOut, {
        params: { id: dish.id },
        body: { soldOut: true },
      });
      await callApi(t.app, busy.owner.token, menuEndpoints.setSoldOut, {
        params: { id: dish.id },
        body: { soldOut: false },
      });
    }
    const logged = await logOf(busy.owner.restaurantId);
    expect(logged.length).toBeGreaterThan(12);
    const replayed = async (lastEventId?: string, headers: Record<string, string> = {}) => {
      const stream = await openEventStream(staffStream(base, lastEventId), {
        ...bearer(busy.owner.token),
        ...headers,
      });
      try {
        const resumed = await stream.next((e) => e.event === 'ready');
        expect(resumed.id, lastEventId).toBeUndefined();
        return stream.received.filter((e) => e.id).map((e) => e.id);
      } finally {
        await stream.close();
      }
    };
    expect(await replayed('0')).toEqual(logged);
    expect(await replayed('12')).toEqual(logged.slice(12));
    expect(await replayed(undefined, { 'last-event-id': '12' })).toEqual(logged.slice(12));
  });

  it('resumes a restaurant nobody else follows at its last event: what comes next, nothing before', async () => {
    await setUpApp();
    const quiet = await seedRestaurant(t.app, {
      category: 'Bar',
      dishes: [{ name: 'Negroni', priceMinor: 900 }],
    });
    const logged = await logOf(quiet.owner.restaurantId);
    const last = logged.at(-1)!;
    const stream = await openEventStream(staffStream(), {
      ...bearer(quiet.owner.token),
      'last-event-id': last,
    });
    try {
      await stream.next((e) => e.event === 'ready');
      await callApi(t.app, quiet.owner.token, menuEndpoints.setSoldOut, {
        params: { id: quiet.items[0]!.id },
        body: { soldOut: true },
      });
      await stream.next((e) => e.event === 'menu.updated');
      expect(stream.received.filter((e) => e.id).map((e) => e.id)).toEqual([String(Number(last) + 1)]);
    } finally {
      await stream.close();
    }
  });

  it('does not send an event twice when the hub brings one the stream already replayed', async () => {
    await setUpApp();
    const place = await seedRestaurant(t.app, {
      category: 'Bar',
      dishes: [{ name: 'Negroni', priceMinor: 900 }],
    });
    const headers = bearer(place.owner.token);
    const watching = await openEventStream(staffStream(), headers);
    const resumed = await openEventStream(staffStream(), headers);
    await resumed.close();
    let late: Awaited<ReturnType<typeof openEventStream>> | undefined;
    try {
      const start = await watching.next((e) => e.event === 'ready');
      // Committed, its notification not yet arrived: a stream opening now replays it itself...
      const seq = await unannounced(place.owner.restaurantId, null, { reason: 'item.updated' });
      late = await openEventStream(staffStream(), {
        ...headers,
        'last-event-id': start.id!,
      });
      await late.next((e) => e.event === 'ready');
      expect(late.received.filter((e) => e.id).map((e) => e.id)).toEqual([String(seq)]);
      // ...and when the notification comes, the stream that was open gets it, the other not again.
      await announce(place.owner.restaurantId, seq);
      await watching.next((e) => e.id === String(seq));
      await callApi(t.app, place.owner.token, menuEndpoints.setSoldOut, {
        params: { id: place.items[0]!.id },
        body: { soldOut: true },
      });
      await late.next((e) => e.id === String(seq + 1));
      expect(late.received.filter((e) => e.id).map((e) => e.id)).toEqual([String(seq), String(seq + 1)]);
      await watching.next((e) => e.id === String(seq + 1));
      expect(watching.received.filter((e) => e.id).map((e) => e.id)).toEqual([
        start.id,
        String(seq),
        String(seq + 1),
      ]);
    } finally {
      await watching.close();
      await late?.close();
    }
  });

  it('ends a stream whose replay fails, after its retry line, and logs why', async () => {
    await setUpApp();
    // A second instance on the same database, whose errors are kept.
    const lines: string[] = [];
    const logging = await createTestApp({
      database: t.database,
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    });
    const unlucky = await registerOwner(t.app);
    try {
      const loggingBase = await logging.app.listen({ port: 0, host: '127.0.0.1' });
      await t.database.db.execute(sql`ALTER TABLE restaurant_events RENAME TO restaurant_events_away`);
      try {
        const stream = await openEventStream(staffStream(loggingBase, '0'), bearer(unlucky.token));
        await Promise.race([stream.ended, stream.next(() => false, 5000)]);
        expect(stream.raw()).toBe('retry: 3000\n\n');
      } finally {
        await t.database.db.execute(sql`ALTER TABLE restaurant_events_away RENAME TO restaurant_events`);
      }
      const errors = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toBe('event stream failed');
      expect(errors[0]!.err?.message).toContain('restaurant_events');
    } finally {
      await logging.close();
    }
  });

  it('checks the session one heartbeat at a time: beats due while a check waits are skipped', async () => {
    await setUpApp();
    const patient = await registerOwner(t.app);
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(patient.token));
    let sessions: LockedSessions | undefined;
    try {
      const start = await stream.next((e) => e.event === 'ready');
      await forgetCachedSessions();
      // Sessions cannot be read while this transaction holds them.
      sessions = await lockSessions();
      await heartbeat();
      await heartbeat();
      await heartbeat();
      await sessions.release();
      await stream.next((e) => e.comment === 'ping');
      await callApi(t.app, patient.token, restaurantsEndpoints.updateRestaurant, {
        params: { id: patient.restaurantId },
        body: { name: 'Patient Place' },
      });
      await stream.next((e) => e.event === 'menu.updated');
      expect(stream.received.slice(1).map((e) => e.comment ?? e.event)).toEqual([
        'ready',
        'ping',
        'menu.updated',
      ]);
      expect(start.id).toBeDefined();
    } finally {
      await sessions?.release();
      await stream.close();
    }
  });

  it('is ended by the app closing (it would wait for the stream forever)', async () => {
    const own = await createTestApp();
    let closing: Promise<void> | undefined;
    try {
      const ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const who = await registerOwner(own.app);
      const stream = await openEventStream(staffStream(ownBase), bearer(who.token));
      await stream.next((e) => e.event === 'ready');
      closing = own.close();
      await Promise.race([stream.ended, stream.next(() => false, 5000)]);
      await closing;
    } finally {
      if (!closing) await own.close();
    }
  });

  it('answers 401 without a session and 403 without orders.view', async () => {
    await setUpApp();
    expect((await fetch(staffStream())).status).toBe(401);
    await t.database.db.execute(
      sql`UPDATE roles SET permissions = '{}' WHERE restaurant_id = ${owner.restaurantId} AND name = 'Cashier'`,
    );
    const cashier = await createStaffMember(t, owner, 'Cashier');
    expect((await fetch(staffStream(), { headers: bearer(cashier.token) })).status).toBe(403);
  });
});

describe('an open stream follows its session', () => {
  type OpenStream = Awaited<ReturnType<typeof openEventStream>>;
  const pingsOf = (stream: OpenStream) => stream.received.filter((e) => e.comment === 'ping').length;
  /** Moves the fake clock one heartbeat: the stream answers with a ping, or ends. */
  async function nextHeartbeat(stream: OpenStream): Promise<'ping' | 'ended'> {
    const pings = pingsOf(stream);
    await heartbeat();
    return Promise.race([
      stream.ended.then(() => 'ended' as const),
      stream
        .next(() => pingsOf(stream) > pings)
        .then(
          () => 'ping' as const,
          () => 'ended' as const,
        ),
    ]);
  }

  it('ends at the next heartbeat after a logout', async () => {
    await setUpApp();
    const login = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: owner.email, password: owner.password },
    });
    const { token } = login.json<{ token: string }>();
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(token));
    try {
      await stream.next((e) => e.event === 'ready');
      expect(await nextHeartbeat(stream)).toBe('ping');
      const out = await injectApi(t.app, authEndpoints.logOut, { token });
      expect(out.statusCode).toBe(200);
      expect(await nextHeartbeat(stream)).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  it("ends when the staff member's role loses orders.view, and not before", async () => {
    await setUpApp();
    const kitchen = await createStaffMember(t, other, 'Kitchen');
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(kitchen.token));
    try {
      await stream.next((e) => e.event === 'ready');
      expect(await nextHeartbeat(stream)).toBe('ping');
      expect(await nextHeartbeat(stream)).toBe('ping');
      await changeSessionsHeard(
        sql`UPDATE roles SET permissions = '{orders.manage}' WHERE restaurant_id = ${other.restaurantId} AND name = 'Kitchen'`,
      );
      expect(await nextHeartbeat(stream)).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  it('ends at the next heartbeat after the owner switches restaurant', async () => {
    await setUpApp();
    const switcher = await registerOwner(t.app);
    const second = await callApi(t.app, switcher.token, restaurantsEndpoints.createRestaurant, {
      body: { name: 'Second Place', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(switcher.token));
    try {
      await stream.next((e) => e.event === 'ready');
      expect(await nextHeartbeat(stream)).toBe('ping');
      expect(await nextHeartbeat(stream)).toBe('ping');
      await callApi(t.app, switcher.token, authEndpoints.switchRestaurant, {
        body: { restaurantId: second.id },
      });
      expect(await nextHeartbeat(stream)).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  it('beats without the database while its session is cached: an idle stream costs no query', async () => {
    await setUpApp();
    const idle = await registerOwner(t.app);
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(idle.token));
    let sessions: LockedSessions | undefined;
    try {
      await stream.next((e) => e.event === 'ready');
      expect(await nextHeartbeat(stream)).toBe('ping');
      // No session can be read now; the heartbeat does not need to.
      sessions = await lockSessions();
      expect(await nextHeartbeat(stream)).toBe('ping');
    } finally {
      await sessions?.release();
      await stream.close();
    }
  });

  it('ends when the session cannot be checked (the database is away): unsure counts as no', async () => {
    await setUpApp();
    const away = await registerOwner(t.app);
    fakeHeartbeats();
    const stream = await openEventStream(staffStream(), bearer(away.token));
    try {
      await stream.next((e) => e.event === 'ready');
      expect(await nextHeartbeat(stream)).toBe('ping');
      await forgetCachedSessions();
      await t.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_away`);
      try {
        expect(await nextHeartbeat(stream)).toBe('ended');
      } finally {
        await t.database.db.execute(sql`ALTER TABLE sessions_away RENAME TO sessions`);
      }
    } finally {
      await stream.close();
    }
  });

  it('stops its heartbeat when the client goes away', async () => {
    await setUpApp();
    const leaving = await registerOwner(t.app);
    fakeHeartbeats();
    const timers = vi.getTimerCount();
    const stream = await openEventStream(staffStream(), bearer(leaving.token));
    await stream.next((e) => e.event === 'ready');
    expect(vi.getTimerCount()).toBe(timers + 1);
    await stream.close();
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(timers));
  });
});

describe('GET /api/orders/{id}/stream (guest)', () => {
  it("pushes the guest's own order only, and replays after Last-Event-ID", async () => {
    await setUpApp();
    const mine = await placeOrder();
    const neighbour = await placeOrder();
    const url = guestStream(mine);
    const stream = await openEventStream(url);
    let lastId: string | undefined;
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
      await moveOrder(neighbour.id, 'accepted');
      await moveOrder(mine.id, 'accepted');
      const accepted = await stream.next(about('order.updated', mine.id));
      expect(JSON.parse(accepted.data!).order.status).toBe('accepted');
      expect(stream.received.some((e) => orderIdOf(e) === neighbour.id)).toBe(false);
      lastId = accepted.id;
    } finally {
      await stream.close();
    }
    await moveOrder(mine.id, 'preparing');
    const resumed = await openEventStream(url, { 'last-event-id': lastId! });
    try {
      const preparing = await resumed.next(about('order.updated', mine.id));
      expect(JSON.parse(preparing.data!).order.status).toBe('preparing');
    } finally {
      await resumed.close();
    }
  });

  it("replays the guest's own missed events after ?lastEventId=", async () => {
    await setUpApp();
    const mine = await placeOrder();
    const neighbour = await placeOrder();
    const url = guestStream(mine);
    const first = await openEventStream(url);
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    await moveOrder(mine.id, 'accepted');
    await moveOrder(neighbour.id, 'accepted');
    await moveOrder(mine.id, 'preparing');

    const resumed = await openEventStream(guestStream(mine, { lastEventId: ready.id }));
    try {
      await resumed.next((e) => e.event === 'ready');
      const replayed = resumed.received.filter((e) => e.id);
      expect(replayed.map((e) => [e.event, orderIdOf(e), JSON.parse(e.data!).order.status])).toEqual([
        ['order.updated', mine.id, 'accepted'],
        ['order.updated', mine.id, 'preparing'],
      ]);
      expect(replayed.map((e) => Number(e.id))).toEqual([Number(ready.id) + 1, Number(ready.id) + 3]);
    } finally {
      await resumed.close();
    }
  });

  it('replays only what a guest stream carries: not the order.created of their own order', async () => {
    await setUpApp();
    const [before] = (await logOf(owner.restaurantId)).slice(-1);
    const mine = await placeOrder();
    await moveOrder(mine.id, 'accepted');
    const resumed = await openEventStream(guestStream(mine, { lastEventId: before }));
    try {
      await resumed.next((e) => e.event === 'ready');
      const replayed = resumed.received.filter((e) => e.id);
      expect(replayed.map((e) => [e.event, orderIdOf(e), JSON.parse(e.data!).order.status])).toEqual([
        ['order.updated', mine.id, 'accepted'],
      ]);
    } finally {
      await resumed.close();
    }
  });

  it('sends a guest stream its heartbeat too', async () => {
    await setUpApp();
    const mine = await placeOrder();
    fakeHeartbeats();
    const url = guestStream(mine);
    const stream = await openEventStream(url);
    try {
      const start = await stream.next((e) => e.event === 'ready');
      await heartbeat();
      await stream.next((e) => e.comment === 'ping');
      await heartbeat();
      await stream.next(() => stream.received.filter((e) => e.comment === 'ping').length === 2);
      expect(stream.raw()).toBe(
        `retry: 3000\n\nid: ${start.id}\nevent: ready\ndata: {}\n\n: ping\n\n: ping\n\n`,
      );
    } finally {
      await stream.close();
    }
  });

  it("answers 404 for a wrong token or another guest's order", async () => {
    await setUpApp();
    const mine = await placeOrder();
    const theirs = await placeOrder();
    expect((await fetch(guestStream(mine, { guestToken: 'nope' }))).status).toBe(404);
    expect((await fetch(guestStream(theirs, { guestToken: mine.guestToken }))).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('an order placed through instance A is pushed by instance B', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const bBase = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const seeded = await seedRestaurant(a.app, { tables: [9] });
      const { owner: who } = seeded;
      const [menuItem, tbl] = [seeded.items[0]!, seeded.tables[0]!];
      const stream = await openEventStream(staffStream(bBase), bearer(who.token));
      try {
        await stream.next((e) => e.event === 'ready');
        const placed = await injectApi(a.app, ordersEndpoints.placeOrder, {
          body: { qrToken: tbl.qrToken, items: [{ menuItemId: menuItem.id, quantity: 1 }] },
        });
        const order = placed.json<TOrder>();
        await stream.next(about('order.created', order.id));
        await callApi(a.app, who.token, ordersEndpoints.updateOrderStatus, {
          params: { id: order.id },
          body: { status: 'accepted' },
        });
        await stream.next(about('order.updated', order.id));
      } finally {
        await stream.close();
      }
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a stream catching up while the hub delivers', () => {
  it('holds what the hub hands it meanwhile, then sends only what is newer than where it started', async () => {
    await setUpApp();
    const mine = await placeOrder();
    const url = guestStream(mine);
    const first = await openEventStream(url);
    let second: Awaited<ReturnType<typeof openEventStream>> | undefined;
    const locker = await t.database.pool!.connect();
    try {
      await first.next((e) => e.event === 'ready');
      const seq = await unannounced(
        owner.restaurantId,
        mine.id,
        { order: { id: mine.id, status: 'accepted' } },
        'order.updated',
      );
      // The restaurant's row locked: a new stream subscribes, then waits to read where it starts.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE restaurants IN ACCESS EXCLUSIVE MODE');
      second = await openEventStream(url);
      await second.next((e) => e.comment === undefined && e.event === undefined && !e.id);
      // Meanwhile the hub reads the event and hands it to both streams.
      await announce(owner.restaurantId, seq);
      await first.next((e) => e.id === String(seq));
      await locker.query('COMMIT');
      const start = await second.next((e) => e.event === 'ready');
      expect(start.id).toBe(String(seq));
      await moveOrder(mine.id, 'accepted');
      await second.next((e) => e.id === String(seq + 1));
      expect(second.received.filter((e) => e.id).map((e) => [e.event, e.id])).toEqual([
        ['ready', String(seq)],
        ['order.updated', String(seq + 1)],
      ]);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      locker.release();
      await first.close();
      await second?.close();
    }
  });
});
