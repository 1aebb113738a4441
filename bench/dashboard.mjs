import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from './built-server.mjs';
import { benchPlace, buildDemo, signInAsDemoOwner } from './demo.mjs';

const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 100);
const WARMUP = 10;

const CALLS = [
  '/api/dashboard/overview',
  '/api/dashboard/revenue-chart',
  '/api/dashboard/order-summary?period=year',
  '/api/dashboard/menu-item-stats?period=year',
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeCall(url, token, call) {
  const started = performance.now();
  const response = await fetch(url + call, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${call}: ${response.status} ${body}`);
  return ms;
}

/** On PostgreSQL beside `postgresUrl`'s database when given, else on a fresh embedded one. */
export async function benchDashboard({ postgresUrl = process.env.BENCH_DATABASE_URL } = {}) {
  const place = await benchPlace('dashboard', postgresUrl);
  const { env, where } = place;
  const goalMs = place.onPostgres ? 50 : 250;
  let server;
  try {
    console.log(`\nDashboard: building the demo with ${ORDERS.toLocaleString('en')} orders (${where})…`);
    const buildStarted = performance.now();
    await buildDemo(env, ORDERS);
    const buildSeconds = (performance.now() - buildStarted) / 1000;

    // A million orders take a while to open on the embedded database.
    server = await startBuiltServer(env, { readyWithinMs: 120_000 });
    const { token } = await signInAsDemoOwner(server.url);

    const rows = [];
    for (const call of CALLS) {
      for (let i = 0; i < WARMUP; i++) await timeCall(server.url, token, call);
      const times = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await timeCall(server.url, token, call));
      times.sort((a, b) => a - b);
      rows.push({ call, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
    }

    console.log(
      `\nDashboard calls, ${REQUESTS} sequential requests each after ${WARMUP} to warm up, ${ORDERS.toLocaleString('en')} orders, ${where}`,
    );
    console.log(`demo build: ${buildSeconds.toFixed(1)} s\n`);
    console.log(
      'call'.padEnd(46),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'goal p95'.padStart(9),
      '',
    );
    for (const row of rows) {
      console.log(
        row.call.padEnd(46),
        row.p50.toFixed(1).padStart(8),
        row.p95.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        `≤ ${goalMs}`.padStart(9),
        row.p95 <= goalMs ? ' ok' : ' MISSED',
      );
    }
    return { buildSeconds, rows, goalMs };
  } finally {
    await server?.stop();
    await place.remove();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchDashboard();
}
