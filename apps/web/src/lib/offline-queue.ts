import { type IDBPDatabase, openDB } from 'idb';
import { useSyncExternalStore } from 'react';
import { apiRequest, HttpError } from './api-client';
import {
  createQueueStores,
  DATABASE_NAME,
  DATABASE_VERSION,
  exclusively,
  type QueuedRequest,
  type QueueEntry,
  type QueueName,
  type QueueSnapshot,
  queueChannelName,
  type Refusal,
  type ReplayOutcome,
  type SendRequest,
  type StoredEntry,
  sendWaiting,
} from './offline-queue-core';
import { randomUuid } from './random-uuid';

/**
 * Requests made while the phone or tablet cannot reach the server (a guest's order, a kitchen's bump),
 * kept in IndexedDB so that they outlive a reload, and sent later in the order they were made, each
 * with the Idempotency-Key it was given when it was queued: a retry after a lost answer gets the
 * first answer back instead of doing the thing twice. Nothing leaves the queue unless the person has
 * seen how it ended (`acknowledge`) or takes back a request that never left (`remove`).
 * Decision 040.
 */

export type {
  OutgoingRequest,
  QueuedMethod,
  QueuedRequest,
  QueueEntry,
  QueueEntryState,
  QueueName,
  QueueSnapshot,
  Refusal,
  ReplayOutcome,
  SendFailure,
  SendRequest,
} from './offline-queue-core';
export { DATABASE_NAME, QUEUE_NAMES } from './offline-queue-core';

type QueueDatabase = {
  [Name in QueueName]: { key: number; value: StoredEntry; indexes: { id: string } };
};

function openQueueDatabase(
  databaseName: string,
  onBlocking: () => void,
): Promise<IDBPDatabase<QueueDatabase>> {
  return openDB<QueueDatabase>(databaseName, DATABASE_VERSION, {
    upgrade: (db) => createQueueStores(db),
    // A newer version of the app opened in another tab: let it upgrade, open again when next needed.
    blocking: onBlocking,
    terminated: onBlocking,
  });
}

/**
 * A refusal as the API client's error (its status, the API's error, the server's sentence), so a
 * screen words it as it words one that came at once.
 */
export function refusalAsError(refusal: Refusal): HttpError {
  // A refusal stored by a release before the answer's body was kept had the API's error instead.
  const { error } = refusal as Refusal & { error?: unknown };
  const body = 'body' in refusal ? refusal.body : error ? { error } : null;
  return new HttpError(refusal.status, body);
}

/** Sends a queued request through the API client: a lapsed session still leads to sign-in. */
export const sendQueuedRequest: SendRequest = ({ method, path, body, headers }) =>
  apiRequest(path, { method, body, headers });

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
  private readonly entryStore = {
    list: () => this.list() as Promise<StoredEntry[]>,
    update: (seq: number, change: (entry: StoredEntry) => StoredEntry | undefined) =>
      this.update(seq, change) as Promise<StoredEntry | undefined>,
  };

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
    const run = exclusively(queueChannelName(this.databaseName, this.name), async () => {
      const outcome: ReplayOutcome = { sent: [], refused: [], stoppedAt: null };
      do {
        this.replayAgain = false;
        await sendWaiting(this.entryStore, send, this.now, outcome);
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
    this.channel ??= new BroadcastChannel(queueChannelName(this.databaseName, this.name));
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
