import { menuEndpoints } from '@tavolo/contract/menu';
import { ordersEndpoints } from '@tavolo/contract/orders';
import {
  serviceRequestsEndpoints,
  type TServiceRequest,
  tableServiceEndpoints,
} from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type Owner,
  openEventStream,
  type StreamEvent,
  seedRestaurant,
  type TestApp,
  urlOf,
} from '../../../test/helpers';
import { currentEventSeq } from '../../events/event-hub';
import { eventLogPublisher } from '../../events/event-publisher';

/**
 * GET /api/tables/stream against the real server over HTTP: what every phone at one table holds.
 * It carries the menu, its own table's bill and acknowledged requests, and nothing of other tables
 * or restaurants.
 */

let t: TestApp;
let base: string;
let owner: Owner;
let other: Owner;
let categoryId: string;
let otherCategoryId: string;
let tableNumber = 10;

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_HEARTBEAT_SECONDS: '0.3' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await seedRestaurant(t.app, { tables: [] });
  const b = await seedRestaurant(t.app, { tables: [] });
  owner = a.owner;
  other = b.owner;
  categoryId = a.category.id;
  otherCategoryId = b.category.id;
});
afterAll(() => t.close());

const newTable = (who: Owner = owner) =>
  callApi(t.app, who.token, tablesEndpoints.createTable, { body: { number: ++tableNumber } });

const streamOf = (
  table: Pick<TTable, 'qrToken'>,
  lastEventId?: string,
  headers: Record<string, string> = {},
) =>
  openEventStream(
    base + urlOf(tableServiceEndpoints.tableStream, { query: { qrToken: table.qrToken, lastEventId } }),
    headers,
  );

async function callWaiter(table: TTable): Promise<TServiceRequest> {
  return callApi(t.app, null, serviceRequestsEndpoints.createServiceRequest, {
    body: { qrToken: table.qrToken, kind: 'waiter' },
  });
}

async function acknowledge(request: TServiceRequest, who: Owner = owner): Promise<TServiceRequest> {
  return callApi(t.app, who.token, serviceRequestsEndpoints.acknowledgeServiceRequest, {
    params: { id: request.id },
    body: { status: 'acknowledged' },
  });
}

/** A dish added: the guest menu changes (menu.updated, restaurant-wide). */
async function changeMenu(who: Owner = owner, category = categoryId) {
  await callApi(t.app, who.token, menuEndpoints.createMenuItem, {
    body: { categoryId: category, name: `Dish ${++tableNumber}`, priceMinor: 500 },
  });
}

/** A bill.updated about `table`, published as the bill module does (the event log, its table named). */
async function billMoved(table: TTable, who: Owner = owner, dueMinor = 1200) {
  await eventLogPublisher.publish(t.database.db, {
    type: 'bill.updated',
    restaurantId: who.restaurantId,
    tableId: table.id,
    data: {
      tableId: table.id,
      tableNumber: table.number,
      visitId: '00000000-0000-4000-8000-000000000001',
      totalMinor: dueMinor,
      paidMinor: 0,
      dueMinor,
      closed: false,
    },
  });
}

const requestIdOf = (e: StreamEvent) =>
  e.data ? (JSON.parse(e.data).request?.id as string | undefined) : undefined;
const isRequest = (request: TServiceRequest) => (e: StreamEvent) =>
  e.event === 'service_request.updated' && requestIdOf(e) === request.id;
const billOf = (table: TTable) => (e: StreamEvent) =>
  e.event === 'bill.updated' && JSON.parse(e.data!).tableId === table.id;
const events = (received: StreamEvent[]) => received.filter((e) => e.event && e.event !== 'ready');

describe('GET /api/tables/stream (a guest with the table’s code)', () => {
  it('pushes the menu, its own table’s bill and acknowledged requests, never another table’s', async () => {
    const [mine, next] = [await newTable(), await newTable()];
    const stream = await streamOf(mine);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const ready = await stream.next((e) => e.event === 'ready');
      expect(Number(ready.id)).toBeGreaterThan(0);

      // The other table's request and bill go out first: events arrive in order, so once ours are
      // in, theirs would have been too.
      const theirs = await callWaiter(next);
      await acknowledge(theirs);
      await billMoved(next);
      const ours = await callWaiter(mine);
      await changeMenu();
      const acknowledged = await acknowledge(ours);
      await billMoved(mine, owner, 3400);

      const menu = await stream.next((e) => e.event === 'menu.updated');
      expect(JSON.parse(menu.data!)).toMatchObject({ reason: 'item.created' });
      const update = await stream.next(isRequest(ours));
      expect(JSON.parse(update.data!)).toEqual({ request: acknowledged });
      const bill = await stream.next(billOf(mine));
      expect(JSON.parse(bill.data!)).toMatchObject({ tableId: mine.id, dueMinor: 3400 });

      // Exactly those three, in order, with rising ids; no service_request.created at all.
      const seen = events(stream.received);
      expect(seen.map((e) => e.event)).toEqual(['menu.updated', 'service_request.updated', 'bill.updated']);
      const ids = seen.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(ids[0]).toBeGreaterThan(Number(ready.id));
    } finally {
      await stream.close();
    }
  });

  it('never shows another restaurant’s events', async () => {
    const mine = await newTable();
    const theirs = await newTable(other);
    const stream = await streamOf(mine);
    try {
      await stream.next((e) => e.event === 'ready');
      await changeMenu(other, otherCategoryId);
      await acknowledge(await callWaiter(theirs), other);
      await billMoved(theirs, other);
      const ours = await acknowledge(await callWaiter(mine));
      await stream.next(isRequest(ours));
      expect(events(stream.received).map((e) => e.event)).toEqual(['service_request.updated']);
    } finally {
      await stream.close();
    }
  });

  it('replays what the table missed after ?lastEventId=, then ready, then goes on live', async () => {
    const [mine, next] = [await newTable(), await newTable()];
    const from = await currentEventSeq(t.database.db, owner.restaurantId);
    await acknowledge(await callWaiter(next));
    const ours = await acknowledge(await callWaiter(mine));
    await changeMenu();
    await billMoved(next);
    await billMoved(mine);

    const stream = await streamOf(mine, String(from));
    try {
      await stream.next((e) => e.event === 'ready');
      const replayed = events(stream.received);
      expect(replayed.map((e) => e.event)).toEqual([
        'service_request.updated',
        'menu.updated',
        'bill.updated',
      ]);
      expect(requestIdOf(replayed[0]!)).toBe(ours.id);
      expect(JSON.parse(replayed[2]!.data!).tableId).toBe(mine.id);
      expect(replayed.every((e) => Number(e.id) > from)).toBe(true);
      // Replay comes before ready, and the stream is live afterwards.
      expect(stream.received.findIndex((e) => e.event === 'ready')).toBeGreaterThan(
        stream.received.indexOf(replayed[2]!),
      );
      const later = await acknowledge(await callWaiter(mine));
      await stream.next(isRequest(later));
    } finally {
      await stream.close();
    }
  });

  it('replays after the Last-Event-ID header (a browser reconnecting), from where the last stream stopped', async () => {
    const [mine, next] = [await newTable(), await newTable()];
    const first = await streamOf(mine);
    const ready = await first.next((e) => e.event === 'ready');
    const seen = await acknowledge(await callWaiter(mine));
    const lastSeen = await first.next(isRequest(seen));
    await first.close();

    // Missed while away: another table's request, the menu, our request.
    await acknowledge(await callWaiter(next));
    await changeMenu();
    const missed = await acknowledge(await callWaiter(mine));

    const again = await streamOf(mine, undefined, { 'last-event-id': lastSeen.id! });
    try {
      await again.next((e) => e.event === 'ready');
      const replayed = events(again.received);
      expect(replayed.map((e) => e.event)).toEqual(['menu.updated', 'service_request.updated']);
      expect(requestIdOf(replayed[1]!)).toBe(missed.id);
      expect(Number(replayed[0]!.id)).toBeGreaterThan(Number(lastSeen.id));
      expect(Number(lastSeen.id)).toBeGreaterThan(Number(ready.id));
    } finally {
      await again.close();
    }
  });

  it('answers 404 before opening for a rotated or unknown code, and 400 for a malformed one', async () => {
    const table = await newTable();
    await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, { params: { id: table.id } });
    for (const qrToken of [table.qrToken, 'u'.repeat(24)]) {
      const response = await injectApi(t.app, tableServiceEndpoints.tableStream, { query: { qrToken } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect(
      (await injectApi(t.app, tableServiceEndpoints.tableStream, { query: { qrToken: 'short' } })).statusCode,
    ).toBe(400);
    expect((await injectApi(t.app, tableServiceEndpoints.tableStream)).statusCode).toBe(400);
  });

  it('ends an open stream within a heartbeat once the table’s code is rotated', async () => {
    const table = await newTable();
    const stream = await streamOf(table);
    try {
      await stream.next((e) => e.event === 'ready');
      await stream.next((e) => e.comment === 'ping');
      await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, { params: { id: table.id } });
      const outcome = await Promise.race([
        stream.ended.then(() => 'ended'),
        stream.next((e) => e.event === 'never', 5000).catch(() => 'still open'),
      ]);
      expect(outcome).toBe('ended');
    } finally {
      await stream.close();
    }
  });
});

describe('the staff stream', () => {
  it('carries service_request.created and service_request.updated', async () => {
    const table = await newTable();
    const stream = await openEventStream(
      `${base}${urlOf(ordersEndpoints.restaurantStream)}`,
      bearer(owner.token),
    );
    try {
      await stream.next((e) => e.event === 'ready');
      const created = await callWaiter(table);
      const createdEvent = await stream.next(
        (e) => e.event === 'service_request.created' && requestIdOf(e) === created.id,
      );
      expect(JSON.parse(createdEvent.data!)).toEqual({ request: created });
      const acknowledged = await acknowledge(created);
      const updated = await stream.next(
        (e) => e.event === 'service_request.updated' && requestIdOf(e) === created.id,
      );
      expect(JSON.parse(updated.data!)).toEqual({ request: acknowledged });
    } finally {
      await stream.close();
    }
  });
});
