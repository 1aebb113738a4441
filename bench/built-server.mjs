// Starts the built server (apps/server/dist) for a benchmark and waits until it answers.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const probePath = path.join(repoRoot, 'bench', 'event-loop-probe.mjs');

/**
 * A port free right now, below Linux's ephemeral range (32768 and up), where the load generator's
 * own connections could already hold the one picked at random.
 */
export async function freePort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * `env` must name PORT (and the database: TAVOLO_DATA_DIR or DATABASE_URL). Waits up to
 * `readyWithinMs` for GET /api/health; `stop()` sends SIGTERM (node itself, not npx, so the server
 * shuts down gracefully) and waits for it to exit. `probe` (bench/event-loop-probe.mjs, loaded into
 * the server) resets and reads the server's event-loop delay and memory.
 */
export async function startBuiltServer(env, { readyWithinMs = 60_000 } = {}) {
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--expose-gc',
      // BENCH_PROFILE_DIR=dir writes the server's CPU profiles there (one per thread) when it stops.
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
      '--import',
      probePath,
      'apps/server/dist/server.js',
    ],
    {
      cwd: repoRoot,
      env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let waited = 0; waited < readyWithinMs; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const ask = (probe) =>
    new Promise((resolve) => {
      const answer = (message) => {
        if (message?.probe !== probe) return;
        child.off('message', answer);
        resolve(message);
      };
      child.on('message', answer);
      child.send({ probe });
    });
  return {
    url,
    pid: child.pid,
    probe: {
      reset: () => ask('reset'),
      /** Runs a full garbage collection in the server, before reading what its memory holds. */
      collect: () => ask('collect'),
      /** `{ eventLoop: { p50, p99, max } (ms), rssBytes }` since the last reset. */
      read: () => ask('read'),
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
