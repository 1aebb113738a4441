// The embedded database in a worker thread: one PGlite, driven by messages from
// pglite-worker-client.ts. PGlite's own locks order the work: a query outside a transaction waits
// for the open transaction to end, and the statements of a transaction run one after another.
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { WireError, WireOptions, WorkerReply, WorkerRequest } from './pglite-worker-protocol';

const port = parentPort!;
let pglite: PGlite | undefined;
/** Open transactions by the id of the request that began them, with how to end each. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (requestId: number, commit: boolean) => void }
>();
/** How to stop each listener, by the id of the request that started it. */
const listeners = new Map<number, () => Promise<void>>();
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

const send = (reply: WorkerReply) => port.postMessage(reply);
const answer = (id: number, value: unknown) => send({ id, ok: true, value });
const fail = (id: number, error: unknown) => send({ id, ok: false, error: toWire(error) });

/** PostgreSQL's fields (code, constraint, detail…) cross with the message; functions and values do not. */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'name' || key === 'length') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

// drizzle keeps dates, times and numeric arrays as PostgreSQL's text: the client sends which types
// stay raw and the worker rebuilds the same parsers here.
const keep = (value: string) => value;
const optionsByKey = new Map<string, QueryOptions>();
function toQueryOptions(options: WireOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const key = `${options.rowMode ?? ''}|${options.rawTypes?.join(',') ?? ''}|${options.paramTypes?.join(',') ?? ''}`;
  let built = optionsByKey.get(key);
  if (!built) {
    built = {
      rowMode: options.rowMode,
      paramTypes: options.paramTypes,
      parsers: options.rawTypes ? Object.fromEntries(options.rawTypes.map((oid) => [oid, keep])) : undefined,
    };
    optionsByKey.set(key, built);
  }
  return built;
}

function target(txId: number): PGlite | Transaction {
  if (txId === 0) return pglite!;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin(id: number) {
  let begun = false;
  let endId = 0;
  pglite!
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          begun = true;
          transactions.set(id, {
            tx,
            end: (requestId, commit) => {
              endId = requestId;
              if (commit) resolve();
              else reject(ROLLBACK);
            },
          });
          answer(id, id);
        }),
    )
    .then(
      () => {
        transactions.delete(id);
        answer(endId, null);
      },
      (error) => {
        transactions.delete(id);
        if (!begun) fail(id, error);
        else if (error === ROLLBACK) answer(endId, null);
        else fail(endId, error); // COMMIT failed: the transaction is gone either way
      },
    );
}

async function handle(request: WorkerRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'open': {
        pglite = await PGlite.create({
          dataDir: request.dataDir,
          loadDataDir: request.loadDataDir && new Blob([request.loadDataDir]),
        });
        answer(id, null);
        return;
      }
      case 'query':
        answer(
          id,
          await target(request.tx).query(request.sql, request.params, toQueryOptions(request.options)),
        );
        return;
      case 'exec':
        answer(id, await target(request.tx).exec(request.sql, toQueryOptions(request.options)));
        return;
      case 'begin':
        begin(id);
        return;
      case 'rollback':
        answer(id, await (target(request.tx) as Transaction).rollback());
        return;
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        open.end(id, request.commit); // answered once PGlite has committed or rolled back
        return;
      }
      case 'listen': {
        const stop = await pglite!.listen(request.channel, (payload) =>
          send({ id: 0, listener: id, payload }),
        );
        listeners.set(id, stop);
        answer(id, null);
        return;
      }
      case 'unlisten': {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        await stop?.();
        answer(id, null);
        return;
      }
      case 'close':
        await pglite?.close();
        answer(id, null);
        return;
    }
  } catch (error) {
    fail(id, error);
  }
}

port.on('message', (request: WorkerRequest) => void handle(request));
