// Load benchmarks: the built Tavolo server on the embedded database, then on PostgreSQL when
// BENCH_DATABASE_URL is set (BENCH_DATABASES=embedded or =postgres runs one of them), each against a
// bare node:http server answering the same 120-item guest-menu JSON from memory in the same run,
// so figures are read as ratios, not absolutes. BENCH_DURATION (seconds, default 10) and
// BENCH_CONNECTIONS (default 50; order scenarios use 20) tune the run; BENCH_ONLY=<text> runs the
// scenarios whose name contains it ('live', 'bump', 'receipts', 'streams', 'dashboard', 'backup' and 'export' name the others).
// Each row also gives the server's event-loop delay p99 under that load (bench/event-loop-probe.mjs).
// Then, on each database: live latency of one order at a time and 5,000 open streams
// (bench/many-streams.mjs); once: the web app's first loads and Lighthouse on the guest page
// (bench/guest-page.mjs, 'guest page'), and the dashboard scenario at BENCH_DASHBOARD_ORDERS orders
// (default 1,000,000; BENCH_DASHBOARD=0 skips it), and a backup and restore of a demo of
// BENCH_BACKUP_ORDERS orders under order intake (bench/backup.mjs; BENCH_BACKUP=0 skips it), and a
// restaurant's data export at BENCH_EXPORT_ORDERS orders on each database (bench/data-export.mjs;
// BENCH_EXPORT=0 skips it).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { benchBackup } from './backup.mjs';
import { freePort, startBuiltServer } from './built-server.mjs';
import { benchDashboard } from './dashboard.mjs';
import { benchDataExport } from './data-export.mjs';
import { benchGuestPage, printGuestPage } from './guest-page.mjs';
import {
  countedIntakeScenario,
  kitchenScenario,
  measureBumpReach,
  stationedIntakeScenario,
} from './kitchen.mjs';
import { measureLiveLatency } from './live-latency.mjs';
import { measureManyStreams } from './many-streams.mjs';
import { measureReceipts, printReceipts } from './receipts.mjs';
import { floorScenario, guestMenuScenario, scenarios, translatedGuestMenuScenario } from './scenarios.mjs';

/** Every load row: the guest's, the floor's and intake's (scenarios.mjs), then the kitchen's. */
const allScenarios = [...scenarios, kitchenScenario, stationedIntakeScenario, countedIntakeScenario];

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = process.env.BENCH_ONLY;
const wanted = (name) => !only || name.includes(only);

/** Answers `json` (compressed as a phone asks for it) from memory: what no server can beat. */
function startBareServer(json) {
  const plain = Buffer.from(json);
  const brotli = zlib.brotliCompressSync(plain);
  const server = http.createServer((req, res) => {
    const br = req.headers['accept-encoding']?.includes('br');
    const body = br ? brotli : plain;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startTavolo(databaseUrl) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-bench-'));
  const server = await startBuiltServer({
    ...process.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    TAVOLO_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    // The benchmark signs in often from one address.
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    ORDER_LIMIT_PER_TABLE: '100000000',
  });
  return {
    ...server,
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

/** Every load row, then live latency and the open streams, on one database; the guest page once. */
async function benchDatabase(label, databaseUrl, withGuestPage) {
  const tavolo = await startTavolo(databaseUrl);
  const rows = [];
  let live;
  let streams;
  let bumps;
  let receipts;
  let bare;
  let page;
  try {
    // The baseline answers the very menu the guest-menu row reads.
    const menuRequest = await guestMenuScenario.prepare(tavolo.url);
    const menuJson = await (await fetch(tavolo.url + menuRequest.path)).text();
    bare = await startBareServer(menuJson);
    const baseline = summary(
      await load({ url: `http://127.0.0.1:${bare.address().port}/`, headers: menuRequest.headers }),
    );
    rows.push({ scenario: 'bare node:http, same menu (baseline)', ...baseline, ratio: 1, loopP99: null });
    for (const scenario of allScenarios) {
      if (!wanted(scenario.name)) continue;
      const request = scenario === guestMenuScenario ? menuRequest : await scenario.prepare(tavolo.url);
      await tavolo.probe.reset();
      const { stop, ...options } = request;
      let result;
      try {
        result = summary(
          await load({
            ...options,
            url: tavolo.url + request.path,
            connections: scenario.connections ?? connections,
          }),
        );
      } finally {
        // What the scenario holds open meanwhile (a board's stream).
        stop?.();
      }
      const { eventLoop } = await tavolo.probe.read();
      rows.push({
        name: scenario.name,
        scenario: `${scenario.name}, ${scenario.connections ?? connections} conn.`,
        ...result,
        ratio: result.rps / baseline.rps,
        loopP99: eventLoop.p99,
      });
    }
    if (wanted('live')) live = await measureLiveLatency(tavolo.url);
    if (wanted('bump')) bumps = await measureBumpReach(tavolo.url);
    if (wanted('receipts')) receipts = await measureReceipts(tavolo.url, tavolo.probe);
    if (wanted('streams')) streams = await measureManyStreams(tavolo.url, tavolo.probe);
    if (withGuestPage && wanted('guest page')) page = await benchGuestPage({ url: tavolo.url });
  } finally {
    bare?.close();
    await tavolo.stop();
  }
  printDatabase(label, { rows, live, streams, bumps });
  if (receipts) printReceipts(receipts);
  if (page) printGuestPage(page);
}

function printDatabase(label, { rows, live, streams, bumps }) {
  console.log(`\n${duration} s each, ${os.cpus().length} cores (${label})\n`);
  const width = Math.max(56, ...rows.map((row) => row.scenario.length));
  console.log(
    'scenario'.padEnd(width),
    'req/s'.padStart(9),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
    'vs bare'.padStart(8),
    'loop p99'.padStart(9),
  );
  for (const row of rows) {
    console.log(
      row.scenario.padEnd(width),
      row.rps.toFixed(0).padStart(9),
      String(row.p99).padStart(8),
      String(row.errors).padStart(7),
      `${(row.ratio * 100).toFixed(1)}%`.padStart(8),
      (row.loopP99 === null ? '' : `${row.loopP99.toFixed(1)} ms`).padStart(9),
    );
  }
  // The guest menu in a second language against the same menu in the working language (goal: ≥ 90 %).
  const rowOf = (scenario) => rows.find((row) => row.name === scenario.name);
  const [plain, translated] = [rowOf(guestMenuScenario), rowOf(translatedGuestMenuScenario)];
  if (plain && translated) {
    console.log(
      `\nguest menu in a second language: ${((translated.rps / plain.rps) * 100).toFixed(1)}% of the guest menu's req/s (goal: at least 90%)`,
    );
  }
  const floor = rowOf(floorScenario);
  if (floor) {
    console.log(
      `\nthe floor from memory: p99 ${floor.p99} ms at ${connections} connections (goal: at most 10 ms)`,
    );
  }
  const kitchen = rowOf(kitchenScenario);
  if (kitchen) {
    console.log(
      `\na station's screen from memory: p99 ${kitchen.p99} ms at ${connections} connections (goal: at most 10 ms)`,
    );
  }
  if (bumps) {
    console.log(
      `\na bump → all ${bumps.screens} screens of its restaurant, ${bumps.bumps} bumps one at a time (ms): p50 ${bumps.p50.toFixed(1)}  p95 ${bumps.p95.toFixed(1)}  max ${bumps.max.toFixed(1)} (goal: p95 at most 50 ms)`,
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
  if (streams) {
    const f = (n) => n.toFixed(1);
    console.log(
      `\n${streams.streams} open streams: +${f(streams.addedMB)} MB on the server (RSS; +${f(streams.addedMainThreadMB)} MB of the main thread's heap and external memory); ${streams.deliveries} deliveries (${streams.missing} missing)`,
    );
    console.log(
      `  a new order → every screen of its restaurant (ms): from POST sent p50 ${f(streams.fromSend.p50)}  p95 ${f(streams.fromSend.p95)}  max ${f(streams.fromSend.max)}; after its answer p95 ${f(streams.fromAnswer.p95)}; event loop p99 ${f(streams.eventLoop.p99)} ms`,
    );
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
const databases = (process.env.BENCH_DATABASES ?? (postgresUrl ? 'embedded,postgres' : 'embedded')).split(
  ',',
);
if (databases.includes('postgres') && !postgresUrl) {
  throw new Error('BENCH_DATABASES names postgres: set BENCH_DATABASE_URL=postgres://…');
}
if (databases.includes('embedded')) await benchDatabase('embedded PGlite', undefined, true);
if (databases.includes('postgres')) {
  await benchDatabase('PostgreSQL', postgresUrl, !databases.includes('embedded'));
} else {
  console.log('\nPostgreSQL: set BENCH_DATABASE_URL=postgres://… to run every row on it too.');
}

// Last, on a server and database of its own: building a big demo takes minutes.
if (process.env.BENCH_DASHBOARD !== '0' && wanted('dashboard')) {
  if (databases.includes('embedded')) await benchDashboard({ postgresUrl: '' });
  if (databases.includes('postgres')) await benchDashboard({ postgresUrl });
}
// A backup and a restore of a big demo under order intake (embedded; BENCH_BACKUP=0 skips it).
if (process.env.BENCH_BACKUP !== '0' && wanted('backup') && databases.includes('embedded')) {
  await benchBackup();
}
// A restaurant's whole export, on each database (BENCH_EXPORT=0 skips it).
if (process.env.BENCH_EXPORT !== '0' && wanted('export')) {
  if (databases.includes('embedded')) await benchDataExport({ postgresUrl: '' });
  if (databases.includes('postgres')) await benchDataExport({ postgresUrl });
}
