import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
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
import { type ApiInput, onPostgres, urlOf } from '../../test/helpers';

// The real server process on the embedded database (in its worker thread), killed with SIGKILL
// while guests place orders: every order it acknowledged must be there when it starts again.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on right now (other test files start servers too). */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
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
      ...env,
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

/** Every order of the restaurant, by id, with its number. */
async function listAllOrders(
  url: string,
  restaurantId: string,
  token: string | undefined,
): Promise<Map<string, number>> {
  const stored = new Map<string, number>();
  for (let page = 1; ; page++) {
    const { items } = await call(
      url,
      ordersEndpoints.listOrders,
      { params: { restaurantId }, query: { pageSize: 100, page } },
      token,
    );
    for (const { id, number } of items) stored.set(id, number);
    if (items.length < 100) return stored;
  }
}

/** Runs `npm run backup` or `npm run restore` (their scripts, as npm would) and answers how it ended. */
function runCommand(script: 'backup-cli.ts' | 'restore-cli.ts', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/backups/${script}`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ended = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ code, output });
    }),
  );
  return { child, ended };
}

// The embedded database only, whichever the suite runs on: the PostgreSQL pass would repeat it.
describe.skipIf(onPostgres)('the embedded database under SIGKILL', () => {
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

  it('killed during a backup: the data directory and the last good backup both open', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-kill-backup-'));
    const backupDir = `${dataDir}-backups`;
    const restoredDir = `${dataDir}-restored`;
    dirs.push(dataDir, backupDir, restoredDir);
    // No automatic backups: the test asks for each, through `npm run backup`, as an operator would.
    const env = { TAVOLO_BACKUP_DIR: backupDir, TAVOLO_BACKUP_HOURS: '0' };
    const first = await startServer(dataDir, env);
    const { token, restaurantId } = await call(first.url, authEndpoints.register, {
      body: {
        name: 'Backup Owner',
        email: 'backup@example.test',
        password: 'correct horse battery',
        restaurantName: 'Trattoria Backup',
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
      { body: { categoryId: category.id, name: 'Amatriciana', priceMinor: 1100 } },
      token,
    );
    const table = await call(first.url, tablesEndpoints.createTable, { body: { number: 1 } }, token);
    const order = () =>
      call(first.url, ordersEndpoints.placeOrder, {
        body: { qrToken: table.qrToken, items: [{ menuItemId: dish.id, quantity: 1 }] },
      });
    for (let i = 0; i < 20; i++) await order();
    const atGoodBackup = await listAllOrders(first.url, restaurantId, token);

    // The last good backup, made by the running server when asked.
    const good = await runCommand('backup-cli.ts', [], { ...env, TAVOLO_DATA_DIR: dataDir }).ended;
    expect(good.output).toContain('by the running server');
    expect(good.code).toBe(0);
    const [goodBackup] = (await fs.readdir(backupDir)).filter((name) => name.endsWith('.tar.br'));
    expect(goodBackup).toBeDefined();

    // Guests order while a second backup runs; the server is killed in the middle of it.
    let ordering = true;
    const acknowledged: string[] = [];
    const guests = Array.from({ length: 5 }, async () => {
      while (ordering) {
        try {
          acknowledged.push((await order()).id);
        } catch (error) {
          if (ordering) throw error;
        }
      }
    });
    const second = runCommand('backup-cli.ts', [], { ...env, TAVOLO_DATA_DIR: dataDir });
    const inProgress = async () =>
      (await fs.readdir(dataDir)).some((name) => name.endsWith('.staging')) ||
      (await fs.readdir(backupDir)).some((name) => name.endsWith('.partial'));
    for (let waited = 0; !(await inProgress()); waited += 2) {
      if (waited > 60_000) throw new Error('the second backup never started');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    ordering = false;
    first.child.kill('SIGKILL');
    await exited;
    await Promise.all(guests);
    const interrupted = await second.ended;
    expect(interrupted.code).not.toBe(0);
    // The interrupted backup is not there as a backup: only the good one and its checksum.
    expect((await fs.readdir(backupDir)).filter((name) => !name.startsWith('.'))).toEqual([
      goodBackup,
      `${goodBackup}.sha256`,
    ]);

    // The data directory opens, with every acknowledged order; what the backup left is cleared.
    const again = await startServer(dataDir, env);
    const stored = await listAllOrders(again.url, restaurantId, token);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(atGoodBackup.size + acknowledged.length);
    const health = await call(again.url, healthEndpoints.health, {});
    expect(health.backup.lastAt).not.toBeNull();
    expect((await fs.readdir(backupDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect((await fs.readdir(dataDir)).filter((name) => name.endsWith('.staging'))).toEqual([]);
    // …and backs up again.
    const afterwards = await runCommand('backup-cli.ts', [], { ...env, TAVOLO_DATA_DIR: dataDir }).ended;
    expect(afterwards.code).toBe(0);
    const stopped = new Promise((resolve) => again.child.once('exit', resolve));
    again.child.kill('SIGTERM');
    expect(await stopped).toBe(0);

    // The last good backup opens too: restored into a fresh directory, it holds what it held.
    const restore = await runCommand('restore-cli.ts', [path.join(backupDir, goodBackup!)], {
      ...env,
      TAVOLO_DATA_DIR: restoredDir,
    }).ended;
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const restored = await startServer(restoredDir, env);
    expect(await listAllOrders(restored.url, restaurantId, token)).toEqual(atGoodBackup);
    const done = new Promise((resolve) => restored.child.once('exit', resolve));
    restored.child.kill('SIGTERM');
    expect(await done).toBe(0);
  }, 300_000);
});
