// Load benchmarks: the built Tavolo server (embedded DB unless BENCH_DATABASE_URL is set) against
// a bare node:http server in the same run, so figures are read as ratios, not absolutes.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) tune the run.
// Then the dashboard scenario (bench/dashboard.mjs): the Overview's calls on the demo restaurant
// with BENCH_DASHBOARD_ORDERS orders (default 1,000,000); BENCH_DASHBOARD=0 skips it.
// Between them, the web app's first loads and Lighthouse on the guest page (bench/guest-page.mjs).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.mjs';
import { benchDashboard } from './dashboard.mjs';
import { benchGuestPage, printGuestPage } from './guest-page.mjs';
import { measureLiveLatency } from './live-latency.mjs';
import { scenarios } from './scenarios.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function startBareServer() {
  const body = JSON.stringify({ status: 'ok' });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startTavolo() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-bench-'));
  const server = await startBuiltServer({
    ...process.env,
    PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    HOST: '127.0.0.1',
    TAVOLO_DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    // The benchmark signs in often from one address.
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    ORDER_LIMIT_PER_TABLE: '100000000',
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const summary = (r) => ({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });

const bare = await startBareServer();
const tavolo = await startTavolo();
const rows = [];
let live;
let page;
try {
  const baseline = summary(await load({ url: `http://127.0.0.1:${bare.address().port}/` }));
  rows.push({ scenario: 'bare node:http (baseline)', ...baseline, ratio: 1 });
  for (const scenario of scenarios) {
    if (process.env.BENCH_ONLY && !scenario.name.includes(process.env.BENCH_ONLY)) continue;
    const request = await scenario.prepare(tavolo.url);
    const result = summary(await load({ ...request, url: tavolo.url + request.path }));
    rows.push({ scenario: scenario.name, ...result, ratio: result.rps / baseline.rps });
  }
  if (!process.env.BENCH_ONLY || 'live'.includes(process.env.BENCH_ONLY))
    live = await measureLiveLatency(tavolo.url);
  if (!process.env.BENCH_ONLY || 'guest page'.includes(process.env.BENCH_ONLY))
    page = await benchGuestPage({ url: tavolo.url });
} finally {
  bare.close();
  await tavolo.stop();
}

console.log(
  `\n${connections} connections, ${duration} s each, ${os.cpus().length} cores (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})\n`,
);
console.log(
  'scenario'.padEnd(44),
  'req/s'.padStart(9),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
  'vs bare'.padStart(8),
);
for (const row of rows) {
  console.log(
    row.scenario.padEnd(44),
    row.rps.toFixed(0).padStart(9),
    String(row.p99).padStart(8),
    String(row.errors).padStart(7),
    `${(row.ratio * 100).toFixed(1)}%`.padStart(8),
  );
}
if (live) {
  console.log(
    `\nlive latency over ${live.count} orders, one at a time (ms): POST answered → event on an open stream`,
  );
  console.log(
    `  p50 ${live.afterAnswer.p50.toFixed(1)}  p95 ${live.afterAnswer.p95.toFixed(1)}  max ${live.afterAnswer.max.toFixed(1)}   (events that beat the answer: ${live.beforeAnswer})`,
  );
  console.log(
    `  POST sent → event: p50 ${live.afterSend.p50.toFixed(1)}  p95 ${live.afterSend.p95.toFixed(1)}`,
  );
}
if (page) printGuestPage(page);

// Last, on a server and database of its own: building a big demo takes minutes.
if (
  process.env.BENCH_DASHBOARD !== '0' &&
  (!process.env.BENCH_ONLY || 'dashboard'.includes(process.env.BENCH_ONLY))
) {
  await benchDashboard();
}
