// Runs the Playwright browser tests against the built app, or says plainly why it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browser = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(browser)) {
  const how = `Browser tests need Chromium at ${browser}. On Debian/Ubuntu: sudo apt-get install -y chromium (or point CHROME_PATH at a Chromium/Chrome binary).`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`\nE2E_REQUIRED=1 and no browser: ${how}\n`);
    process.exit(1);
  }
  console.warn(`\nSkipping the browser tests (everything else ran). ${how}\n`);
  process.exit(0);
}
// The browser tests run the compiled server, as production does. Its build takes about a second, so
// it is always rebuilt; the web app only when it was never built.
const build = existsSync('apps/web/dist/index.html')
  ? spawnSync('npm', ['run', 'build', '--workspace', 'apps/server'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: browser },
  },
);
process.exit(result.status ?? 1);
