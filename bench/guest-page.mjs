// The web app's first loads, as a browser gets them from the built server: the guest's menu page
// (/t/<qrToken>, a 40-dish menu with photos) and the dashboard (sign-in screen, then the Overview).
// Counts the JavaScript as sent (encoded bytes of script responses) and runs Lighthouse (mobile,
// its default simulated throttling) on the guest page BENCH_LIGHTHOUSE_RUNS times (default 3,
// 0 skips it), reporting the median. Called by run.mjs (BENCH_ONLY=page runs it alone); also runs
// alone after `npm run build`: `node bench/guest-page.mjs` (its own server and database).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { freePort, startBuiltServer } from './built-server.mjs';
import { api } from './scenarios.mjs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
// As the e2e tests launch it: without the networking flags Debian's Chromium floods a closed network.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PASSWORD = 'bench password';
// Issue 28: the guest's first load in German (one language's catalogue) and its Lighthouse score.
const GOALS = { guestKb: 55, dashboardKb: 125, score: 98, lcpMs: 1500 };
// Issue 32: what the service worker adds to the guest's first load (its registration is counted in
// the guest's own code: 0.4 kB of it).
const WORKER_GOAL_KB = 8;
const WORKER_REGISTRATION_KB = 0.4;
const GUEST_WORKER_FILE = '/guest-sw.js';
/** The guest reads German: the phone's language, the menu's translation and the page's catalogue. */
const GUEST_LOCALE = 'de-DE';

/** A photo-like WebP (a gradient and a plate) of the given size, different for each seed. */
function picture(width, height, seed) {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="hsl(${hue},30%,92%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 5}" fill="hsl(${(hue + 20) % 360},70%,40%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

async function upload(url, token, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/webp' }), 'photo.webp');
  const response = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()).url;
}

/** An owner whose restaurant has a banner, a logo, 40 dishes with photos in 5 categories and a table. */
async function seedGuestPage(url) {
  const email = `page-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const { token, restaurantId } = await api(url, null, 'POST', '/auth/register', {
    name: 'Bench Owner',
    email,
    password: PASSWORD,
    restaurantName: 'Trattoria del Bench',
    currency: 'EUR',
    timezone: 'Europe/Rome',
  });
  await api(url, token, 'PUT', `/api/restaurants/${restaurantId}`, {
    address: 'Via Roma 1, Bologna',
    phone: '+39 051 000000',
    bannerUrl: await upload(url, token, await picture(1600, 500, 100)),
    logoUrl: await upload(url, token, await picture(256, 256, 200)),
    languages: ['en', 'de'],
  });
  const names = ['Antipasti', 'Primi', 'Secondi', 'Contorni', 'Dolci'];
  for (const [c, name] of names.entries()) {
    const category = await api(url, token, 'POST', '/api/categories', {
      name,
      description: 'Made today',
      translations: { de: { description: 'Heute frisch gemacht' } },
    });
    for (let i = 0; i < 8; i++) {
      await api(url, token, 'POST', '/api/menu', {
        categoryId: category.id,
        name: `${name} dish ${i + 1}`,
        description: 'Fresh pasta, slow-cooked ragù, parmesan and basil from the garden.',
        priceMinor: 700 + i * 150,
        imageUrl: await upload(url, token, await picture(600, 600, c * 8 + i)),
        tags: i % 3 === 0 ? ['vegetarian'] : [],
        allergens: ['gluten', 'milk'],
        translations: {
          de: {
            name: `${name} Gericht ${i + 1}`,
            description: 'Frische Pasta, langsam geschmortes Ragù, Parmesan und Basilikum aus dem Garten.',
            ...(i % 2 === 0
              ? { options: { Size: { name: 'Größe', choices: { Regular: 'Normal', Large: 'Groß' } } } }
              : {}),
          },
        },
        options:
          i % 2 === 0
            ? [
                {
                  name: 'Size',
                  required: true,
                  min: 1,
                  max: 1,
                  choices: [
                    { name: 'Regular', priceMinor: 0 },
                    { name: 'Large', priceMinor: 300 },
                  ],
                },
              ]
            : [],
      });
    }
  }
  const table = await api(url, token, 'POST', '/api/tables', { number: 7, label: 'Terrace' });
  // One order, so that the Overview draws its revenue chart (a restaurant without any shows none).
  const { menu } = await api(url, null, 'GET', `/api/menu/qr?qrToken=${table.qrToken}`);
  const dish = menu.categories[0].items.find((item) => item.options.length === 0);
  await api(url, null, 'POST', '/api/orders', {
    qrToken: table.qrToken,
    items: [{ menuItemId: dish.id, quantity: 2 }],
  });
  return { email, qrToken: table.qrToken };
}

/** Every script response of a page from now on: its file name and encoded (as sent) size. */
function recordScripts(page) {
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    scripts.push({
      file: new URL(request.url()).pathname.split('/').pop(),
      bytes: sizes.responseBodySize,
      encoding: response?.headers()['content-encoding'] ?? 'identity',
    });
  });
  return scripts;
}

/** The bytes of `url`'s answer as sent to a browser accepting `acceptEncoding` (not decoded). */
function encodedSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
        );
      })
      .on('error', reject);
  });
}

const sum = (scripts) => scripts.reduce((total, script) => total + script.bytes, 0);
const isChart = (script) => /recharts|BarChart|chart-/i.test(script.file) && script.bytes > 10_000;

async function measureFirstLoads(url, { email, qrToken }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // The guest: a phone that has never been here.
    const guestContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: GUEST_LOCALE,
    });
    const guestPage = await guestContext.newPage();
    const guestScripts = recordScripts(guestPage);
    // The service worker's script: fetched by the browser after the page's load event, not by the page.
    const workerRequests = [];
    guestContext.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith(GUEST_WORKER_FILE)) workerRequests.push(request);
    });
    const pageResponse = await guestPage.goto(`${url}/t/${qrToken}`, { waitUntil: 'networkidle' });
    await guestPage.getByTestId('guest-item').first().waitFor();
    if (guestContext.serviceWorkers().length === 0) await guestContext.waitForEvent('serviceworker');
    await guestPage.waitForTimeout(500);
    // Chromium reports neither the body size nor the Accept-Encoding of a worker's script: the same
    // request again with the page's own Accept-Encoding (the browser's), counted as sent.
    const acceptEncoding = (await pageResponse.request().allHeaders())['accept-encoding'] ?? '';
    const workerScripts = [];
    for (const request of workerRequests)
      workerScripts.push({
        file: GUEST_WORKER_FILE.slice(1),
        ...(await encodedSize(request.url(), acceptEncoding)),
      });
    await guestContext.close();

    // The dashboard: the sign-in screen, then signing in up to the Overview with its chart.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staffPage = await staffContext.newPage();
    const dashboardScripts = recordScripts(staffPage);
    await staffPage.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await staffPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    const signInScripts = [...dashboardScripts];
    await staffPage.getByLabel('E-mail').fill(email);
    await staffPage.getByLabel('Password').fill(PASSWORD);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.getByRole('heading', { name: 'Overview' }).waitFor();
    // The revenue chart (its own chunk) is the last thing the Overview draws.
    await staffPage.locator('.recharts-surface').first().waitFor();
    await staffPage.waitForTimeout(500);
    await staffContext.close();
    return { guestScripts, workerScripts, signInScripts, dashboardScripts };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(pageUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      `--lang=${GUEST_LOCALE}`,
      `--accept-lang=${GUEST_LOCALE}`,
      ...CHROMIUM_FLAGS,
    ],
  });
  try {
    const result = await lighthouse(pageUrl, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not complete (its score is null) is reported, not counted as 0.
    if (runtimeError || categories.performance.score === null)
      return { error: runtimeError?.code ?? 'no score' };
    return {
      score: Math.round(categories.performance.score * 100),
      lcpMs: audits['largest-contentful-paint'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Seeds a restaurant on the running built server at `url` and measures; `printGuestPage` shows it. */
export async function benchGuestPage({ url }) {
  const seeded = await seedGuestPage(url);
  const loads = await measureFirstLoads(url, seeded);
  const lighthouseRuns = [];
  // A run Lighthouse could not complete (NO_NAVSTART now and then) is tried again, up to twice as
  // many runs in all, so the median is of LIGHTHOUSE_RUNS completed runs when it can be.
  for (let tries = 0; tries < 2 * LIGHTHOUSE_RUNS; tries++) {
    lighthouseRuns.push(await runLighthouse(`${url}/t/${seeded.qrToken}`));
    if (lighthouseRuns.filter((run) => !run.error).length === LIGHTHOUSE_RUNS) break;
  }
  return { ...loads, lighthouseRuns };
}

export function printGuestPage({
  guestScripts,
  workerScripts,
  signInScripts,
  dashboardScripts,
  lighthouseRuns: all,
}) {
  const lighthouseRuns = all.filter((run) => !run.error);
  const failed = all.filter((run) => run.error).map((run) => run.error);
  const charts = dashboardScripts.filter(isChart);
  const withoutCharts = dashboardScripts.filter((script) => !isChart(script));
  const encodings = [...new Set([...guestScripts, ...dashboardScripts].map((s) => s.encoding))].join(', ');
  const mark = (ok) => (ok ? ' ok' : ' MISSED');
  console.log(`\nFirst loads, JS as sent (${encodings}), 40-dish menu, the guest in German`);
  const rows = [
    ['guest /t/:qrToken', guestScripts, GOALS.guestKb],
    ['dashboard sign-in screen', signInScripts],
    ['dashboard sign-in → Overview', withoutCharts, GOALS.dashboardKb],
    ['  + the chart, loaded lazily', charts],
  ];
  for (const [name, scripts, goal] of rows) {
    const total = sum(scripts);
    // BENCH_LIST_FILES=1 names each file of a row, largest first.
    if (process.env.BENCH_LIST_FILES)
      for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${script.file.padEnd(48)} ${kb(script.bytes).padStart(9)}`);
    console.log(
      name.padEnd(32),
      kb(total).padStart(10),
      `${scripts.length} files`.padStart(10),
      goal ? `  goal ≤ ${goal} kB${mark(total <= goal * 1000)}` : '',
    );
  }
  const worker = sum(workerScripts);
  const workerEncoding = workerScripts.map((script) => script.encoding).join(', ') || 'not fetched';
  console.log(
    `  + the service worker's script`.padEnd(32),
    kb(worker).padStart(10),
    `${workerScripts.length} files`.padStart(10),
    `  (${workerEncoding}; with its registration ${kb(worker + WORKER_REGISTRATION_KB * 1000)}, goal ≤ ${WORKER_GOAL_KB} kB${mark(workerScripts.length > 0 && worker + WORKER_REGISTRATION_KB * 1000 <= WORKER_GOAL_KB * 1000)})`,
  );
  if (lighthouseRuns.length > 0) {
    const of = (key) => median(lighthouseRuns.map((run) => run[key]));
    const [score, lcpMs] = [of('score'), of('lcpMs')];
    console.log(
      `\nLighthouse mobile on the guest page in German, median of ${lighthouseRuns.length} (scores ${lighthouseRuns.map((run) => run.score).join(', ')})${failed.length ? `; failed runs: ${failed.join(', ')}` : ''}`,
    );
    console.log(
      `  performance ${score} (goal ≥ ${GOALS.score}${mark(score >= GOALS.score)})   LCP ${(lcpMs / 1000).toFixed(2)} s (goal ≤ ${GOALS.lcpMs / 1000} s${mark(lcpMs <= GOALS.lcpMs)})   FCP ${(of('fcpMs') / 1000).toFixed(2)} s   TBT ${of('tbtMs').toFixed(0)} ms   CLS ${of('cls').toFixed(3)}`,
    );
  }
  if (process.env.BENCH_VERBOSE) {
    for (const [name, scripts] of rows) {
      console.log(`\n${name}`);
      for (const script of scripts)
        console.log(`  ${script.file.padEnd(48)} ${kb(script.bytes).padStart(10)}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-bench-page-'));
  const server = await startBuiltServer({
    ...process.env,
    PORT: process.env.PORT ?? String(await freePort()),
    HOST: '127.0.0.1',
    TAVOLO_DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  });
  try {
    printGuestPage(await benchGuestPage({ url: server.url }));
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
