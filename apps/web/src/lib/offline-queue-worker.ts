import { AnswerError, dropEmptyStrings } from './http-error';
import {
  createQueueStores,
  DATABASE_NAME,
  DATABASE_VERSION,
  type EntryStore,
  exclusively,
  type QueueName,
  queueChannelName,
  type ReplayOutcome,
  type SendRequest,
  type StoredEntry,
  sendWaiting,
} from './offline-queue-core';

/*
 * A queue's replay from a service worker (Background Sync: the network is back, perhaps with the page
 * closed). The same rules as the page's (offline-queue-core.ts), over IndexedDB and fetch themselves:
 * the worker's script is fetched on the guest's first load, and idb and the page's API client would
 * be most of its bytes.
 */

/** Resolves with what a request's success gave. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(databaseName: string): Promise<IDBDatabase> {
  const opening = indexedDB.open(databaseName, DATABASE_VERSION);
  opening.onupgradeneeded = () => createQueueStores(opening.result);
  return settled(opening);
}

function workerStore(db: IDBDatabase, name: QueueName, channel: BroadcastChannel): EntryStore {
  return {
    list: () => settled(db.transaction(name).objectStore(name).getAll()),
    update: (seq, change) => {
      const tx = db.transaction(name, 'readwrite');
      const committed = new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = tx.onerror = () => reject(tx.error);
      });
      // Awaited below; a transaction that fails with its read is reported by the read.
      committed.catch(() => undefined);
      const store = tx.objectStore(name);
      return settled<StoredEntry | undefined>(store.get(seq)).then(async (entry) => {
        const changed = entry && change(entry);
        if (changed) store.put(changed);
        await committed;
        // The open pages read the queue again.
        if (changed) channel.postMessage(name);
        return changed;
      });
    },
  };
}

/** Sends as the page's API client does (offline-queue.ts's `sendQueuedRequest`): JSON, the session's cookie. */
const sendFromWorker: SendRequest = async ({ method, path, body, headers }) => {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(dropEmptyStrings(body)),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch (error) {
      // A success that cannot be read is no usable answer (the entry waits); a refusal is one still.
      if (response.ok) throw error;
      data = text;
    }
  }
  if (!response.ok) throw new AnswerError(response.status, data);
  return data;
};

/** Sends the queue's waiting entries in order, as a page's `OfflineQueue.replay` would. */
export async function replayFromWorker(
  name: QueueName,
  databaseName: string = DATABASE_NAME,
): Promise<ReplayOutcome> {
  const channelName = queueChannelName(databaseName, name);
  return exclusively(channelName, async () => {
    const db = await openDatabase(databaseName);
    const channel = new BroadcastChannel(channelName);
    try {
      const outcome: ReplayOutcome = { sent: [], refused: [], stoppedAt: null };
      await sendWaiting(workerStore(db, name, channel), sendFromWorker, Date.now, outcome);
      return outcome;
    } finally {
      channel.close();
      db.close();
    }
  });
}
