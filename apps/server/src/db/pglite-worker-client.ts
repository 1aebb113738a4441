// The embedded database off the event loop: PGlite runs in a worker thread (pglite-worker.ts) and
// this client stands in for it, with the part of PGlite's interface that drizzle and the
// LISTEN helper use. HTTP keeps being served while a query runs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { WireError, WireOptions, WorkerReply, WorkerRequest } from './pglite-worker-protocol';

// Beside this module: src/db/pglite-worker.ts in development and tests, dist/pglite-worker.js
// beside the bundled server (scripts/build-server.mjs builds it as an entry of its own).
const here = fileURLToPath(import.meta.url);
const workerFile = path.join(path.dirname(here), `pglite-worker${path.extname(here)}`);

/** A transaction's statements, run inside the worker's open transaction. */
export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** What the server uses of the embedded engine; PGlite in process has it too. */
export interface EmbeddedClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire.fields);
  error.name = wire.name;
  // The worker's stack says where PostgreSQL's answer was read; the caller's says who asked.
  if (wire.stack) error.stack = `${error.stack}\n    --- in the database worker ---\n${wire.stack}`;
  return error;
}

// drizzle passes parsers that return the text unchanged (dates, times, numeric arrays); functions
// cannot cross to the worker, so only those are accepted, named by type. Checked once per options
// object (drizzle keeps one per prepared query).
const wireOptionsCache = new WeakMap<QueryOptions, WireOptions>();
const PROBE = '\u0000probe';
function toWire(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  let wire = wireOptionsCache.get(options);
  if (wire) return wire;
  const { rowMode, parsers, serializers, paramTypes, blob, onNotice, ...rest } = options;
  if (serializers || blob || onNotice || Object.keys(rest).length > 0)
    throw new Error('the embedded database worker takes rowMode, paramTypes and text-keeping parsers only');
  const rawTypes: number[] = [];
  for (const [oid, parse] of Object.entries(parsers ?? {})) {
    if (parse(PROBE) !== PROBE) throw new Error(`a parser for type ${oid} cannot run in the database worker`);
    rawTypes.push(Number(oid));
  }
  wire = { rowMode, paramTypes, rawTypes: rawTypes.length > 0 ? rawTypes : undefined };
  wireOptionsCache.set(options, wire);
  return wire;
}

export class PgliteWorkerClient implements EmbeddedClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** Set once the worker is gone (closed, or died): every call then fails with it. */
  #gone: Error | undefined;

  private constructor() {
    this.#worker = workerFile.endsWith('.js')
      ? new Worker(workerFile)
      : // TypeScript (development, tests): Node 20 does not pass tsx's ESM hooks on to a worker
        // (`--import tsx` there has no effect), so the worker loads tsx's require hook first.
        new Worker(
          `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).register();
           require(${JSON.stringify(workerFile)});`,
          { eval: true },
        );
    this.#worker.on('message', (reply: WorkerReply) => this.#receive(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) =>
      this.#stop(new Error(`the embedded database worker exited (code ${code})`)),
    );
  }

  /**
   * Starts the worker and opens the database in it: stored in dataDir, loaded from a dump, or
   * else a new one in memory.
   */
  static async start(
    options: { dataDir?: string; loadDataDir?: Uint8Array } = {},
  ): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient();
    try {
      await client.#call({ op: 'open', ...options });
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  #receive(reply: WorkerReply) {
    if ('listener' in reply) {
      this.#listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWire(reply.error));
  }

  /** Called once if the worker dies (not when closed): the process can no longer serve. */
  onLost: ((reason: Error) => void) | undefined;

  #stop(reason: Error) {
    if (!this.#gone && !this.#closing) this.onLost?.(reason);
    this.#gone ??= reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
    this.#listeners.clear();
  }

  #call<T>(request: Request, id = this.#nextId++): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  // async: options the worker cannot take reject like any other failure, never throw.
  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', tx: 0, sql, params, options: toWire(options) });
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call({ op: 'exec', tx: 0, sql, options: toWire(options) });
  }

  /**
   * As PGlite's: commits when the callback resolves, rolls back when it throws. Other queries wait
   * in the worker until it ends.
   */
  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const txId = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const checkOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: EmbeddedTransaction = {
      query: async (sql, params = [], options) => {
        checkOpen();
        return this.#call({ op: 'query', tx: txId, sql, params, options: toWire(options) });
      },
      exec: async (sql, options) => {
        checkOpen();
        return this.#call({ op: 'exec', tx: txId, sql, options: toWire(options) });
      },
      rollback: async () => {
        checkOpen();
        await this.#call({ op: 'rollback', tx: txId });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is what the caller needs; a failed rollback means the worker is gone.
      await this.#call({ op: 'end', tx: txId, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, callback);
    try {
      await this.#call({ op: 'listen', channel }, id);
    } catch (error) {
      this.#listeners.delete(id);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(id) || this.#gone) return;
      await this.#call({ op: 'unlisten', listener: id });
    };
  }

  /** Closes the database (after what is queued), then the worker. */
  #closing = false;

  async close(): Promise<void> {
    if (this.#gone) return;
    this.#closing = true;
    await this.#call({ op: 'close' });
    this.#stop(new Error('the embedded database is closed'));
    await this.#worker.terminate();
  }
}
