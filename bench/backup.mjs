// A backup of the demo restaurant on the embedded database while orders come in, and its restore
// (issue 33: a backup of 1,000,000 orders ≤ 60 s with order intake within 20 %, a restore ≤ 120 s).
// Builds the demo with BENCH_BACKUP_ORDERS orders (default 1,000,000) into a fresh data directory
// (or copies BENCH_BACKUP_FROM, a data directory where `npm run demo` already built one), starts the
// built server on it, and has 20 staff clients place orders: first for BENCH_BACKUP_BASELINE
// seconds (default 20), then while `npm run backup` asks the server for a backup. Then it stops the
// server and times `npm run restore` of that backup into another fresh directory.
// Called by run.mjs (BENCH_ONLY=backup); also runs alone: `node bench/backup.mjs` after `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from './built-server.mjs';
import { signInAsDemoOwner } from './demo.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 1_000_000);
const FROM = process.env.BENCH_BACKUP_FROM;
const BASELINE_SECONDS = Number(process.env.BENCH_BACKUP_BASELINE ?? 20);
const CLIENTS = 20;

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function api(url, method, route, token, body) {
  const response = await fetch(url + route, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** 20 clients placing staff orders in a loop; `window()` counts those answered since the last call. */
function orderIntake(url, token, tables, menuItemId) {
  let running = true;
  let placed = 0;
  let failed = 0;
  let next = 0;
  const client = async () => {
    while (running) {
      const table = tables[next++ % tables.length];
      try {
        const response = await fetch(`${url}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tableId: table.id, items: [{ menuItemId, quantity: 1 }] }),
        });
        await response.arrayBuffer();
        if (response.status === 201) placed++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  let since = { placed: 0, at: performance.now() };
  return {
    window() {
      const now = { placed, at: performance.now() };
      const rate = (now.placed - since.placed) / ((now.at - since.at) / 1000);
      since = now;
      return rate;
    },
    failed: () => failed,
    placed: () => placed,
    async stop() {
      running = false;
      await clients;
    },
  };
}

export async function benchBackup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-bench-backup-'));
  const restoredDir = `${dataDir}-restored`;
  const backupDir = `${dataDir}-backups`;
  const port = await freePort();
  const env = {
    ...process.env,
    TAVOLO_DATA_DIR: dataDir,
    TAVOLO_BACKUP_DIR: backupDir,
    TAVOLO_BACKUP_HOURS: '0',
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  let server;
  try {
    let orders = ORDERS;
    if (FROM) {
      console.log(`\nBackup: copying the demo built in ${FROM}…`);
      await fs.cp(FROM, dataDir, { recursive: true });
      orders = null;
    } else {
      console.log(
        `\nBackup: building the demo with ${ORDERS.toLocaleString('en')} orders (embedded PGlite)…`,
      );
      await run(['apps/server/src/demo/demo-cli.ts', '--orders', String(ORDERS)], env);
    }
    server = await startBuiltServer(env, { readyWithinMs: 180_000 });
    const { token, restaurantId } = await signInAsDemoOwner(server.url);
    const { items: tables } = await api(server.url, 'GET', `/api/tables/restaurant/${restaurantId}`, token);
    const { items: dishes } = await api(server.url, 'GET', `/api/menu/restaurant/${restaurantId}`, token);
    // A dish any order may take: active, uncounted, no choice to make.
    let menuItemId;
    for (const dish of dishes) {
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tableId: tables[0].id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
      });
      await response.arrayBuffer();
      if (response.status === 201) {
        menuItemId = dish.id;
        break;
      }
    }
    if (!menuItemId) throw new Error('no dish of the demo takes a plain order');

    const intake = orderIntake(server.url, token, tables, menuItemId);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // warm up
    intake.window();
    await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
    const baseline = intake.window();
    const backupStarted = performance.now();
    // BENCH_BACKUP_TRACE=1 prints the intake every 2 s of the backup, to see which phase slows it.
    const placedBefore = intake.placed();
    const trace = process.env.BENCH_BACKUP_TRACE
      ? setInterval(() => {
          const second = ((performance.now() - backupStarted) / 1000).toFixed(0);
          console.log(
            `  ${second.padStart(3)} s: ${intake.placed() - placedBefore} orders placed since the backup began`,
          );
        }, 2000)
      : undefined;
    const backupOutput = await run(['apps/server/src/backups/backup-cli.ts'], env);
    clearInterval(trace);
    const backupSeconds = (performance.now() - backupStarted) / 1000;
    const during = intake.window();
    await intake.stop();
    await server.stop();
    server = undefined;
    const [file] = (await fs.readdir(backupDir)).filter((name) => name.endsWith('.tar.br'));
    const { size } = await fs.stat(path.join(backupDir, file));
    const { size: dataBytes } = await du(path.join(dataDir, 'pglite'));

    const restoreStarted = performance.now();
    await run(['apps/server/src/backups/restore-cli.ts', path.join(backupDir, file)], {
      ...env,
      TAVOLO_DATA_DIR: restoredDir,
    });
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;

    const ratio = during / baseline;
    console.log(
      `\nBackup of the demo${orders ? ` with ${orders.toLocaleString('en')} orders` : ` (${FROM})`}, embedded PGlite, ${CLIENTS} clients placing orders`,
    );
    console.log(
      `data directory ${(dataBytes / 1_048_576).toFixed(0)} MB → backup ${(size / 1_048_576).toFixed(0)} MB`,
    );
    console.log(
      `backup (npm run backup, asking the server): ${backupSeconds.toFixed(1)} s (goal ≤ 60 s at 1,000,000 orders)${backupSeconds <= 60 ? ' ok' : ' MISSED'}`,
    );
    console.log(
      `order intake: ${baseline.toFixed(0)} /s before, ${during.toFixed(0)} /s during the backup: ${((ratio - 1) * 100).toFixed(1)} % (goal within 20 %)${ratio >= 0.8 ? ' ok' : ' MISSED'}; ${intake.failed()} failed`,
    );
    console.log(
      `restore (npm run restore, into a fresh directory): ${restoreSeconds.toFixed(1)} s (goal ≤ 120 s)${restoreSeconds <= 120 ? ' ok' : ' MISSED'}`,
    );
    return { backupSeconds, baseline, during, restoreSeconds, backupBytes: size, dataBytes, backupOutput };
  } finally {
    await server?.stop();
    for (const dir of [dataDir, restoredDir, backupDir]) await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The bytes of the files under `dir`. */
async function du(dir) {
  let size = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) size += (await fs.stat(path.join(entry.parentPath ?? entry.path, entry.name))).size;
  }
  return { size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchBackup();
}
