import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 8123);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh embedded database per run. Workers load this file again; the env var keeps them on the
// directory the main process picked. Earlier runs' directories go (the last one stays until the next
// run, to look into after a failure).
if (!process.env.TAVOLO_E2E_DATA_DIR) {
  const tmp = path.join(repoRoot, '.tmp');
  for (const entry of existsSync(tmp) ? readdirSync(tmp) : []) {
    if (/^e2e-\d+$/.test(entry)) rmSync(path.join(tmp, entry), { recursive: true, force: true });
  }
  process.env.TAVOLO_E2E_DATA_DIR = path.join(tmp, `e2e-${Date.now()}`);
  mkdirSync(process.env.TAVOLO_E2E_DATA_DIR, { recursive: true });
  // The demo restaurant, as `npm run demo` builds it, before the server opens the embedded database
  // (one process at a time): demo.spec.ts signs in to it. A smaller history keeps the run short.
  const demo = spawnSync('npm', ['run', 'demo', '--', '--orders', '1500'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      TAVOLO_DATA_DIR: process.env.TAVOLO_E2E_DATA_DIR,
      DATABASE_URL: '',
      PORT: String(port),
    },
  });
  if (demo.status !== 0) throw new Error('npm run demo failed: the browser tests need the demo restaurant');
}
const dataDir = process.env.TAVOLO_E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: path.join(repoRoot, 'playwright-report'), open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The compiled server, as `npm start` runs it (scripts/test-e2e.mjs builds it first).
    command: 'node --enable-source-maps apps/server/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      TAVOLO_DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Short, so that a deactivated member's open board ends within seconds (staff.spec.ts).
      LIVE_HEARTBEAT_SECONDS: '2',
      // A throwaway database: no automatic backups of it (decision 043).
      TAVOLO_BACKUP_HOURS: '0',
    },
  },
});
