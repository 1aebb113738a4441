import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '../testing/fetch-stub';
import {
  OfflineQueue,
  type QueuedRequest,
  type QueueEntry,
  type Refusal,
  refusalAsError,
  useOfflineQueue,
} from './offline-queue';
import { replayFromWorker } from './offline-queue-worker';

const ORDERS = '/api/orders';

const order = (table: string, dish: string, quantity = 1): QueuedRequest => ({
  method: 'POST',
  path: ORDERS,
  body: { tableCode: table, items: [{ menuItemId: dish, quantity }] },
});

interface Received {
  key: string | null;
  body: unknown;
  headers: Headers;
}

/**
 * The server's side of orders as far as the queue can tell: each Idempotency-Key places one order
 * and every retry under it gets the first answer back. `next` decides what the next request meets.
 */
function fakeServer() {
  const received: Received[] = [];
  const placed = new Map<string, { id: string; number: number }>();
  type Fault = 'ok' | 'network' | 'lost answer' | Response;
  const faults: Fault[] = [];
  const fetch = stubFetch(async ({ init }) => {
    const headers = new Headers(init.headers);
    const key = headers.get('idempotency-key');
    received.push({
      key,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers,
    });
    const fault = faults.shift();
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault instanceof Response) return fault;
    let answer = key ? placed.get(key) : undefined;
    if (!answer) {
      answer = { id: `order-${placed.size + 1}`, number: placed.size + 1 };
      if (key) placed.set(key, answer);
    }
    // The order is placed, but its answer never reaches the phone.
    if (fault === 'lost answer') throw new TypeError('Network connection was lost');
    return jsonResponse(201, answer);
  });
  return {
    fetch,
    received,
    /** Orders placed, each once whatever the retries. */
    placed: () => [...placed.values()],
    /** What the coming requests meet, in turn (after these, a 201). */
    next(...coming: Fault[]) {
      faults.push(...coming);
    },
  };
}

let databases = 0;
let databaseName: string;
const opened: OfflineQueue<unknown>[] = [];

/** A queue as a page opens it; a second one over the same database is the page reloaded (or another tab). */
function openQueue<M = unknown>(clock?: () => number): OfflineQueue<M> {
  const queue = new OfflineQueue<M>('guest-orders', { databaseName, now: clock });
  opened.push(queue as OfflineQueue<unknown>);
  return queue;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  databaseName = `offline-queue-test-${++databases}`;
});

afterEach(() => {
  for (const queue of opened.splice(0)) queue.close();
  vi.unstubAllGlobals();
});

const states = (entries: readonly QueueEntry[]) => entries.map((entry) => entry.state);

describe('offline queue', () => {
  it('keeps its entries across a reload, in the order they were queued, with their keys', async () => {
    let now = 1_000;
    const before = openQueue<{ label: string }>(() => now);
    const first = await before.enqueue(order('T1', 'pizza', 2), { meta: { label: 'Two pizzas' } });
    now = 2_000;
    const second = await before.enqueue(order('T1', 'tiramisu'));
    now = 3_000;
    const third = await before.enqueue({ method: 'DELETE', path: '/api/orders/o1/lines/0' });
    before.close();

    const after = openQueue<{ label: string }>();
    const entries = await after.list();
    expect(entries.map((entry) => entry.id)).toEqual([first.id, second.id, third.id]);
    expect(entries[0]).toEqual({
      id: first.id,
      seq: first.seq,
      request: order('T1', 'pizza', 2),
      idempotencyKey: first.idempotencyKey,
      queuedAt: 1_000,
      attempts: 0,
      meta: { label: 'Two pizzas' },
      state: 'waiting',
      lastFailure: null,
    });
    expect(entries.map((entry) => entry.queuedAt)).toEqual([1_000, 2_000, 3_000]);
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(entries.map((entry) => entry.idempotencyKey)).size).toBe(3);
  });

  it('keeps a key handed in from an attempt made before the request was queued', async () => {
    const queue = openQueue();
    const entry = await queue.enqueue(order('T2', 'pizza'), { idempotencyKey: 'draft-key-1' });
    expect(entry.idempotencyKey).toBe('draft-key-1');
    const server = fakeServer();
    await queue.replay();
    expect(server.received.map((request) => request.key)).toEqual(['draft-key-1']);
  });

  it('sends the waiting entries one at a time, in queue order, and marks each sent with its answer', async () => {
    const queue = openQueue();
    const entries = [
      await queue.enqueue(order('T1', 'pizza')),
      await queue.enqueue(order('T1', 'pasta')),
      await queue.enqueue({ ...order('T1', 'wine'), headers: { 'X-Approval-Pin': '1234' } }),
    ];
    let inFlight = 0;
    let mostInFlight = 0;
    const sent: unknown[] = [];
    const outcome = await queue.replay(async (request) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(request);
      inFlight -= 1;
      return { number: sent.length };
    });

    expect(mostInFlight).toBe(1);
    expect(sent).toEqual(
      entries.map((entry) => ({
        ...entry.request,
        headers: { ...entry.request.headers, 'idempotency-key': entry.idempotencyKey },
      })),
    );
    expect(outcome).toEqual({ sent: entries.map((entry) => entry.id), refused: [], stoppedAt: null });
    const after = await queue.list();
    expect(states(after)).toEqual(['sent', 'sent', 'sent']);
    expect(after.map((entry) => (entry.state === 'sent' ? entry.answer : null))).toEqual([
      { number: 1 },
      { number: 2 },
      { number: 3 },
    ]);
    expect(after.map((entry) => entry.attempts)).toEqual([1, 1, 1]);
  });

  it('sends through the API client by default: JSON body, the headers kept, the Idempotency-Key', async () => {
    const queue = openQueue();
    const entry = await queue.enqueue({ ...order('T3', 'pizza'), headers: { 'X-Approval-Pin': '1234' } });
    const server = fakeServer();
    await queue.replay();
    const [request] = server.received;
    expect(request?.key).toBe(entry.idempotencyKey);
    expect(request?.body).toEqual(order('T3', 'pizza').body);
    expect(request?.headers.get('x-approval-pin')).toBe('1234');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(server.fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    const [sent] = await queue.list();
    expect(sent).toMatchObject({ state: 'sent', answer: { id: 'order-1', number: 1 } });
  });

  it('stops at a network failure, leaving it and the rest waiting; the next replay resumes there with the same key', async () => {
    let now = 10_000;
    const queue = openQueue(() => now);
    const [first, second, third] = [
      await queue.enqueue(order('T1', 'pizza')),
      await queue.enqueue(order('T1', 'pasta')),
      await queue.enqueue(order('T1', 'wine')),
    ];
    const server = fakeServer();
    // The first goes through, the second meets no network: the third is not tried.
    server.next('ok', 'network');
    const outcome = await queue.replay();
    expect(outcome).toEqual({ sent: [first!.id], refused: [], stoppedAt: second!.id });
    expect(server.received.map((request) => request.key)).toEqual([
      first!.idempotencyKey,
      second!.idempotencyKey,
    ]);
    const stopped = await queue.list();
    expect(states(stopped)).toEqual(['sent', 'waiting', 'waiting']);
    expect(stopped[1]).toMatchObject({
      attempts: 1,
      lastFailure: { at: 10_000, status: null, message: 'Could not reach the server.' },
    });
    expect(stopped[2]).toMatchObject({ attempts: 0, lastFailure: null });

    now = 20_000;
    const resumed = await openQueue().replay();
    expect(resumed).toEqual({ sent: [second!.id, third!.id], refused: [], stoppedAt: null });
    expect(server.received.map((request) => request.key)).toEqual([
      first!.idempotencyKey,
      second!.idempotencyKey,
      second!.idempotencyKey,
      third!.idempotencyKey,
    ]);
    const done = await queue.list();
    expect(states(done)).toEqual(['sent', 'sent', 'sent']);
    expect(done.map((entry) => entry.attempts)).toEqual([1, 2, 1]);
    expect(server.placed()).toHaveLength(3);
  });

  it('sends again with the same key when the answer was lost, so the order is placed once', async () => {
    const queue = openQueue();
    const entry = await queue.enqueue(order('T4', 'pizza'));
    const server = fakeServer();
    server.next('lost answer');
    expect((await queue.replay()).stoppedAt).toBe(entry.id);
    expect(server.placed()).toEqual([{ id: 'order-1', number: 1 }]);

    await queue.replay();
    expect(server.received.map((request) => request.key)).toEqual([
      entry.idempotencyKey,
      entry.idempotencyKey,
    ]);
    expect(server.placed()).toEqual([{ id: 'order-1', number: 1 }]);
    const [sent] = await queue.list();
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, answer: { id: 'order-1', number: 1 } });
  });

  it('keeps a 409 as refused with its code, message and details, and goes on with the next', async () => {
    let now = 5_000;
    const queue = openQueue(() => now);
    const [soldOut, next] = [
      await queue.enqueue(order('T1', 'tiramisu', 3)),
      await queue.enqueue(order('T1', 'pizza')),
    ];
    const server = fakeServer();
    const shortfall = { menuItemId: 'tiramisu', name: 'Tiramisù', remaining: 1, lines: [0] };
    server.next(
      jsonResponse(409, {
        error: {
          code: 'OUT_OF_STOCK',
          message: 'Only 1 Tiramisù left',
          fields: { 'items.0.quantity': 'only 1 left' },
          outOfStock: [shortfall],
        },
      }),
    );
    now = 6_000;
    const outcome = await queue.replay();
    expect(outcome).toEqual({ sent: [next!.id], refused: [soldOut!.id], stoppedAt: null });
    const [refused, sent] = await queue.list();
    const { lastFailure: _none, ...queued } = soldOut as Extract<QueueEntry, { state: 'waiting' }>;
    expect(refused).toEqual({
      ...queued,
      attempts: 1,
      state: 'refused',
      refusedAt: 6_000,
      refusal: {
        status: 409,
        body: {
          error: {
            code: 'OUT_OF_STOCK',
            message: 'Only 1 Tiramisù left',
            fields: { 'items.0.quantity': 'only 1 left' },
            outOfStock: [shortfall],
          },
        },
      },
    });
    expect(sent?.state).toBe('sent');
    // A refused entry is not sent again.
    await queue.replay();
    expect(server.received).toHaveLength(2);
  });

  it('refuses other 4xx the same way, and keeps the status of an answer that is not the API error', async () => {
    const queue = openQueue();
    const entries = [
      await queue.enqueue({ method: 'POST', path: '/api/kitchen/lines/l1/bump' }),
      await queue.enqueue(order('T1', 'gone')),
      await queue.enqueue({ method: 'PATCH', path: '/api/orders/o1/status', body: { status: 'accepted' } }),
    ];
    const server = fakeServer();
    server.next(
      errorResponse(409, 'LINE_STARTED', 'The line is already being made'),
      errorResponse(422, 'UNPROCESSABLE', 'The dish does not exist', {
        'items.0.menuItemId': 'unknown dish',
      }),
      new Response('<h1>Not found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
    );
    const outcome = await queue.replay();
    expect(outcome).toEqual({ sent: [], refused: entries.map((entry) => entry.id), stoppedAt: null });
    const refusals = (await queue.list()).map((entry) => (entry.state === 'refused' ? entry.refusal : null));
    expect(refusals).toEqual([
      {
        status: 409,
        body: { error: { code: 'LINE_STARTED', message: 'The line is already being made' } },
      },
      {
        status: 422,
        body: {
          error: {
            code: 'UNPROCESSABLE',
            message: 'The dish does not exist',
            fields: { 'items.0.menuItemId': 'unknown dish' },
          },
        },
      },
      { status: 404, body: '<h1>Not found</h1>' },
    ]);
    expect(refusals.map((refusal) => refusal && refusalAsError(refusal).message)).toEqual([
      'The line is already being made',
      'The dish does not exist',
      'Request failed with status 404',
    ]);
  });

  it.each([
    ['the server is unavailable (503)', () => errorResponse(503, 'UNAVAILABLE', 'Try again shortly'), 503],
    ['a proxy cannot reach it (502)', () => new Response('Bad gateway', { status: 502 }), 502],
    ['it is asked to slow down (429)', () => errorResponse(429, 'RATE_LIMITED', 'Slow down'), 429],
    ['the session lapsed (401)', () => errorResponse(401, 'UNAUTHENTICATED', 'Sign in'), 401],
    [
      'a captive portal answers 200 with its own page',
      () => new Response('<html>Sign in to the Wi-Fi</html>'),
      null,
    ],
  ])('stops and keeps the entry waiting when %s', async (_case, answer, status) => {
    const queue = openQueue();
    const [first, second] = [
      await queue.enqueue(order('T1', 'pizza')),
      await queue.enqueue(order('T1', 'pasta')),
    ];
    const server = fakeServer();
    server.next(answer());
    expect(await queue.replay()).toEqual({ sent: [], refused: [], stoppedAt: first!.id });
    const entries = await queue.list();
    expect(states(entries)).toEqual(['waiting', 'waiting']);
    expect(entries[0]).toMatchObject({ attempts: 1, lastFailure: { status } });
    expect(server.received).toHaveLength(1);

    await queue.replay();
    expect(server.received.map((request) => request.key)).toEqual([
      first!.idempotencyKey,
      first!.idempotencyKey,
      second!.idempotencyKey,
    ]);
    expect(states(await queue.list())).toEqual(['sent', 'sent']);
  });

  it('sends again, with its key, an entry left "sending" by a page closed mid-send', async () => {
    const before = openQueue();
    const entry = await before.enqueue(order('T5', 'pizza'));
    let reached!: () => void;
    const sendStarted = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // The page goes away while the request is out: no answer will ever come to it.
    void before.replay(() => {
      reached();
      return new Promise(() => undefined);
    });
    await sendStarted;
    const after = openQueue();
    expect(await after.list()).toMatchObject([{ id: entry.id, state: 'sending', attempts: 1 }]);

    const server = fakeServer();
    expect(await after.replay()).toEqual({ sent: [entry.id], refused: [], stoppedAt: null });
    expect(server.received.map((request) => request.key)).toEqual([entry.idempotencyKey]);
    expect(await after.list()).toMatchObject([{ state: 'sent', attempts: 2 }]);
  });

  it('sends each entry once when replays are asked for together, and also what was queued meanwhile', async () => {
    const queue = openQueue();
    await queue.enqueue(order('T1', 'pizza'));
    await queue.enqueue(order('T1', 'pasta'));
    const server = fakeServer();
    const both = Promise.all([queue.replay(), queue.replay()]);
    const late = await queue.enqueue(order('T1', 'wine'));
    const [one, other] = await both;
    expect(one).toBe(other);
    expect(server.received).toHaveLength(3);
    expect(server.received[2]?.key).toBe(late.idempotencyKey);
    expect(states(await queue.list())).toEqual(['sent', 'sent', 'sent']);
  });

  it('holds a lock named after the queue while it replays, so two tabs never send the same entry', async () => {
    // Web Locks as the browser has them: one holder per name, the others wait their turn.
    const held: string[] = [];
    const tails = new Map<string, Promise<unknown>>();
    const locks = {
      request(name: string, work: () => Promise<unknown>) {
        const turn = (tails.get(name) ?? Promise.resolve()).then(() => {
          held.push(name);
          return work();
        });
        tails.set(
          name,
          turn.catch(() => undefined),
        );
        return turn;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const tab = openQueue();
      const otherTab = openQueue();
      await tab.enqueue(order('T1', 'pizza'));
      await tab.enqueue(order('T1', 'pasta'));
      const server = fakeServer();
      const [mine, theirs] = await Promise.all([tab.replay(), otherTab.replay()]);
      expect(server.received).toHaveLength(2);
      expect([...mine.sent, ...theirs.sent]).toHaveLength(2);
      expect(held).toEqual([`${databaseName}:guest-orders`, `${databaseName}:guest-orders`]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('acknowledges only finished entries, and takes back only those never tried', async () => {
    const queue = openQueue();
    const [sent, refused, failed, untried] = [
      await queue.enqueue(order('T1', 'pizza')),
      await queue.enqueue(order('T1', 'gone')),
      await queue.enqueue(order('T1', 'pasta')),
      await queue.enqueue(order('T1', 'wine')),
    ];
    const server = fakeServer();
    server.next(
      jsonResponse(201, { id: 'o1' }),
      errorResponse(409, 'CONFLICT', 'The table is closed'),
      'network',
    );
    await queue.replay();
    expect(states(await queue.list())).toEqual(['sent', 'refused', 'waiting', 'waiting']);

    // Tried once without an answer: the server may have it, so it stays until it is sent again.
    expect(await queue.remove(failed!.id)).toBe(false);
    expect(await queue.acknowledge(failed!.id)).toBe(false);
    expect(await queue.acknowledge(untried!.id)).toBe(false);
    expect(await queue.remove(sent!.id)).toBe(false);
    expect(await queue.remove(untried!.id)).toBe(true);
    expect(await queue.acknowledge(sent!.id)).toBe(true);
    expect(await queue.acknowledge(refused!.id)).toBe(true);
    expect(await queue.acknowledge('no-such-entry')).toBe(false);
    expect((await queue.list()).map((entry) => entry.id)).toEqual([failed!.id]);
  });

  it('tells its subscribers of every change, with a snapshot that changes only then', async () => {
    const queue = openQueue();
    const seen: string[][] = [];
    const unsubscribe = queue.subscribe(() => seen.push(states(queue.getSnapshot().entries)));
    const unread = queue.getSnapshot();
    expect(unread).toEqual({ entries: [], loaded: false });
    expect(queue.getSnapshot()).toBe(unread);
    await waitFor(() => expect(queue.getSnapshot().loaded).toBe(true));

    const entry = await queue.enqueue(order('T1', 'pizza'));
    fakeServer();
    await queue.replay();
    await queue.acknowledge(entry.id);
    await waitFor(() => expect(seen.at(-1)).toEqual([]));
    // Read once on subscribing (empty), then queued, sending, sent, and acknowledged.
    expect(seen).toEqual([[], ['waiting'], ['sending'], ['sent'], []]);
    expect(queue.getSnapshot().loaded).toBe(true);
    const last = queue.getSnapshot();
    expect(queue.getSnapshot()).toBe(last);

    unsubscribe();
    await queue.enqueue(order('T1', 'pasta'));
    expect(seen).toHaveLength(5);
  });

  it('hears a change made by another tab', async () => {
    const tab = openQueue();
    const otherTab = openQueue();
    const heard = vi.fn();
    tab.subscribe(heard);
    await waitFor(() => expect(tab.getSnapshot().loaded).toBe(true));
    const entry = await otherTab.enqueue(order('T1', 'pizza'));
    await waitFor(() => expect(tab.getSnapshot().entries.map((known) => known.id)).toEqual([entry.id]));
  });

  it('gives screens its entries through useOfflineQueue, re-rendering as they change', async () => {
    const queue = openQueue();
    const { result } = renderHook(() => useOfflineQueue('guest-orders', queue));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.entries).toEqual([]);

    const server = fakeServer();
    server.next(errorResponse(409, 'OUT_OF_STOCK', 'Tiramisù is sold out'));
    await act(async () => {
      await queue.enqueue(order('T1', 'tiramisu'));
    });
    expect(states(result.current.entries)).toEqual(['waiting']);
    await act(async () => {
      await queue.replay();
    });
    expect(result.current.entries[0]).toMatchObject({
      state: 'refused',
      refusal: { status: 409, body: { error: { code: 'OUT_OF_STOCK', message: 'Tiramisù is sold out' } } },
    });
  });

  it("turns a refusal into the API client's error, with the API's fields and figures", () => {
    const error = refusalAsError({
      status: 409,
      body: {
        error: {
          code: 'OUT_OF_STOCK',
          message: 'Only 1 Carbonara left',
          outOfStock: [{ menuItemId: 'dish', name: 'Carbonara', remaining: 1, lines: [0] }],
        },
      },
    });
    expect(error.status).toBe(409);
    expect(error.code).toBe('OUT_OF_STOCK');
    expect(error.message).toBe('Only 1 Carbonara left');
    expect(error.apiError?.outOfStock).toEqual([
      { menuItemId: 'dish', name: 'Carbonara', remaining: 1, lines: [0] },
    ]);
    // A proxy's page: a status, no API error.
    // As a release before this one stored it: the API's error, not the body.
    const stored = {
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'Only 1 Carbonara left',
      error: { code: 'OUT_OF_STOCK', message: 'Only 1 Carbonara left' },
    };
    const older = refusalAsError(stored as unknown as Refusal);
    expect([older.status, older.code, older.message]).toEqual([409, 'OUT_OF_STOCK', 'Only 1 Carbonara left']);
    const bare = refusalAsError({ status: 404, body: '<h1>Not found</h1>' });
    expect(bare.status).toBe(404);
    expect(bare.message).toBe('Request failed with status 404');
    expect(bare.apiError).toBeUndefined();
  });
});

describe("the service worker's replay (Background Sync)", () => {
  it('sends what the page queued, in order, under its keys, as the page would; the page hears each change', async () => {
    const page = openQueue();
    const first = await page.enqueue(order('T1', 'pizza', 2));
    const second = await page.enqueue({
      method: 'POST',
      path: ORDERS,
      body: { tableCode: 'T1', note: '', items: [{ menuItemId: 'tiramisu', quantity: 1 }] },
      headers: { 'X-Guest-Token': 'guest-1' },
    });
    const heard = vi.fn();
    page.subscribe(heard);
    const server = fakeServer();

    const outcome = await replayFromWorker('guest-orders', databaseName);

    expect(outcome).toEqual({ sent: [first.id, second.id], refused: [], stoppedAt: null });
    expect(server.received.map((request) => request.key)).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    // The same request the API client makes: JSON, the emptied field left out, the headers kept.
    expect(server.received[1]?.body).toEqual({
      tableCode: 'T1',
      items: [{ menuItemId: 'tiramisu', quantity: 1 }],
    });
    expect(server.received[1]?.headers.get('content-type')).toBe('application/json');
    expect(server.received[1]?.headers.get('x-guest-token')).toBe('guest-1');
    const entries = await page.list();
    expect(entries.map((entry) => (entry.state === 'sent' ? entry.answer : entry.state))).toEqual([
      { id: 'order-1', number: 1 },
      { id: 'order-2', number: 2 },
    ]);
    await vi.waitFor(() => expect(states(page.getSnapshot().entries)).toEqual(['sent', 'sent']));
    expect(heard).toHaveBeenCalled();
  });

  it('keeps a refusal for the page to show, stops where no answer came, and the page resumes with the same key', async () => {
    const page = openQueue();
    const soldOut = await page.enqueue(order('T1', 'tiramisu'));
    const lost = await page.enqueue(order('T1', 'pizza'));
    const last = await page.enqueue(order('T1', 'water'));
    const server = fakeServer();
    server.next(errorResponse(422, 'UNPROCESSABLE', 'Tiramisù is sold out'), 'lost answer');

    const outcome = await replayFromWorker('guest-orders', databaseName);
    expect(outcome).toEqual({ sent: [], refused: [soldOut.id], stoppedAt: lost.id });
    const [refused, waiting, untouched] = await page.list();
    expect(refused).toMatchObject({ state: 'refused', refusal: { status: 422 } });
    expect(refused?.state === 'refused' && refusalAsError(refused.refusal).message).toBe(
      'Tiramisù is sold out',
    );
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, lastFailure: { status: null } });
    expect(untouched).toMatchObject({ state: 'waiting', attempts: 0 });

    // The page carries on where the worker stopped: the order whose answer was lost goes again
    // under its key and is placed once.
    expect(await page.replay()).toEqual({ sent: [lost.id, last.id], refused: [], stoppedAt: null });
    expect(server.received.map((request) => request.key)).toEqual([
      soldOut.idempotencyKey,
      lost.idempotencyKey,
      lost.idempotencyKey,
      last.idempotencyKey,
    ]);
    // The refused one was never placed; the one whose answer was lost, once.
    expect(server.placed()).toHaveLength(2);
  });

  it('waits on a 5xx or a session that lapsed, as the page does', async () => {
    const page = openQueue();
    const entry = await page.enqueue(order('T1', 'pizza'));
    const server = fakeServer();
    server.next(
      errorResponse(503, 'UNAVAILABLE', 'Restarting'),
      errorResponse(401, 'UNAUTHENTICATED', 'Sign in'),
    );
    expect(await replayFromWorker('guest-orders', databaseName)).toMatchObject({ stoppedAt: entry.id });
    expect(await replayFromWorker('guest-orders', databaseName)).toMatchObject({ stoppedAt: entry.id });
    expect(await page.list()).toMatchObject([
      { state: 'waiting', attempts: 2, lastFailure: { status: 401 } },
    ]);
    expect(await replayFromWorker('guest-orders', databaseName)).toMatchObject({ sent: [entry.id] });
  });
});
