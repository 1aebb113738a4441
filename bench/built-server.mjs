// Starts the built server (apps/server/dist) for a benchmark and waits until it answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `env` must name PORT (and the database: TAVOLO_DATA_DIR or DATABASE_URL). Waits up to
 * `readyWithinMs` for GET /api/health; `stop()` sends SIGTERM (node itself, not npx, so the server
 * shuts down gracefully) and waits for it to exit.
 */
export async function startBuiltServer(env, { readyWithinMs = 60_000 } = {}) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let waited = 0; waited < readyWithinMs; waited += 100) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
