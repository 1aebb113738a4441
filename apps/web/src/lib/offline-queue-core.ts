import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { AnswerError } from './http-error';

/*
 * The offline queue's rules (decision 040), apart from where its entries are kept: the page keeps
 * them through idb (offline-queue.ts), the guest's service worker through IndexedDB itself
 * (offline-queue-worker.ts), and both send them the same way, in the same order, judging each answer alike.
 */

/** Each queue is an object store of its own in one database. A new name needs `DATABASE_VERSION` + 1. */
export const QUEUE_NAMES = ['guest-orders', 'staff-taps'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const DATABASE_NAME = 'tavolo-offline';
export const DATABASE_VERSION = 1;

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
 * `apiRequest` does (an AnswerError, such as HttpError, with the status and body; anything else when
 * no usable answer came).
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
  /**
   * The answer's body as it came: the API's error (its code, the server's English sentence, its
   * `fields` and `outOfStock`), or a proxy's page. The page reads it (`refusalAsError`); the worker
   * that may have stored it carries no code to.
   */
  body: unknown;
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

export type StoredEntry = QueueEntry<unknown>;

/** What creating the queues' stores needs of a database being upgraded (IndexedDB's own, or idb's). */
export interface UpgradingDatabase {
  objectStoreNames: { contains(name: string): boolean };
  createObjectStore(
    name: string,
    options: IDBObjectStoreParameters,
  ): { createIndex(name: string, keyPath: string, options: IDBIndexParameters): unknown };
}

/** Creates the queues' stores the database lacks (its upgrade to `DATABASE_VERSION`). */
export function createQueueStores(db: UpgradingDatabase): void {
  for (const name of QUEUE_NAMES) {
    if (db.objectStoreNames.contains(name)) continue;
    const store = db.createObjectStore(name, { keyPath: 'seq', autoIncrement: true });
    store.createIndex('id', 'id', { unique: true });
  }
}

/** The BroadcastChannel on which a change to a queue is told to every tab (and from the worker). */
export const queueChannelName = (databaseName: string, name: QueueName) => `${databaseName}:${name}`;

// Answers that say "not now" rather than "no": the session lapsed (signing in again resumes the
// queue), a timeout, too many requests, and the server or a proxy in front of it failing.
const isRetryLater = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

type Outcome = { sent: unknown } | { refused: Refusal } | { later: SendFailure };

function judge(error: unknown, at: number): Outcome {
  if (error instanceof AnswerError && !isRetryLater(error.status))
    return { refused: { status: error.status, body: error.data } };
  // No answer, an unreadable one (a captive portal's page answers 200 too) or a thrown bug: the
  // server may or may not have it, and the same key makes the next try safe either way.
  const status = error instanceof AnswerError ? error.status : null;
  return { later: { at, status, message: error instanceof Error ? error.message : String(error) } };
}

/**
 * Runs `work` while no other tab replays the same queue (Web Locks, where the browser has them;
 * without them two tabs may send the same entry, which its Idempotency-Key keeps from counting twice).
 */
export function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Partial<Navigator> | undefined)?.locks;
  return locks ? locks.request(name, work) : work();
}

/** Where a replay reads and rewrites the entries. */
export interface EntryStore {
  /** Every entry, in queue order. */
  list(): Promise<StoredEntry[]>;
  /** Rewrites one entry in a transaction of its own; `change` returning undefined leaves it. */
  update(
    seq: number,
    change: (entry: StoredEntry) => StoredEntry | undefined,
  ): Promise<StoredEntry | undefined>;
}

/**
 * Sends the waiting entries one at a time in queue order, adding to `outcome`: a 2xx marks one sent
 * (with its answer), a refusal (4xx) marks it refused and goes on with the next; no answer, or one
 * that says "not now" (401, 408, 429, 5xx), stops there with it and the rest still waiting. Run it
 * under `exclusively`.
 */
export async function sendWaiting(
  store: EntryStore,
  send: SendRequest,
  now: () => number,
  outcome: ReplayOutcome,
): Promise<void> {
  for (;;) {
    // Under the lock, an entry left "sending" was cut off (the page closed mid-send): it goes again.
    const next = (await store.list()).find((entry) => entry.state === 'waiting' || entry.state === 'sending');
    if (!next) return;
    const sending = await store.update(next.seq, (entry) =>
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
      result = judge(error, now());
    }
    const at = now();
    await store.update(next.seq, (entry) => {
      const { id, seq, request, idempotencyKey, queuedAt, attempts, meta } = entry;
      const common = { id, seq, request, idempotencyKey, queuedAt, attempts, meta };
      if ('sent' in result) return { ...common, state: 'sent', sentAt: at, answer: result.sent };
      if ('refused' in result) return { ...common, state: 'refused', refusedAt: at, refusal: result.refused };
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
