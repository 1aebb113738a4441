import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from './built-server.mjs';
import { benchPlace, buildDemo, signInAsDemoOwner } from './demo.mjs';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const FROM = process.env.BENCH_EXPORT_FROM;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const GOAL_SECONDS = 30;
const CLOCK_TICKS = 100;

/** The process's CPU time so far, all its threads (user + system), in seconds. */
async function cpuSeconds(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function rssBytes(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Downloads the export once: seconds to the first byte and to the last, bytes, CPU and memory. */
async function download(server, restaurantId, token) {
  const rss = [];
  const sampler = setInterval(() => {
    rssBytes(server.pid).then(
      (bytes) => rss.push(bytes),
      () => undefined,
    );
  }, 250);
  const cpuBefore = await cpuSeconds(server.pid);
  const started = performance.now();
  let firstByte = null;
  let bytes = 0;
  try {
    const response = await fetch(`${server.url}/api/restaurants/${restaurantId}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      firstByte ??= (performance.now() - started) / 1000;
      bytes += chunk.length;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  return { seconds, firstByte, bytes, cpu, rssMin: Math.min(...rss), rssMax: Math.max(...rss) };
}

export async function benchDataExport({ postgresUrl = process.env.BENCH_EXPORT_DATABASE_URL } = {}) {
  const place = await benchPlace('export', postgresUrl);
  const { dataDir, env, where } = place;
  let server;
  try {
    if (FROM && !place.onPostgres) {
      console.log(`\nExport: copying the demo built in ${FROM}…`);
      await fs.cp(FROM, dataDir, { recursive: true });
    } else {
      console.log(`\nExport: building the demo with ${ORDERS.toLocaleString('en')} orders (${where})…`);
      await buildDemo(env, ORDERS);
    }
    server = await startBuiltServer(env, { readyWithinMs: 180_000 });
    const { token, restaurantId } = await signInAsDemoOwner(server.url);

    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await download(server, restaurantId, token));
    const mb = (bytes) => `${(bytes / 1_048_576).toFixed(0)} MB`;
    console.log(
      `\nExport of the demo restaurant${FROM ? ` (${FROM})` : ` with ${ORDERS.toLocaleString('en')} orders`}, ${where}`,
    );
    for (const [i, run] of runs.entries()) {
      console.log(
        `run ${i + 1}: ${run.seconds.toFixed(1)} s (issue 33: ≤ ${GOAL_SECONDS} s at 100,000 orders${run.seconds <= GOAL_SECONDS ? ' ok' : ''}), first byte ${run.firstByte?.toFixed(2)} s, zip ${mb(run.bytes)}, server CPU ${run.cpu.toFixed(1)} s, RSS ${mb(run.rssMin)}–${mb(run.rssMax)}`,
      );
    }
    return runs;
  } finally {
    await server?.stop();
    await place.remove();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchDataExport();
}
