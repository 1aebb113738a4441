import { readApiError, type TApiError } from '@tavolo/contract/client/errors';
import type { TErrorCode } from '@tavolo/contract/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { type IDBPDatabase, openDB } from 'idb';
import { useSyncExternalStore } from 'react';
import { apiRequest, HttpError } from './api-client';
import { randomUuid } from './random-uuid';

/**
 * Requests made while the phone or tablet cannot reach the server (a guest's order, a kitchen's bump),
 * kept in IndexedDB so that they outlive a reload, and sent later in the order they were made, each
 * with the Idempotency-Key it was given when it was queued: a retry after a lost answer gets the
 * first answer back instead of doing the thing twice. Nothing leaves the queue unless the person has
 * seen how it ended (`acknowledge`) or takes back a request that never left (`remove`).
 * Decision 040.
 */

/** Each queue is an object store of its own in one database. A new name needs `DATABASE_VERSION` + 1. */
export const QUEUE_NAMES = ['guest-orders', 'staff-taps'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const DATABASE_NAME = 'tavolo-offline';
const DATABASE_VERSION = 1;

export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What to send: a change, never a read. */
export interface QueuedRequest {
  method: QueuedMethod;
  /** The endpoint's address as `urlOf` gives it (params filled in, query encoded). */
  path: string;
  /** JSON, as the request would have carried it. */
  body?: unknown;
  /**
   * Headers the request needs besides its Idempotency-Key (an approval's PIN, say). The session
   * cookie goes by itself.
   */
  headers?: Record<string, string>;
}

/** A queued request as it goes out: its headers include its Idempotency-Key. */
export interface OutgoingRequest extends QueuedRequest {
  headers: Record<string, string>;
}

/**
 * Sends one request; resolves with the answer's body on a 2xx and throws otherwise, as
 * `apiRequest` does (HttpError with the status and body, RequestError when no answer came).
 */
export type SendRequest = (request: OutgoingRequest) => Promise<unknown>;

/** Why an entry was not sent this time and waits for the next replay. */
export interface SendFailure {
  at: number;
  /** The status of the answer; null when none came (no network, a timeout, an unreadable answer). */
  status: number | null;
  message: string;
}

/** The server's answer to a request that no longer applies (a dish sold out meanwhile, a line already started). */
export interface Refusal {
  status: number;
  /** Null when the answer did not have the API's error shape (a proxy's error page). */
  code: TErrorCode | null;
  /** The server's English sentence for the case at hand. */
  message: string;
  /** The API's error as it came: its `fields`, `outOfStock` and the like, for the screen to say what changed. */
  error: TApiError | null;
}

interface EntryCommon<M> {
  /** Stable across reloads: for React keys and for the screen that queued it. */
  id: string;
  /** Queue order (IndexedDB's own key, counted up by the store). */
  seq: number;
  request: QueuedRequest;
  /** Made once when queued (or handed in from an attempt made before) and sent on every try. */
  idempotencyKey: string;
  /** When it was queued (ms since the epoch). */
  queuedAt: number;
  /** Tries so far, counting one that is going on. */
  attempts: number;
  /** What the screen that queued it keeps with it to show it (the dishes, the line bumped). */
  meta: M | undefined;
}

export type QueueEntry<M = unknown> = EntryCommon<M> &
  (
    | { state: 'waiting'; lastFailure: SendFailure | null }
    | { state: 'sending'; lastFailure: SendFailure | null }
    | { state: 'sent'; sentAt: number; answer: unknown }
    | { state: 'refused'; refusedAt: number; refusal: Refusal }
  );

export type QueueEntryState = QueueEntry['state'];

export interface QueueSnapshot<M = unknown> {
  /** In queue order, whatever their state. */
  entries: readonly QueueEntry<M>[];
  /** False until the store has been read once. */
  loaded: boolean;
}

export interface ReplayOutcome {
  /** Ids sent now. */
  sent: string[];
  /** Ids refused now. */
  refused: string[];
  /** The entry the replay stopped at (it and those after it wait), or null when none is left waiting. */
  stoppedAt: string | null;
}

type StoredEntry = QueueEntry<unknown>;

type QueueDatabase = {
  [Name in QueueName]: { key: number; value: StoredEntry; indexes: { id: string } };
};

function openQueueDatabase(
  databaseName: string,
  onBlocking: () => void,
): Promise<IDBPDatabase<QueueDatabase>> {
  return openDB<QueueDatabase>(databaseName, DATABASE_VERSION, {
    upgrade(db) {
      for (const name of QUEUE_NAMES) {
        if (db.objectStoreNames.contains(name)) continue;
        const store = db.createObjectStore(name, { keyPath: 'seq', autoIncrement: true });
        store.createIndex('id', 'id', { unique: true });
      }
    },
    // A newer version of the app opened in another tab: let it upgrade, open again when next needed.
    blocking: onBlocking,
    terminated: onBlocking,
  });
}

/** Sends a queued request through the API client: a lapsed session still leads to sign-in. */
export const sendQueuedRequest: SendRequest = ({ method, path, body, headers }) =>
  apiRequest(path, { method, body, headers });

// Answers that say "not now" rather than "no": the session lapsed (signing in again resumes the
// queue), a timeout, too many requests, and the server or a proxy in front of it failing.
const isRetryLater = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

type Outcome = { sent: unknown } | { refused: Refusal } | { later: SendFailure };

function judge(error: unknown, at: number): Outcome {
  if (error instanceof HttpError && !isRetryLater(error.status)) {
    const apiError = readApiError(error.data) ?? null;
    return {
      refused: {
        status: error.status,
        code: apiError?.code ?? null,
        message: error.message,
        error: apiError,
      },
    };
  }
  // No answer, an unreadable one (a captive portal's page answers 200 too) or a thrown bug: the
  // server may or may not have it, and the same key makes the next try safe either way.
  const status = error instanceof HttpError ? error.status : null;
  return { later: { at, status, message: error instanceof Error ? error.message : String(error) } };
}

/**
 * Runs `work` while no other tab replays the same queue (Web Locks, where the browser has them;
 * without them two tabs may send the same entry, which its Idempotency-Key keeps from counting twice).
 */
function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Partial<Navigator> | undefined)?.locks;
  return locks ? locks.request(name, work) : work();
}

export interface OfflineQueueOptions {
  /** The IndexedDB database (tests give each their own). */
  databaseName?: string;
  /** The clock (ms since the epoch). */
  now?: () => number;
}

export class OfflineQueue<M = unknown> {
  private database: Promise<IDBPDatabase<QueueDatabase>> | undefined;
  private snapshot: QueueSnapshot<M> = { entries: [], loaded: false };
  private readonly listeners = new Set<() => void>();
  private channel: BroadcastChannel | undefined;
  private reads = 0;
  private replaying: Promise<ReplayOutcome> | undefined;
  private replayAgain = false;
  private closed = false;
  private readonly databaseName: string;
  private readonly now: () => number;

  constructor(
    readonly name: QueueName,
    { databaseName = DATABASE_NAME, now = Date.now }: OfflineQueueOptions = {},
  ) {
    this.databaseName = databaseName;
    this.now = now;
  }

  /** Queues a request, waiting; resolves once it is in IndexedDB. */
  async enqueue(
    request: QueuedRequest,
    { idempotencyKey = randomUuid(), meta }: { idempotencyKey?: string; meta?: M } = {},
  ): Promise<QueueEntry<M>> {
    const db = await this.open();
    const entry = {
      id: randomUuid(),
      request,
      idempotencyKey,
      queuedAt: this.now(),
      attempts: 0,
      meta,
      state: 'waiting',
      lastFailure: null,
    } as const;
    // The store counts `seq` up: it is the queue's order.
    const seq = await db.add(this.name, entry as StoredEntry);
    await this.changed();
    return { ...entry, seq } as QueueEntry<M>;
  }

  /** Every entry, in queue order. */
  async list(): Promise<QueueEntry<M>[]> {
    const db = await this.open();
    return (await db.getAll(this.name)) as QueueEntry<M>[];
  }

  /**
   * Sends the waiting entries one at a time in queue order: a 2xx marks one sent (with its answer),
   * a refusal (4xx) marks it refused and goes on with the next; no answer, or one that says "not
   * now" (401, 408, 429, 5xx), stops the replay there with it and the rest still waiting. A call
   * while a replay runs joins it (which then looks once more for what was queued meanwhile).
   */
  replay(send: SendRequest = sendQueuedRequest): Promise<ReplayOutcome> {
    if (this.replaying) {
      this.replayAgain = true;
      return this.replaying;
    }
    const run = exclusively(`${this.databaseName}:${this.name}`, async () => {
      const outcome: ReplayOutcome = { sent: [], refused: [], stoppedAt: null };
      do {
        this.replayAgain = false;
        await this.sendWaiting(send, outcome);
      } while (this.replayAgain && outcome.stoppedAt === null);
      return outcome;
    });
    this.replaying = run.finally(() => {
      this.replaying = undefined;
    });
    return this.replaying;
  }

  /** Removes a sent or refused entry the person has seen; false for one not finished (it stays). */
  async acknowledge(id: string): Promise<boolean> {
    return this.removeWhere(id, (entry) => entry.state === 'sent' || entry.state === 'refused');
  }

  /**
   * Takes back an entry that was never tried; false for any other (it stays): once tried, the
   * server may have it, and only sending it again tells.
   */
  async remove(id: string): Promise<boolean> {
    return this.removeWhere(id, (entry) => entry.state === 'waiting' && entry.attempts === 0);
  }

  /** Calls `listener` after every change, this tab's or another's. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.listen();
    // The first screen to look reads the store; a failure to read leaves it "not loaded".
    if (!this.snapshot.loaded) void this.refresh().catch(() => undefined);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The entries as last read: the same object until something changes (for useSyncExternalStore). */
  getSnapshot = (): QueueSnapshot<M> => this.snapshot;

  /** Closes the database and stops hearing other tabs (tests; a page simply goes away). */
  close(): void {
    this.closed = true;
    this.channel?.close();
    this.channel = undefined;
    const database = this.database;
    this.database = undefined;
    void database?.then((db) => db.close()).catch(() => undefined);
  }

  private open(): Promise<IDBPDatabase<QueueDatabase>> {
    if (this.closed) return Promise.reject(new Error(`The offline queue ${this.name} is closed`));
    if (!this.database) {
      const opening = openQueueDatabase(this.databaseName, () => {
        void opening.then((db) => db.close());
        if (this.database === opening) this.database = undefined;
      });
      this.database = opening;
      // A failed opening is tried again next time.
      opening.catch(() => {
        if (this.database === opening) this.database = undefined;
      });
    }
    return this.database;
  }

  private async sendWaiting(send: SendRequest, outcome: ReplayOutcome): Promise<void> {
    for (;;) {
      // Under the lock, an entry left "sending" was cut off (the page closed mid-send): it goes again.
      const next = (await this.list()).find(
        (entry) => entry.state === 'waiting' || entry.state === 'sending',
      );
      if (!next) return;
      const sending = await this.update(next.seq, (entry) =>
        entry.state === 'waiting' || entry.state === 'sending'
          ? { ...entry, state: 'sending', attempts: entry.attempts + 1 }
          : undefined,
      );
      if (!sending) continue;
      const { request, idempotencyKey } = sending;
      let result: Outcome;
      try {
        const answer = await send({
          ...request,
          headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        });
        result = { sent: answer ?? null };
      } catch (error) {
        result = judge(error, this.now());
      }
      const at = this.now();
      await this.update(next.seq, (entry) => {
        const { id, seq, request, idempotencyKey, queuedAt, attempts, meta } = entry;
        const common = { id, seq, request, idempotencyKey, queuedAt, attempts, meta };
        if ('sent' in result) return { ...common, state: 'sent', sentAt: at, answer: result.sent };
        if ('refused' in result)
          return { ...common, state: 'refused', refusedAt: at, refusal: result.refused };
        return { ...common, state: 'waiting', lastFailure: result.later };
      });
      if ('sent' in result) outcome.sent.push(next.id);
      else if ('refused' in result) outcome.refused.push(next.id);
      else {
        outcome.stoppedAt = next.id;
        return;
      }
    }
  }

  /** Rewrites one entry in a transaction of its own; `change` returning undefined leaves it. */
  private async update(
    seq: number,
    change: (entry: StoredEntry) => StoredEntry | undefined,
  ): Promise<QueueEntry<M> | undefined> {
    const db = await this.open();
    const tx = db.transaction(this.name, 'readwrite');
    const entry = await tx.store.get(seq);
    const changed = entry && change(entry);
    if (changed) await tx.store.put(changed);
    await tx.done;
    if (changed) await this.changed();
    return changed as QueueEntry<M> | undefined;
  }

  private async removeWhere(id: string, allowed: (entry: StoredEntry) => boolean): Promise<boolean> {
    const db = await this.open();
    const tx = db.transaction(this.name, 'readwrite');
    const seq = await tx.store.index('id').getKey(id);
    const entry = seq === undefined ? undefined : await tx.store.get(seq);
    const removing = entry !== undefined && allowed(entry);
    if (removing) await tx.store.delete(entry.seq);
    await tx.done;
    if (removing) await this.changed();
    return removing;
  }

  /** After a write: read the store again for this tab's screens, and tell the other tabs. */
  private async changed(): Promise<void> {
    this.channelOf()?.postMessage(this.name);
    await this.refresh();
  }

  private async refresh(): Promise<void> {
    const read = ++this.reads;
    const entries = await this.list();
    // A slower read begun earlier must not overwrite a newer one.
    if (read !== this.reads) return;
    this.snapshot = { entries, loaded: true };
    for (const listener of this.listeners) listener();
  }

  private channelOf(): BroadcastChannel | undefined {
    if (this.closed || typeof BroadcastChannel !== 'function') return undefined;
    this.channel ??= new BroadcastChannel(`${this.databaseName}:${this.name}`);
    return this.channel;
  }

  private listen(): void {
    const channel = this.channelOf();
    if (channel && !channel.onmessage) {
      channel.onmessage = () => {
        void this.refresh().catch(() => undefined);
      };
    }
  }
}

const queues = new Map<QueueName, OfflineQueue<unknown>>();

/** The page's one queue of that name (the screens and the replay share it). */
export function getOfflineQueue<M = unknown>(name: QueueName): OfflineQueue<M> {
  let queue = queues.get(name);
  if (!queue) {
    queue = new OfflineQueue(name);
    queues.set(name, queue);
  }
  return queue as OfflineQueue<M>;
}

/** The queue's entries, re-rendering on every change (also one made in another tab). */
export function useOfflineQueue<M = unknown>(
  name: QueueName,
  queue: OfflineQueue<M> = getOfflineQueue<M>(name),
): QueueSnapshot<M> {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
