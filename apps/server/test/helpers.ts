import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TRegisterRequest, TSessionResponse } from '@tavolo/contract/auth';
import type { TCategory, TMenuItem } from '@tavolo/contract/menu';
import type { TRoleList, TStaffMember } from '@tavolo/contract/staff';
import type { TTable } from '@tavolo/contract/tables';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
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
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: body });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const session = response.json<TSessionResponse>();
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
  const { items } = await callApi<TRoleList>(testApp.app, owner.token, 'GET', '/api/roles');
  const role = items.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const email = uniqueEmail('staff');
  const password = 'staff password 1';
  const member = await callApi<TStaffMember>(testApp.app, owner.token, 'POST', '/api/staff', {
    name: `${roleName} Person`,
    email,
    password,
    roleId: role.id,
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/auth/login?staff=true',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  return {
    token: response.json<TSessionResponse>().token!,
    staffId: member.id,
    email,
    password,
    roleId: role.id,
  };
}

/** Calls the API as `token` and fails loudly on an unexpected status. */
export async function callApi<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== expected) {
    throw new Error(
      `${method} ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`,
    );
  }
  return (response.body ? response.json() : undefined) as T;
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
    dishes?: { name: string; priceMinor: number; options?: unknown[] }[];
    tables?: number[];
  } = {},
): Promise<SeededRestaurant> {
  const owner = options.owner ?? (await registerOwner(app, options.register));
  const category = await callApi<TCategory>(app, owner.token, 'POST', '/api/categories', {
    name: options.category ?? 'Mains',
  });
  const items: TMenuItem[] = [];
  for (const dish of options.dishes ?? [{ name: 'Margherita', priceMinor: 900 }]) {
    items.push(
      await callApi<TMenuItem>(app, owner.token, 'POST', '/api/menu', { categoryId: category.id, ...dish }),
    );
  }
  const tables: TTable[] = [];
  for (const number of options.tables ?? [1]) {
    tables.push(await callApi<TTable>(app, owner.token, 'POST', '/api/tables', { number }));
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

// ---- calls named by the contract's endpoint --------------------------------------------------------

import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type ResponseOf,
} from '@tavolo/contract/endpoint';

/**
 * What a call sends besides its endpoint: typed by the endpoint when it is a known one, loosely
 * when a test walks the whole table (`Endpoint` itself).
 */
export type EndpointInput<E extends Endpoint> = Endpoint extends E
  ? { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown }
  : { params?: ParamsOf<E>; query?: QueryOf<E>; body?: BodyOf<E> };

/** A query object as light-my-request takes it: strings, a list for a repeated key, nothing for undefined. */
function queryOf(query: Record<string, unknown> | undefined): Record<string, string | string[]> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/** Sends one call of the contract as `token` (if any) and answers the raw response, whatever its status. */
export function injectEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointInput<E> & { token?: string; headers?: Record<string, string> } = {} as never,
): Promise<LightMyRequestResponse> {
  const { params, query, body, token, headers } = input as EndpointInput<Endpoint> & {
    token?: string;
    headers?: Record<string, string>;
  };
  const url = pathOf(endpoint, params);
  const q = queryOf(query as Record<string, unknown> | undefined);
  return app.inject({
    method: endpoint.method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(q ? { query: q } : {}),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Calls the contract's endpoint as `token` and fails loudly on any status but `expected`. */
export async function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  token: string,
  endpoint: E,
  input: EndpointInput<E> = {} as never,
  expected: number = endpoint.status ?? 200,
): Promise<Endpoint extends E ? unknown : ResponseOf<E>> {
  const response = await injectEndpoint(app, endpoint, { ...input, token });
  if (response.statusCode !== expected) {
    throw new Error(
      `${endpoint.method} ${pathOf(endpoint, (input as EndpointInput<Endpoint>).params)} answered ${response.statusCode} (expected ${expected}): ${response.body}`,
    );
  }
  const json = String(response.headers['content-type'] ?? '').includes('json');
  return (json && response.body ? response.json() : response.body || undefined) as never;
}
