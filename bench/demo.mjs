// The demo restaurant (`npm run demo`) for the benchmarks that need a long history: building it,
// where (a fresh PostgreSQL database beside the one given), and signing in as its owner.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './built-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_EMAIL = 'demo@tavolo.test';
export const DEMO_PASSWORD = 'tavolo-demo';

/** Builds the demo with `orders` orders in the database `env` names (TAVOLO_DATA_DIR or DATABASE_URL). */
export function buildDemo(env, orders) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/demo/demo-cli.ts', '--orders', String(orders)],
      { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run demo exited ${code}`))));
  });
}

/** A fresh database beside `url`'s, named after `purpose`; answers its URL and how to drop it. */
export async function createFreshDatabase(url, purpose) {
  const name = `tavolo_bench_${purpose}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Signs in as the demo's owner on the server at `url`: their token and restaurant. */
export async function signInAsDemoOwner(url) {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return login.json();
}

/**
 * Where a benchmark named `purpose` runs the built server: a fresh data directory, and with
 * `postgresUrl` a fresh database beside it; `env` for the demo's build and the server, `where` to
 * print, `remove()` after.
 */
export async function benchPlace(purpose, postgresUrl) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `tavolo-bench-${purpose}-`));
  const database = postgresUrl ? await createFreshDatabase(postgresUrl, purpose) : null;
  const env = {
    ...process.env,
    TAVOLO_DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  return {
    dataDir,
    env,
    onPostgres: database !== null,
    where: database ? 'PostgreSQL' : 'embedded PGlite',
    async remove() {
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
