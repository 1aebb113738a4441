// Builds the web app into apps/web/dist: the dashboard (index.html), then the guest's pages
// (guest.html and their service worker, `--mode guest`), both stamped with one release id (Vite's
// __TAVOLO_RELEASE__), which dist/release.json gives the server to name on every answer; then the
// .br and .gz copies. A page whose release differs from its server's offers to reload (decision 041).
// TAVOLO_RELEASE, when set, is the id (a CI's commit, say); else the time of the build.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const release =
  process.env.TAVOLO_RELEASE ||
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
const env = { ...process.env, TAVOLO_RELEASE: release };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: web, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vite', 'build']);
run('npx', ['vite', 'build', '--mode', 'guest']);
writeFileSync(path.join(web, 'dist', 'release.json'), `${JSON.stringify({ release })}\n`);
run('node', ['../../scripts/precompress.mjs', 'dist']);
console.log(`web release ${release}`);
