// What crosses between pglite-worker-client.ts (the server's thread) and pglite-worker.ts. Every
// request carries an id; the worker answers each once, in any order. `tx` is the id of the request
// that began the transaction a statement belongs to, 0 outside one.

/** QueryOptions without functions: the types whose text drizzle keeps as it is. */
export type WireOptions = { rowMode?: 'array' | 'object'; rawTypes?: number[]; paramTypes?: number[] };

export type WorkerRequest =
  | { op: 'open'; id: number; dataDir?: string; loadDataDir?: Uint8Array }
  | { op: 'query'; id: number; tx: number; sql: string; params: unknown[]; options?: WireOptions }
  | { op: 'exec'; id: number; tx: number; sql: string; options?: WireOptions }
  | { op: 'begin'; id: number }
  | { op: 'rollback'; id: number; tx: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listener: number }
  | { op: 'close'; id: number };

export type WireError = {
  name: string;
  message: string;
  stack?: string;
  /** PostgreSQL's fields: code, constraint, detail, table… */
  fields: Record<string, string | number | boolean>;
};

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  /** A NOTIFY for one listener, posted before the answer of the statement that delivered it. */
  | { id: 0; listener: number; payload: string };
