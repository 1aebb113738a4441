import { parseEventData, type TEventType } from '@tavolo/contract/events';
import type { TCategory, TMenuItem } from '@tavolo/contract/menu';
import type { TCreatedOrder, TOrder } from '@tavolo/contract/orders';
import type { TTable } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  createTestDatabase,
  type Owner,
  openEventStream,
  registerOwner,
  type StreamEvent,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';

let t: TestApp;
let base: string;
let owner: Owner;
let other: Owner;
let item: TMenuItem;
let table: TTable;
let otherTable: TTable;
let otherItem: TMenuItem;

async function seed(who: Owner) {
  const { items, tables } = await seedRestaurant(t.app, {
    owner: who,
    category: 'Bar',
    dishes: [{ name: 'Spritz', priceMinor: 700 }],
  });
  return { menuItem: items[0]!, tbl: tables[0]! };
}

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_HEARTBEAT_SECONDS: '0.3', ORDER_LIMIT_PER_TABLE: '1000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  ({ menuItem: item, tbl: table } = await seed(owner));
  ({ menuItem: otherItem, tbl: otherTable } = await seed(other));
});
afterAll(() => t.close());

async function placeOrder(qrToken = table.qrToken, menuItemId = item.id): Promise<TCreatedOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { qrToken, items: [{ menuItemId, quantity: 1 }] },
  });
  return response.json<TCreatedOrder>();
}

const orderIdOf = (event: StreamEvent) =>
  event.data ? (JSON.parse(event.data).order?.id as string | undefined) : undefined;
const about = (type: string, orderId: string) => (e: StreamEvent) =>
  e.event === type && orderIdOf(e) === orderId;

describe('GET /api/orders/stream (staff)', () => {
  it('pushes order.created, order.updated and menu.updated as they happen, with ids', async () => {
    const stream = await openEventStream(`${base}/api/orders/stream`, bearer(owner.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
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

      await callApi(t.app, owner.token, 'PUT', `/api/orders/${order.id}/status`, { status: 'accepted' });
      const updated = await stream.next(about('order.updated', order.id));
      expect(JSON.parse(updated.data!).order.status).toBe('accepted');
      // In between, the order's table heard its bill grow (bill.updated).
      expect(Number(updated.id)).toBe(Number(created.id) + 2);

      await callApi(t.app, owner.token, 'PUT', `/api/menu/${item.id}/sold-out`, { soldOut: true });
      const menu = await stream.next((e) => e.event === 'menu.updated');
      expect(JSON.parse(menu.data!)).toMatchObject({ reason: 'item.sold_out', menuItemId: item.id });
      await callApi(t.app, owner.token, 'PUT', `/api/menu/${item.id}/sold-out`, { soldOut: false });

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
    // A restaurant of its own, so no other test's event can arrive in between.
    const quiet = await registerOwner(t.app);
    const stream = await openEventStream(`${base}/api/orders/stream`, bearer(quiet.token));
    try {
      const ready = await stream.next((e) => e.event === 'ready');
      await stream.next((e) => e.comment === 'ping', 3000);
      await stream.next(() => stream.received.filter((e) => e.comment === 'ping').length >= 2, 3000);
      const expected = `retry: 3000\n\nid: ${ready.id}\nevent: ready\ndata: {}\n\n: ping\n\n: ping\n\n`;
      expect(stream.raw().slice(0, expected.length)).toBe(expected);
      // After the pings, still only pings.
      expect(stream.received.slice(2).every((e) => JSON.stringify(e) === '{"comment":"ping"}')).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('replays what a client missed after Last-Event-ID, in order, then goes on live', async () => {
    const first = await openEventStream(`${base}/api/orders/stream`, bearer(owner.token));
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    const missedA = await placeOrder();
    const missedB = await placeOrder();
    await callApi(t.app, owner.token, 'PUT', `/api/orders/${missedA.id}/status`, { status: 'accepted' });

    const again = await openEventStream(`${base}/api/orders/stream`, {
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
    const first = await openEventStream(`${base}/api/orders/stream`, bearer(owner.token));
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    const missed = await placeOrder();
    await callApi(t.app, owner.token, 'PUT', `/api/orders/${missed.id}/status`, { status: 'accepted' });

    const again = await openEventStream(
      `${base}/api/orders/stream?lastEventId=${ready.id}`,
      bearer(owner.token),
    );
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
    const both = await openEventStream(`${base}/api/orders/stream?lastEventId=0`, {
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
      const stream = await openEventStream(`${base}/api/orders/stream`, {
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
    const mine = await openEventStream(`${base}/api/orders/stream`, bearer(owner.token));
    const theirs = await openEventStream(`${base}/api/orders/stream`, bearer(other.token));
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

  it('answers 401 without a session and 403 without orders.view', async () => {
    expect((await fetch(`${base}/api/orders/stream`)).status).toBe(401);
    await t.database.db.execute(
      sql`UPDATE roles SET permissions = '{}' WHERE restaurant_id = ${owner.restaurantId} AND name = 'Cashier'`,
    );
    const cashier = await createStaffMember(t, owner, 'Cashier');
    expect((await fetch(`${base}/api/orders/stream`, { headers: bearer(cashier.token) })).status).toBe(403);
  });
});

describe('an open stream follows its session', () => {
  const endsWithin = (stream: { ended: Promise<void> }, ms: number) =>
    Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
    ]);

  it('ends within a heartbeat of a logout', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    const { token } = login.json<{ token: string }>();
    const stream = await openEventStream(`${base}/api/orders/stream`, bearer(token));
    try {
      await stream.next((e) => e.comment === 'ping', 3000);
      const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect(await endsWithin(stream, 3000)).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  it("ends when the staff member's role loses orders.view, and not before", async () => {
    const kitchen = await createStaffMember(t, other, 'Kitchen');
    const stream = await openEventStream(`${base}/api/orders/stream`, bearer(kitchen.token));
    try {
      await stream.next((e) => e.comment === 'ping', 3000);
      expect(await endsWithin(stream, 700)).toBe('still open');
      await t.database.db.execute(
        sql`UPDATE roles SET permissions = '{orders.manage}' WHERE restaurant_id = ${other.restaurantId} AND name = 'Kitchen'`,
      );
      expect(await endsWithin(stream, 3000)).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  it('ends at the next heartbeat after the owner switches restaurant', async () => {
    const switcher = await registerOwner(t.app);
    const second = await callApi<{ id: string }>(t.app, switcher.token, 'POST', '/api/restaurants', {
      name: 'Second Place',
      currency: 'EUR',
      timezone: 'Europe/Rome',
    });
    const stream = await openEventStream(`${base}/api/orders/stream`, bearer(switcher.token));
    try {
      await stream.next((e) => e.comment === 'ping', 3000);
      expect(await endsWithin(stream, 700)).toBe('still open');
      await callApi(
        t.app,
        switcher.token,
        'POST',
        '/auth/switch-restaurant',
        { restaurantId: second.id },
        200,
      );
      expect(await endsWithin(stream, 3000)).toBe('ended');
    } finally {
      await stream.close();
    }
  });
});

describe('GET /api/orders/{id}/stream (guest)', () => {
  it("pushes the guest's own order only, and replays after Last-Event-ID", async () => {
    const mine = await placeOrder();
    const neighbour = await placeOrder();
    const url = `${base}/api/orders/${mine.id}/stream?guestToken=${encodeURIComponent(mine.guestToken!)}`;
    const stream = await openEventStream(url);
    let lastId: string | undefined;
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
      await callApi(t.app, owner.token, 'PUT', `/api/orders/${neighbour.id}/status`, { status: 'accepted' });
      await callApi(t.app, owner.token, 'PUT', `/api/orders/${mine.id}/status`, { status: 'accepted' });
      const accepted = await stream.next(about('order.updated', mine.id));
      expect(JSON.parse(accepted.data!).order.status).toBe('accepted');
      expect(stream.received.some((e) => orderIdOf(e) === neighbour.id)).toBe(false);
      lastId = accepted.id;
    } finally {
      await stream.close();
    }
    await callApi(t.app, owner.token, 'PUT', `/api/orders/${mine.id}/status`, { status: 'preparing' });
    const resumed = await openEventStream(url, { 'last-event-id': lastId! });
    try {
      const preparing = await resumed.next(about('order.updated', mine.id));
      expect(JSON.parse(preparing.data!).order.status).toBe('preparing');
    } finally {
      await resumed.close();
    }
  });

  it("replays the guest's own missed events after ?lastEventId=", async () => {
    const mine = await placeOrder();
    const neighbour = await placeOrder();
    const url = `${base}/api/orders/${mine.id}/stream?guestToken=${encodeURIComponent(mine.guestToken!)}`;
    const first = await openEventStream(url);
    const ready = await first.next((e) => e.event === 'ready');
    await first.close();

    await callApi(t.app, owner.token, 'PUT', `/api/orders/${mine.id}/status`, { status: 'accepted' });
    await callApi(t.app, owner.token, 'PUT', `/api/orders/${neighbour.id}/status`, { status: 'accepted' });
    await callApi(t.app, owner.token, 'PUT', `/api/orders/${mine.id}/status`, { status: 'preparing' });

    const resumed = await openEventStream(`${url}&lastEventId=${ready.id}`);
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

  it("answers 404 for a wrong token or another guest's order", async () => {
    const mine = await placeOrder();
    const theirs = await placeOrder();
    expect((await fetch(`${base}/api/orders/${mine.id}/stream?guestToken=nope`)).status).toBe(404);
    expect((await fetch(`${base}/api/orders/${theirs.id}/stream?guestToken=${mine.guestToken}`)).status).toBe(
      404,
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('an order placed through instance A is pushed by instance B', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const bBase = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const who = await registerOwner(a.app);
      const cat = await callApi<TCategory>(a.app, who.token, 'POST', '/api/categories', { name: 'X' });
      const menuItem = await callApi<TMenuItem>(a.app, who.token, 'POST', '/api/menu', {
        categoryId: cat.id,
        name: 'Y',
        priceMinor: 100,
      });
      const tbl = await callApi<TTable>(a.app, who.token, 'POST', '/api/tables', { number: 9 });
      const stream = await openEventStream(`${bBase}/api/orders/stream`, bearer(who.token));
      try {
        await stream.next((e) => e.event === 'ready');
        const placed = await a.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: { qrToken: tbl.qrToken, items: [{ menuItemId: menuItem.id, quantity: 1 }] },
        });
        const order = placed.json<TOrder>();
        await stream.next(about('order.created', order.id));
        await callApi(a.app, who.token, 'PUT', `/api/orders/${order.id}/status`, { status: 'accepted' });
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
