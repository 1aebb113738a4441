import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, type TRegisterRequest } from '@tavolo/contract/auth';
import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type ResponseOf,
} from '@tavolo/contract/endpoint';
import { categoriesEndpoints, menuEndpoints, type TCategory, type TMenuItem } from '@tavolo/contract/menu';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { MailMessage } from '../src/core/mailer';
import { type Database, type Db, wrapPglite, wrapPool } from '../src/db/client';
import { PgliteWorkerClient } from '../src/db/pglite-worker-client';
import { TEMPLATE_DATABASE, TEMPLATE_TAR, withDatabase } from './template';

/** A fresh database cloned from the migrated template (embedded, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // In its worker thread, as the server runs it (decision 024).
    return wrapPglite(await PgliteWorkerClient.start({ loadDataDir: await fs.readFile(TEMPLATE_TAR) }));
  }
  const name = `tavolo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Two files cloning the template at the same instant can collide; a retry settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const database = wrapPool(new pg.Pool({ connectionString: withDatabase(url, name), max: 10 }));
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The suite runs on PostgreSQL (TEST_DATABASE_URL): a pool of connections, so requests run at once. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A test of requests racing each other. The embedded database has one connection, so there they
 * take turns and nothing races: such a test runs on PostgreSQL only (as CI runs it), and on the
 * embedded database it is reported as skipped, saying why, never as passed.
 */
export function itRaces(name: string, test: () => Promise<void>, timeout?: number): void {
  if (onPostgres) it(name, test, timeout);
  else
    it.skip(
      `${name} [skipped on the embedded database: its requests take turns on one connection, so nothing races; set TEST_DATABASE_URL]`,
      test,
    );
}

/**
 * Sends `requests` all at once, or one after the other in order: a race test's requests, sent
 * either way, so that what holds whatever their order is also checked where nothing can race.
 */
export async function sendAll<T>(requests: (() => Promise<T>)[], how: 'at once' | 'in turn'): Promise<T[]> {
  if (how === 'at once') return Promise.all(requests.map((request) => request()));
  const answers: T[] = [];
  for (const request of requests) answers.push(await request());
  return answers;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every e-mail the app "sent", newest last. */
  mail: MailMessage[];
  close: () => Promise<void>;
};

/**
 * An app on a fresh database; pass `database` to run a second instance on the same one (the
 * caller then closes that database itself).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    database?: Database;
    /** Pino options, to read what the app logs; none by default. */
    logger?: Record<string, unknown>;
    /** What /api/health says of backups; none by default. */
    backups?: BuildAppOptions['backups'];
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    TAVOLO_DATA_DIR: dataDir,
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://tavolo.test',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    mailer: { send: async (message) => void mail.push(message) },
    backups: options.backups,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mail,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export type Owner = { token: string; restaurantId: string; email: string; password: string };

/** Signs up an owner with a first restaurant and returns their bearer token. */
export async function registerOwner(
  app: FastifyInstance,
  overrides: Partial<TRegisterRequest> = {},
): Promise<Owner> {
  const body: TRegisterRequest = {
    name: 'Ada Owner',
    email: uniqueEmail(),
    password: 'correct horse battery',
    restaurantName: 'Trattoria Uno',
    currency: 'EUR',
    timezone: 'Europe/Rome',
    ...overrides,
  };
  const session = await callApi(app, null, authEndpoints.register, { body });
  return {
    token: session.token!,
    restaurantId: session.restaurantId,
    email: body.email,
    password: body.password,
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return response.json().error;
}

/** Adds a staff member with one of the restaurant's roles through the API, as the owner would, and signs them in. */
export async function createStaffMember(
  testApp: TestApp,
  owner: Owner,
  roleName: string,
): Promise<{ token: string; staffId: string; email: string; password: string; roleId: string }> {
  const { items } = await callApi(testApp.app, owner.token, rolesEndpoints.listRoles);
  const role = items.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const email = uniqueEmail('staff');
  const password = 'staff password 1';
  const member = await callApi(testApp.app, owner.token, staffEndpoints.createStaffMember, {
    body: { name: `${roleName} Person`, email, password, roleId: role.id },
  });
  const session = await callApi(testApp.app, null, authEndpoints.logIn, {
    query: { staff: 'true' },
    body: { email, password },
  });
  return {
    token: session.token!,
    staffId: member.id,
    email,
    password,
    roleId: role.id,
  };
}

/** Query values as a test writes them; each is sent as text (an array as the key repeated). */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The endpoint's path with its `:params` filled in, and the query string. */
function addressOf(endpoint: Endpoint, params: unknown, query: unknown): string {
  const path = pathOf(endpoint, params as Record<string, string | number> | undefined);
  if (query === undefined || query === null) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// An endpoint known only at run time (a test walking a list of calls) takes any params.
type ParamsFor<E extends Endpoint> = Endpoint extends E ? Record<string, string> : ParamsOf<E>;

/** One of a list of calls that a test walks through: its params are checked when it is sent. */
export type ApiCall = {
  endpoint: Endpoint;
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
};

/** `GET /api/menu/:id`: an endpoint named in a failure message. */
export function describeEndpoint(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/**
 * The endpoint's address with its params filled in and its query encoded: for requests made over
 * real HTTP (`fetch`, event streams) rather than injected.
 */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  input: { params?: ParamsFor<E>; query?: QueryOf<E> | Record<string, QueryValue> } = {},
): string {
  return addressOf(endpoint, input.params, input.query);
}

/** What a call of `endpoint` sends besides its method and path, typed from its schemas. */
export type ApiInput<E extends Endpoint> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
} & (ParamsOf<E> extends undefined ? unknown : { params: ParamsOf<E> });

// The input may be left out only when the endpoint has no path params.
export type ApiArgs<E extends Endpoint> =
  object extends ApiInput<E>
    ? [input?: ApiInput<E>, expected?: number]
    : [input: ApiInput<E>, expected?: number];

/**
 * Calls `endpoint` as `token` (a bearer session; null for a guest or no one) and returns its
 * answer, failing loudly on any status but `expected` (the endpoint's success status unless
 * given). The input is held to the endpoint's schemas: a test that sends something broken on
 * purpose uses `injectApi`.
 */
export function callApi<E extends Endpoint>(
  app: FastifyInstance,
  token: string | null,
  endpoint: E,
  ...args: ApiArgs<E>
): Promise<ResponseOf<E>>;
export async function callApi(
  app: FastifyInstance,
  token: string | null,
  endpoint: Endpoint,
  ...args: unknown[]
): Promise<unknown> {
  const input = (args[0] ?? {}) as ApiInput<Endpoint>;
  const { method } = endpoint;
  const url = addressOf(endpoint, input.params, input.query);
  const { body, headers } = input;
  const expected = (args[1] as number | undefined) ?? endpoint.status ?? 200;
  const response = await app.inject({
    method,
    url,
    headers: { ...(token === null ? {} : bearer(token)), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (response.statusCode !== expected) {
    throw new Error(
      `${method} ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`,
    );
  }
  return response.body ? response.json() : undefined;
}

// Typed from the endpoint, so editors complete it, yet open to anything: tests send broken input
// on purpose (a field of the wrong type, an unknown field, a value typed `unknown`).
type Unchecked<T> = T | NonNullable<unknown> | null;

/** What `injectApi` sends: an endpoint's input, unchecked beyond its path params. */
export type InjectInput<E extends Endpoint> = {
  /** Sent as `Authorization: Bearer …`; none when absent or null. */
  token?: string | null;
  params?: ParamsFor<E>;
  query?: Unchecked<QueryOf<E>>;
  /** Sent as JSON. */
  body?: Unchecked<BodyOf<E>>;
  /** Sent as is, instead of `body` (malformed JSON, another media type, a multipart form). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Where the request seems to come from (rate limits). */
  remoteAddress?: string;
} & (ParamsOf<E> extends undefined ? unknown : { params: ParamsOf<E> });

type InjectArgs<E extends Endpoint> =
  object extends InjectInput<E> ? [input?: InjectInput<E>] : [input: InjectInput<E>];

/**
 * Sends a request to `endpoint` and returns the raw response, whatever its status: for tests of
 * error statuses, headers, streams and bodies that are not JSON.
 */
export function injectApi<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...[input]: InjectArgs<E>
): Promise<LightMyRequestResponse> {
  const { token, params, query, body, payload, headers, cookies, remoteAddress } = (input ??
    {}) as InjectInput<Endpoint>;
  return app.inject({
    method: endpoint.method,
    url: addressOf(endpoint, params, query),
    headers: { ...(token === undefined || token === null ? {} : bearer(token)), ...headers },
    ...(payload !== undefined ? { payload } : body === undefined ? {} : { payload: body as object }),
    ...(cookies === undefined ? {} : { cookies }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

export type StreamEvent = { id?: string; event?: string; data?: string; comment?: string };

/**
 * Opens a server-sent-events stream over real HTTP and parses it; `next` waits for the first
 * event matching a predicate (heartbeat comments included) or fails after `timeoutMs`.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const received: StreamEvent[] = [];
  let raw = '';
  const waiters: { test: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  const push = (event: StreamEvent) => {
    received.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.test(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };
  const pump = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        raw += text;
        buffer += text;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: StreamEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = line.slice(6);
          }
          push(event);
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    received,
    /** Everything the server has written so far, exactly as it arrived. */
    raw: () => raw,
    /** Settles when the server ends the stream (or close() aborts it). */
    ended: pump,
    next(test: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> {
      const seen = received.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`)),
          timeoutMs,
        );
        waiters.push({
          test,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

export type SeededRestaurant = {
  owner: Owner;
  category: TCategory;
  /** One dish per entry of `dishes`, in that order. */
  items: TMenuItem[];
  /** One active table per entry of `tables`, in that order. */
  tables: TTable[];
};

/**
 * A restaurant ready to take orders, made through the API as an owner would: a new owner (or the
 * one given), a category, dishes and tables.
 */
export async function seedRestaurant(
  app: FastifyInstance,
  options: {
    owner?: Owner;
    register?: Partial<TRegisterRequest>;
    category?: string;
    /** Each dish's fields but its category. */
    dishes?: Omit<BodyOf<typeof menuEndpoints.createMenuItem>, 'categoryId'>[];
    tables?: number[];
  } = {},
): Promise<SeededRestaurant> {
  const owner = options.owner ?? (await registerOwner(app, options.register));
  const category = await callApi(app, owner.token, categoriesEndpoints.createCategory, {
    body: { name: options.category ?? 'Mains' },
  });
  const items: TMenuItem[] = [];
  for (const dish of options.dishes ?? [{ name: 'Margherita', priceMinor: 900 }]) {
    items.push(
      await callApi(app, owner.token, menuEndpoints.createMenuItem, {
        body: { categoryId: category.id, ...dish },
      }),
    );
  }
  const tables: TTable[] = [];
  for (const number of options.tables ?? [1]) {
    tables.push(await callApi(app, owner.token, tablesEndpoints.createTable, { body: { number } }));
  }
  return { owner, category, items, tables };
}

/**
 * Makes `change` with the database's triggers off, so no NOTIFY tells any instance's caches: what a
 * cache answers afterwards shows whether it asked the database at all.
 */
export async function changeUnheard(db: Db, change: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(change);
  });
}

/**
 * Asks until `ask` answers `expected` or `withinMs` have passed, and returns the last answer. For
 * a change made straight in the database (not through the API) to sessions, staff or roles: on
 * PostgreSQL an instance hears of it through NOTIFY a moment after it committed (decision 023).
 */
export async function answerWithin<T>(ask: () => Promise<T>, expected: T, withinMs: number): Promise<T> {
  const start = performance.now();
  let last = await ask();
  while (last !== expected && performance.now() - start < withinMs) {
    // An injected request that the cache answers never waits on I/O: let the event loop read the
    // socket the NOTIFY arrives on, as it would between two requests from the network.
    await new Promise((resolve) => setImmediate(resolve));
    last = await ask();
  }
  return last;
}
