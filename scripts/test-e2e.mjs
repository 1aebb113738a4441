// @ts-nocheck
// Runs the Playwright browser tests against the built app, or says plainly why it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
// it is always rebuilt; the web app when it was never built or its sources changed since, so a
// stale build is never what is tested.
const build = webBuildIsCurrent()
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

/** True when apps/web/dist was built after the last change to anything it is built from. */
function webBuildIsCurrent() {
  const built = 'apps/web/dist/index.html';
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'];
  const stale = sources.find((source) => newestChange(source) > builtAt);
  if (stale) console.log(`Rebuilding the web app: ${stale} changed since its last build.`);
  return !stale;
}

/** The latest modification time of a file, or of anything under a directory. */
function newestChange(file) {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}
