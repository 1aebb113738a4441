import {
  SERVICE_REQUEST_LIMIT,
  SERVICE_REQUEST_MESSAGE_MAX,
  SERVICE_REQUEST_WINDOW_SECONDS,
  serviceRequestsEndpoints,
  type TServiceRequest,
} from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { restaurantEvents, serviceRequests } from '../../db/schema';
import {
  acknowledgeOpenRequest,
  findOpenRequestOfKind,
  findRequestsByStatus,
  findServiceRequest,
  findTableRequests,
} from './service-requests.repository';

let t: TestApp;
let owner: Owner;
let other: Owner;
let tableNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { name: 'Ada Owner' });
  other = await registerOwner(t.app, { name: 'Bea Other', restaurantName: 'Osteria Due' });
});
afterAll(() => t.close());

/** A fresh table of `who`'s restaurant: each test has its own, so per-table limits never mix. */
const newTable = (who: Owner = owner) =>
  callApi(t.app, who.token, tablesEndpoints.createTable, { body: { number: ++tableNumber } });

function callStaff(body: Record<string, unknown>) {
  return injectApi(t.app, serviceRequestsEndpoints.createServiceRequest, { body });
}

async function request(
  table: TTable,
  kind: 'waiter' | 'bill' | 'message',
  message?: string,
): Promise<TServiceRequest> {
  const response = await callStaff({
    qrToken: table.qrToken,
    kind,
    ...(message === undefined ? {} : { message }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TServiceRequest>();
}

const acknowledge = (id: string, token = owner.token) =>
  injectApi(t.app, serviceRequestsEndpoints.acknowledgeServiceRequest, {
    token,
    params: { id },
    body: { status: 'acknowledged' },
  });

const staffList = (status: 'open' | 'acknowledged' | undefined, token = owner.token) =>
  callApi(t.app, token, serviceRequestsEndpoints.listServiceRequests, { query: { status } });

const tableList = (table: TTable) =>
  callApi(t.app, null, serviceRequestsEndpoints.listTableServiceRequests, {
    query: { qrToken: table.qrToken },
  });

/** The live events recorded about one table, oldest first. */
async function eventsOfTable(tableId: string, type?: string) {
  return t.database.db
    .select()
    .from(restaurantEvents)
    .where(and(eq(restaurantEvents.tableId, tableId), type ? eq(restaurantEvents.type, type) : undefined))
    .orderBy(restaurantEvents.seq);
}

/** Moves a request's creation back in time (the lists count from the database's clock). */
async function age(id: string, hours: number) {
  await t.database.db
    .update(serviceRequests)
    .set({ createdAt: sql`now() - make_interval(secs => ${hours * 3600})` })
    .where(eq(serviceRequests.id, id));
}

describe('POST /api/service-requests (a guest with the table’s code)', () => {
  it('calls a waiter: 201 with the request, open, and one service_request.created about the table', async () => {
    const table = await newTable();
    const created = await request(table, 'waiter');
    expect(created).toEqual({
      id: expect.any(String),
      tableId: table.id,
      tableNumber: table.number,
      kind: 'waiter',
      message: null,
      status: 'open',
      createdAt: expect.any(String),
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    const events = await eventsOfTable(table.id);
    expect(events.map((e) => [e.type, e.restaurantId])).toEqual([
      ['service_request.created', owner.restaurantId],
    ]);
    expect(events[0]!.data).toEqual({ request: created });
  });

  it('keeps a message trimmed and as plain text; the other kinds carry none', async () => {
    const table = await newTable();
    const note = await request(table, 'message', '   <b>No onions</b> on the pizza, please  ');
    expect(note.message).toBe('<b>No onions</b> on the pizza, please');
    const bill = await request(table, 'bill', 'ignored');
    expect(bill.message).toBeNull();
    const longest = await request(table, 'message', 'x'.repeat(SERVICE_REQUEST_MESSAGE_MAX));
    expect(longest.message).toHaveLength(SERVICE_REQUEST_MESSAGE_MAX);
  });

  it('refuses bad input with 400 and the fields at fault', async () => {
    const table = await newTable();
    const cases: [Record<string, unknown>, string][] = [
      [{ qrToken: table.qrToken, kind: 'message' }, 'message'],
      [{ qrToken: table.qrToken, kind: 'message', message: '    ' }, 'message'],
      [
        { qrToken: table.qrToken, kind: 'message', message: 'x'.repeat(SERVICE_REQUEST_MESSAGE_MAX + 1) },
        'message',
      ],
      [{ qrToken: table.qrToken, kind: 'sommelier' }, 'kind'],
      [{ qrToken: table.qrToken }, 'kind'],
      [{ kind: 'waiter' }, 'qrToken'],
      [{ qrToken: 'short', kind: 'waiter' }, 'qrToken'],
    ];
    for (const [body, field] of cases) {
      const response = await callStaff(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const extra = await callStaff({ qrToken: table.qrToken, kind: 'waiter', tableId: table.id });
    expect(extra.statusCode).toBe(400);
    // Nothing of that was stored or announced.
    expect(await eventsOfTable(table.id)).toEqual([]);
  });

  it('answers 404 for an unknown code, a rotated one and an inactive table', async () => {
    const unknown = await callStaff({ qrToken: 'n'.repeat(24), kind: 'waiter' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');

    const rotated = await newTable();
    await callApi(t.app, owner.token, tablesEndpoints.rotateTableQr, { params: { id: rotated.id } });
    expect((await callStaff({ qrToken: rotated.qrToken, kind: 'waiter' })).statusCode).toBe(404);

    const inactive = await newTable();
    await callApi(t.app, owner.token, tablesEndpoints.updateTable, {
      params: { id: inactive.id },
      body: { active: false },
    });
    expect((await callStaff({ qrToken: inactive.qrToken, kind: 'bill' })).statusCode).toBe(404);
    expect(await eventsOfTable(rotated.id, 'service_request.created')).toEqual([]);
  });

  it('answers an open waiter or bill call again rather than doubling it, with no second event', async () => {
    const table = await newTable();
    const first = await request(table, 'waiter');
    const again = await request(table, 'waiter');
    expect(again).toEqual(first);
    const bill = await request(table, 'bill');
    expect(bill.id).not.toBe(first.id);
    expect((await request(table, 'bill')).id).toBe(bill.id);
    expect(await eventsOfTable(table.id, 'service_request.created')).toHaveLength(2);

    // Messages are each their own.
    const one = await request(table, 'message', 'Water, please');
    const two = await request(table, 'message', 'Water, please');
    expect(two.id).not.toBe(one.id);

    // Once acknowledged, the next call is a new one.
    expect((await acknowledge(first.id)).statusCode).toBe(200);
    const later = await request(table, 'waiter');
    expect(later.id).not.toBe(first.id);
    expect(later.status).toBe('open');
  });

  // One after the other, a call of a kind already open answers that one (tested above).
  itRaces('answers concurrent calls of one kind with one request', async () => {
    const table = await newTable();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callStaff({ qrToken: table.qrToken, kind: 'bill' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<TServiceRequest>().id)).size).toBe(1);
    expect(await eventsOfTable(table.id, 'service_request.created')).toHaveLength(1);
  });

  it(`limits a table to ${SERVICE_REQUEST_LIMIT} requests in the window: the next is 429, other tables go on`, async () => {
    const table = await newTable();
    for (let i = 1; i <= SERVICE_REQUEST_LIMIT; i++) await request(table, 'message', `Note ${i}`);
    const refused = await callStaff({ qrToken: table.qrToken, kind: 'message', message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SERVICE_REQUEST_WINDOW_SECONDS);
    // Also for another kind: the limit is the table's.
    expect((await callStaff({ qrToken: table.qrToken, kind: 'waiter' })).statusCode).toBe(429);
    expect(await eventsOfTable(table.id, 'service_request.created')).toHaveLength(SERVICE_REQUEST_LIMIT);

    const neighbour = await newTable();
    expect((await request(neighbour, 'waiter')).tableId).toBe(neighbour.id);
  });

  it('does not count a call answered again against the limit', async () => {
    const table = await newTable();
    const first = await request(table, 'waiter');
    for (let i = 0; i < SERVICE_REQUEST_LIMIT * 2; i++)
      expect((await request(table, 'waiter')).id).toBe(first.id);
    expect((await request(table, 'bill')).kind).toBe('bill');
  });
});

describe('PUT /api/service-requests/:id (orders.manage)', () => {
  it('acknowledges: who and when, one service_request.updated about the table; the guest sees it', async () => {
    const table = await newTable();
    const open = await request(table, 'bill');
    const response = await acknowledge(open.id);
    expect(response.statusCode).toBe(200);
    const acknowledged = response.json<TServiceRequest>();
    expect(acknowledged).toEqual({
      ...open,
      status: 'acknowledged',
      acknowledgedAt: expect.any(String),
      acknowledgedBy: 'Ada Owner',
    });
    expect(Date.parse(acknowledged.acknowledgedAt!)).toBeGreaterThanOrEqual(Date.parse(open.createdAt));

    const updates = await eventsOfTable(table.id, 'service_request.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.data).toEqual({ request: acknowledged });

    // Again: answered as it is, no second event.
    const again = await acknowledge(open.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(acknowledged);
    expect(await eventsOfTable(table.id, 'service_request.updated')).toHaveLength(1);

    expect((await tableList(table)).items).toEqual([acknowledged]);
  });

  it('records the staff member’s name', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const table = await newTable();
    const open = await request(table, 'waiter');
    const response = await acknowledge(open.id, waiter.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<TServiceRequest>().acknowledgedBy).toBe('Waiter Person');
  });

  it('refuses a role without orders.manage (403), a bad body (400) and an unknown id (404)', async () => {
    const cashier = await createStaffMember(t, owner, 'Cashier');
    const table = await newTable();
    const open = await request(table, 'waiter');
    const refused = await acknowledge(open.id, cashier.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    // orders.view is enough to read them.
    expect((await staffList('open', cashier.token)).items.map((r) => r.id)).toContain(open.id);

    const reopen = await injectApi(t.app, serviceRequestsEndpoints.acknowledgeServiceRequest, {
      token: owner.token,
      params: { id: open.id },
      body: { status: 'open' },
    });
    expect(reopen.statusCode).toBe(400);
    expect((await acknowledge('not-an-id')).statusCode).toBe(400);
    expect((await acknowledge('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await tableList(table)).items[0]!.status).toBe('open');
    expect(
      (
        await injectApi(t.app, serviceRequestsEndpoints.acknowledgeServiceRequest, {
          params: { id: open.id },
          body: { status: 'acknowledged' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the lists', () => {
  it('staff: open ones oldest first, acknowledged ones of the last day newest first', async () => {
    const fresh = await registerOwner(t.app, { name: 'Lists Owner' });
    const [one, two] = [await newTable(fresh), await newTable(fresh)];
    const a = await request(one, 'waiter');
    const b = await request(two, 'message', 'Highchair?');
    const c = await request(one, 'bill');
    const d = await request(two, 'waiter');
    const old = await request(two, 'bill');
    await age(a.id, 2);
    await age(b.id, 1);

    expect((await staffList(undefined, fresh.token)).items.map((r) => r.id)).toEqual([
      a.id,
      b.id,
      c.id,
      d.id,
      old.id,
    ]);
    for (const r of [c, d, old]) expect((await acknowledge(r.id, fresh.token)).statusCode).toBe(200);
    await age(c.id, 3);
    await age(old.id, 25);

    expect((await staffList('open', fresh.token)).items.map((r) => r.id)).toEqual([a.id, b.id]);
    const acknowledged = (await staffList('acknowledged', fresh.token)).items;
    expect(acknowledged.map((r) => r.id)).toEqual([d.id, c.id]);
    expect(acknowledged.every((r) => r.status === 'acknowledged')).toBe(true);

    const bad = await injectApi(t.app, serviceRequestsEndpoints.listServiceRequests, {
      token: fresh.token,
      query: { status: 'closed' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('guest: their table’s requests of the last hour, newest first, and only their table’s', async () => {
    const [mine, next] = [await newTable(), await newTable()];
    const early = await request(mine, 'message', 'Early');
    const stale = await request(mine, 'message', 'Two hours ago');
    const late = await request(mine, 'waiter');
    await request(next, 'waiter');
    await age(early.id, 0.5);
    await age(stale.id, 2);
    expect((await tableList(mine)).items.map((r) => r.id)).toEqual([late.id, early.id]);

    const unknown = await injectApi(t.app, serviceRequestsEndpoints.listTableServiceRequests, {
      query: { qrToken: 'z'.repeat(20) },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await injectApi(t.app, serviceRequestsEndpoints.listTableServiceRequests)).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('another restaurant’s staff can neither list nor acknowledge, and codes show only their own table', async () => {
    const mine = await newTable();
    const theirs = await newTable(other);
    const ours = await request(mine, 'waiter');
    const foreign = await request(theirs, 'waiter');
    expect(foreign.tableId).toBe(theirs.id);

    const theirOpen = (await staffList('open', other.token)).items;
    expect(theirOpen.map((r) => r.id)).toEqual([foreign.id]);
    const ourOpen = (await staffList('open')).items.map((r) => r.id);
    expect(ourOpen).toContain(ours.id);
    expect(ourOpen).not.toContain(foreign.id);

    const refused = await acknowledge(ours.id, other.token);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe('NOT_FOUND');
    expect((await tableList(mine)).items).toEqual([ours]);
    expect(await eventsOfTable(mine.id, 'service_request.updated')).toEqual([]);

    expect((await tableList(theirs)).items.map((r) => r.id)).toEqual([foreign.id]);
    const [event] = await eventsOfTable(theirs.id);
    expect(event?.restaurantId).toBe(other.restaurantId);
  });
});

describe('the repository, scoped by restaurant', () => {
  it('finds and changes nothing of another restaurant', async () => {
    const table = await newTable();
    const open = await request(table, 'waiter');
    const { db } = t.database;
    const theirs = other.restaurantId;
    expect(await findServiceRequest(db, theirs, open.id)).toBeUndefined();
    expect(await findOpenRequestOfKind(db, theirs, table.id, 'waiter')).toBeUndefined();
    expect(await findTableRequests(db, theirs, table.id, 3600)).toEqual([]);
    expect((await findRequestsByStatus(db, theirs, 'open')).map((r) => r.id)).not.toContain(open.id);
    expect(
      await acknowledgeOpenRequest(db, theirs, open.id, { id: open.id, name: 'Intruder' }),
    ).toBeUndefined();
    expect((await findServiceRequest(db, owner.restaurantId, open.id))?.status).toBe('open');
  });
});
