import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authEndpoints } from '@tavolo/contract/auth';
import type { Endpoint, ResponseOf } from '@tavolo/contract/endpoint';
import { healthEndpoints } from '@tavolo/contract/health';
import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiInput, urlOf } from '../../test/helpers';

// The real server process on the embedded database (in its worker thread), killed with SIGKILL
// while guests place orders: every order it acknowledged must be there when it starts again.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      TAVOLO_DATA_DIR: dataDir,
      DATABASE_URL: '',
      ORDER_LIMIT_PER_TABLE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url + urlOf(healthEndpoints.health))).ok) return { url, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer within 90 s');
}

/** Calls `endpoint` over real HTTP on the server at `url`, as `token`. */
async function call<E extends Endpoint>(
  url: string,
  endpoint: E,
  input: ApiInput<E>,
  token?: string,
): Promise<ResponseOf<E>> {
  const { params, query, body } = input as ApiInput<Endpoint>;
  const route = urlOf(endpoint as Endpoint, { params: params as Record<string, string> | undefined, query });
  const response = await fetch(url + route, {
    method: endpoint.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${endpoint.method} ${route}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as ResponseOf<E>;
}

describe('the embedded database under SIGKILL', () => {
  it('loses no acknowledged order and opens again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-kill-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    const { token, restaurantId } = await call(first.url, authEndpoints.register, {
      body: {
        name: 'Kill Owner',
        email: 'kill@example.test',
        password: 'correct horse battery',
        restaurantName: 'Trattoria Kill',
        currency: 'EUR',
        timezone: 'Europe/Rome',
      },
    });
    const category = await call(
      first.url,
      categoriesEndpoints.createCategory,
      { body: { name: 'Pasta' } },
      token,
    );
    const dish = await call(
      first.url,
      menuEndpoints.createMenuItem,
      { body: { categoryId: category.id, name: 'Carbonara', priceMinor: 1200 } },
      token,
    );
    const table = await call(first.url, tablesEndpoints.createTable, { body: { number: 1 } }, token);
    const placeOrder = first.url + urlOf(ordersEndpoints.placeOrder);

    // Twenty guests order in a loop until the process dies under them.
    const acknowledged: { id: string; number: number }[] = [];
    let killed = false;
    const guest = async () => {
      while (!killed) {
        try {
          const response = await fetch(placeOrder, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ qrToken: table.qrToken, items: [{ menuItemId: dish.id, quantity: 2 }] }),
          });
          if (response.status !== 201) throw new Error(`${placeOrder}: ${response.status}`);
          acknowledged.push((await response.json()) as { id: string; number: number });
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const guests = Array.from({ length: 20 }, guest);
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 10));
    // Mid-load: requests are in flight, a transaction is most likely open in the worker.
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    killed = true; // from here a failed request is expected (guests send no new ones)
    first.child.kill('SIGKILL');
    await exited;
    await Promise.all(guests);
    const answered = [...acknowledged];

    const second = await startServer(dataDir);
    const stored: { id: string; number: number }[] = [];
    for (let page = 1; ; page++) {
      const { items } = await call(
        second.url,
        ordersEndpoints.listOrders,
        { params: { restaurantId }, query: { pageSize: 100, page } },
        token,
      );
      stored.push(...items.map(({ id, number }) => ({ id, number })));
      if (items.length < 100) break;
    }
    const byId = new Map(stored.map((order) => [order.id, order.number]));
    const missing = answered.filter((order) => byId.get(order.id) !== order.number);
    expect(missing).toEqual([]);
    expect(new Set(stored.map((order) => order.number)).size).toBe(stored.length);
    expect(stored.length).toBeGreaterThanOrEqual(answered.length);

    // It still takes orders, numbered after the ones it kept.
    const next = await call(second.url, ordersEndpoints.placeOrder, {
      body: { qrToken: table.qrToken, items: [{ menuItemId: dish.id, quantity: 1 }] },
    });
    expect(next.number).toBeGreaterThan(Math.max(...stored.map((order) => order.number)));
    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 240_000);
});
