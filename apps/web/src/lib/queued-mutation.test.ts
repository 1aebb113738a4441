import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { HttpError } from './api-client';
import { OfflineQueue, type QueuedRequest } from './offline-queue';
import {
  createTapSender,
  createTapSync,
  isUnanswered,
  sendingOwnOnly,
  sendTapRequest,
} from './queued-mutation';

type Meta = { what: string; by: string };

const bump = (line: number): QueuedRequest => ({
  method: 'POST',
  path: '/api/kitchen/bump',
  body: { orderId: 'order-1', lineIndexes: [line], status: 'ready' },
});

type Fault = 'ok' | 'network' | 'lost answer' | 'hang' | Response;

/**
 * The kitchen's side as far as a tablet can tell: each Idempotency-Key bumps once and every retry
 * under it gets the first answer back. `next` decides what the next requests meet.
 */
function fakeServer() {
  const received: { key: string | null; body: unknown }[] = [];
  const done = new Map<string, { version: number; line: number }>();
  const faults: Fault[] = [];
  const hanging: (() => void)[] = [];
  const fetch = stubFetch(async ({ init }) => {
    const key = new Headers(init.headers).get('idempotency-key');
    const body = JSON.parse(String(init.body)) as { lineIndexes: number[] };
    received.push({ key, body });
    const fault = faults.shift();
    if (fault === 'hang') {
      await new Promise<void>((resolve) => hanging.push(resolve));
      throw new TypeError('Failed to fetch');
    }
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault instanceof Response) return fault;
    let answer = key ? done.get(key) : undefined;
    if (!answer) {
      answer = { version: done.size + 2, line: body.lineIndexes[0] ?? -1 };
      if (key) done.set(key, answer);
    }
    if (fault === 'lost answer') throw new TypeError('Network connection was lost');
    return jsonResponse(200, answer);
  });
  return {
    fetch,
    received,
    /** Bumps made, each once whatever the retries, in the order they were made. */
    made: () => [...done.values()].map((answer) => answer.line),
    next: (...coming: Fault[]) => faults.push(...coming),
    /** Lets the hanging requests fail (their network gave out). */
    release: () => {
      for (const resolve of hanging.splice(0)) resolve();
    },
  };
}

let databases = 0;
let databaseName: string;
const opened: OfflineQueue<Meta>[] = [];

function openQueue(): OfflineQueue<Meta> {
  const queue = new OfflineQueue<Meta>('staff-taps', { databaseName });
  opened.push(queue);
  return queue;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  databaseName = `queued-mutation-test-${++databases}`;
});

afterEach(() => {
  for (const queue of opened.splice(0)) queue.close();
  vi.unstubAllGlobals();
});

const meta = (what: string): Meta => ({ what, by: 'cook' });

describe('a tap', () => {
  it('is sent at once while the way is open, with an Idempotency-Key, and nothing is queued', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => false });
    const result = await send(bump(0), meta('line 0'));
    expect(result).toEqual({ queued: false, answer: { version: 2, line: 0 } });
    expect(server.received[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.list()).toEqual([]);
  });

  it('goes to the queue when its request gets no answer, under the key it was sent with', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const onQueued = vi.fn();
    const send = createTapSender({ queue, isOffline: () => false, onQueued });
    server.next('network');
    const result = await send(bump(0), meta('line 0'));
    expect(result.queued).toBe(true);
    expect(onQueued).toHaveBeenCalledOnce();
    const [entry] = await queue.list();
    expect(entry).toMatchObject({ state: 'waiting', meta: meta('line 0'), request: bump(0) });
    expect(entry?.idempotencyKey).toBe(server.received[0]?.key);
    expect(entry?.id).toBe(result.queued ? result.entryId : null);
  });

  it('is queued at once while offline, without a request', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => true });
    expect((await send(bump(0), meta('line 0'))).queued).toBe(true);
    expect(server.received).toEqual([]);
  });

  it('never overtakes one that waits: online again, it goes to the queue behind it', async () => {
    const server = fakeServer();
    const queue = openQueue();
    let offline = true;
    const send = createTapSender({ queue, isOffline: () => offline });
    await send(bump(0), meta('first'));
    offline = false;
    expect((await send(bump(1), meta('second'))).queued).toBe(true);
    expect(server.received).toEqual([]);
    expect((await queue.list()).map((entry) => entry.meta?.what)).toEqual(['first', 'second']);
  });

  it('made while the one before is still trying, lands behind it when that one is queued', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => false });
    server.next('hang');
    const first = send(bump(0), meta('first'));
    const second = send(bump(1), meta('second'));
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    server.release();
    expect((await first).queued).toBe(true);
    expect((await second).queued).toBe(true);
    expect((await queue.list()).map((entry) => entry.meta?.what)).toEqual(['first', 'second']);
    // The second was never sent before the first: it waited its turn, then saw the queue.
    expect(server.received).toHaveLength(1);
  });

  it('refused online (4xx) is thrown for the screen to say, and nothing is queued', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => false });
    server.next(errorResponse(409, 'INVALID_TRANSITION', 'Line 0 is voided'));
    const refusal = await send(bump(0), meta('line 0')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(409);
    expect(await queue.list()).toEqual([]);
    // The next tap is not held up by it.
    expect((await send(bump(1), meta('line 1'))).queued).toBe(false);
  });

  it('counts a gateway that cannot reach the server as no answer', () => {
    for (const status of [502, 503, 504]) expect(isUnanswered(new HttpError(status, null))).toBe(true);
    for (const status of [400, 401, 404, 409, 422, 500])
      expect(isUnanswered(new HttpError(status, null))).toBe(false);
  });

  it('is simply sent when IndexedDB cannot be used', async () => {
    fakeServer();
    vi.stubGlobal('indexedDB', undefined);
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => true });
    expect(await send(bump(0), meta('line 0'))).toEqual({ queued: false, answer: { version: 2, line: 0 } });
  });

  it('keeps the key handed in (a waiter’s draft already tried it)', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => false });
    server.next('network');
    await send(bump(0), meta('order'), { idempotencyKey: 'draft-key' });
    expect(server.received[0]?.key).toBe('draft-key');
    expect((await queue.list())[0]?.idempotencyKey).toBe('draft-key');
  });
});

describe('catching up', () => {
  it('sends what waits in order under its keys, reads again, and only then lets go of what was sent', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => true });
    for (const line of [0, 1, 2]) await send(bump(line), meta(`line ${line}`));
    const keys = (await queue.list()).map((entry) => entry.idempotencyKey);
    const seenAtRefetch: number[] = [];
    const catchUp = createTapSync({
      queue,
      send: sendTapRequest,
      refetch: async () => {
        seenAtRefetch.push((await queue.list()).length);
      },
    });
    // The first goes, but its answer is lost; the replay stops there.
    server.next('lost answer');
    await catchUp();
    expect(server.made()).toEqual([0]);
    expect((await queue.list()).map((entry) => entry.state)).toEqual(['waiting', 'waiting', 'waiting']);
    await catchUp();
    // Sent again with its key, the first is made once; then the others, in order.
    expect(server.made()).toEqual([0, 1, 2]);
    expect(server.received.map((request) => request.key)).toEqual([keys[0], keys[0], keys[1], keys[2]]);
    // Read again while the sent ones were still drawn, then let go.
    expect(seenAtRefetch).toEqual([3]);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps a refused tap for the person, goes on with the next, and reads again', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => true });
    await send(bump(0), meta('voided meanwhile'));
    await send(bump(1), meta('still fine'));
    const refetch = vi.fn(async () => undefined);
    const catchUp = createTapSync({ queue, send: sendTapRequest, refetch });
    server.next(errorResponse(409, 'INVALID_TRANSITION', 'Order #12 line 1 is voided'));
    await catchUp();
    expect(refetch).toHaveBeenCalledOnce();
    const [refused, ...rest] = await queue.list();
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({
      state: 'refused',
      meta: meta('voided meanwhile'),
      refusal: {
        status: 409,
        body: { error: { code: 'INVALID_TRANSITION', message: 'Order #12 line 1 is voided' } },
      },
    });
    expect(await queue.acknowledge(refused!.id)).toBe(true);
  });

  it('reads again on reconnect even when nothing waited, and not otherwise', async () => {
    fakeServer();
    const queue = openQueue();
    const refetch = vi.fn(async () => undefined);
    const catchUp = createTapSync({ queue, send: sendTapRequest, refetch });
    await catchUp();
    expect(refetch).not.toHaveBeenCalled();
    await catchUp(true);
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('never sends another person’s tap under the name of whoever is signed in now', async () => {
    const server = fakeServer();
    const queue = openQueue();
    const send = createTapSender({ queue, isOffline: () => true });
    await send(bump(0), { what: 'the night cook’s', by: 'night cook' });
    await send(bump(1), meta('mine'));
    const catchUp = createTapSync({
      queue,
      send: sendingOwnOnly(queue, (made) => made?.by === 'cook'),
      refetch: async () => undefined,
    });
    await catchUp();
    expect(server.made()).toEqual([1]);
    const [theirs] = await queue.list();
    expect(theirs).toMatchObject({ state: 'refused', meta: { by: 'night cook' }, refusal: { status: 409 } });
  });
});
