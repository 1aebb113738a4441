// The demo restaurant (`npm run demo`) for the benchmarks that need a long history: building it,
// where (a fresh PostgreSQL database beside the one given), and signing in as its owner.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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
