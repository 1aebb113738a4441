// Receipts and the day's close (issue 31): a day of BENCH_RECEIPTS_ORDERS orders (5,000 by
// default) at three tax rates, each paid in two parts (cash, then card), so the day has twice as
// many receipts and three CSV rows each. Then, one request at a time: a receipt as JSON (goal p99
// ≤ 10 ms) and as a PDF (goal p95 ≤ 100 ms), the day's X report (goal p95 ≤ 50 ms on PostgreSQL),
// and the accountant's CSV of the day, streamed (goal ≥ 20,000 rows/s, the server's memory flat).
import { summarizeLatencies } from './live-latency.mjs';
import { api, registerBenchOwner } from './scenarios.mjs';

const ORDERS = Number(process.env.BENCH_RECEIPTS_ORDERS ?? 5_000);
const PARALLEL = 20;

/** Runs `work(i)` for i in 0..count-1, `PARALLEL` at a time. */
async function inParallel(count, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function timed(request) {
  const started = performance.now();
  const response = await request();
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

export async function measureReceipts(url, probe) {
  const { token } = await registerBenchOwner(url);
  const headers = { authorization: `Bearer ${token}` };
  const food = await api(url, token, 'POST', '/api/tax-rates', { name: 'IVA 10 %', rateBasisPoints: 1000 });
  const drinks = await api(url, token, 'POST', '/api/tax-rates', { name: 'IVA 22 %', rateBasisPoints: 2200 });
  const bread = await api(url, token, 'POST', '/api/tax-rates', { name: 'IVA 4 %', rateBasisPoints: 400 });
  const category = async (name, rate) =>
    api(url, token, 'POST', '/api/categories', { name, taxRateId: rate.id });
  const dish = async (categoryId, name, priceMinor) =>
    api(url, token, 'POST', '/api/menu', { categoryId, name, priceMinor });
  const dishes = [
    await dish((await category('Mains', food)).id, 'Carbonara', 1400),
    await dish((await category('Drinks', drinks)).id, 'Wine', 650),
    await dish((await category('Bakery', bread)).id, 'Bread', 250),
  ];
  const tables = [];
  for (let n = 1; n <= 20; n++) tables.push(await api(url, token, 'POST', '/api/tables', { number: n }));

  const seedStarted = performance.now();
  await inParallel(ORDERS, async (i) => {
    const order = await api(url, token, 'POST', '/api/orders', {
      tableId: tables[i % tables.length].id,
      items: dishes.map((d, k) => ({ menuItemId: d.id, quantity: 1 + ((i + k) % 3) })),
    });
    const half = Math.floor(order.totalMinor / 2);
    for (const [method, amountMinor] of [
      ['cash', half],
      ['card', order.totalMinor - half],
    ]) {
      await api(url, token, 'POST', `/api/orders/${order.id}/payments`, { method, amountMinor });
    }
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const page = await api(url, token, 'GET', '/api/receipts?pageSize=100');
  const ids = page.items.map((r) => r.id);
  const date = page.items[0].businessDate;

  const json = [];
  for (let i = 0; i < 500; i++) {
    json.push(await timed(() => fetch(`${url}/api/receipts/${ids[i % ids.length]}`, { headers })));
  }
  const pdf = [];
  for (let i = 0; i < 200; i++) {
    pdf.push(await timed(() => fetch(`${url}/api/receipts/${ids[i % ids.length]}.pdf`, { headers })));
  }
  const day = [];
  for (let i = 0; i < 100; i++) day.push(await timed(() => fetch(`${url}/api/days/${date}`, { headers })));
  const report = await api(url, token, 'GET', `/api/days/${date}`);

  // The CSV, read as it streams, the server's main-thread memory sampled meanwhile.
  await probe.collect();
  const before = (await probe.read()).mainThreadBytes;
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await probe.read()).mainThreadBytes);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const csvStarted = performance.now();
  const response = await fetch(`${url}/api/receipts/export.csv?from=${date}&to=${date}`, { headers });
  let bytes = 0;
  let rows = -1; // the header
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const csvSeconds = (performance.now() - csvStarted) / 1000;
  sampling = false;
  await sampler;

  return {
    orders: ORDERS,
    receipts: report.receipts.count,
    seedSeconds,
    json: summarizeLatencies(json),
    pdf: summarizeLatencies(pdf),
    day: summarizeLatencies(day),
    csv: {
      rows,
      bytes,
      seconds: csvSeconds,
      rowsPerSecond: rows / csvSeconds,
      peakAddedMB: (peak - before) / 1e6,
    },
  };
}

export function printReceipts(r) {
  const f = (n) => n.toFixed(1);
  console.log(
    `\nreceipts: a day of ${r.orders} orders at three rates, each paid in two parts: ${r.receipts} receipts (seeded in ${f(r.seedSeconds)} s), one request at a time (ms)`,
  );
  console.log(
    `  receipt as JSON: p50 ${f(r.json.p50)}  p95 ${f(r.json.p95)}  p99 ${f(r.json.p99)} (goal: p99 at most 10)`,
  );
  console.log(
    `  receipt as PDF:  p50 ${f(r.pdf.p50)}  p95 ${f(r.pdf.p95)}  p99 ${f(r.pdf.p99)} (goal: p95 at most 100)`,
  );
  console.log(
    `  the day's X report: p50 ${f(r.day.p50)}  p95 ${f(r.day.p95)} (goal: p95 at most 50 on PostgreSQL)`,
  );
  console.log(
    `  the day's CSV: ${r.csv.rows} rows, ${f(r.csv.bytes / 1e6)} MB in ${f(r.csv.seconds)} s: ${r.csv.rowsPerSecond.toFixed(0)} rows/s (goal: at least 20,000), server memory +${f(r.csv.peakAddedMB)} MB at most meanwhile`,
  );
}
