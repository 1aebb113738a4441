// Starts the backup's packer process (backup-packer.ts) for one step and waits for its answer.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PackerAnswer, PackerResult, PackerTask } from './backup-packer-protocol';

// Beside this module: src/backups/backup-packer.ts in development and tests, dist/backup-packer.js
// beside the bundled server (scripts/build-server.mjs builds it as an entry of its own).
const here = fileURLToPath(import.meta.url);
const packerFile = path.join(path.dirname(here), `backup-packer${path.extname(here)}`);

/**
 * The packer's CPU priority (a Unix nice value; the server runs at 0): the lowest, so a backup
 * takes only the cores the orders leave free, and goes at full speed when none are coming in.
 * Measured at a million orders under 20 clients placing orders without pause: at 19 the backup
 * takes 35–51 s and order intake keeps 86–95 % of its rate; at 10, 34 s and 75 %; in the server's
 * own process, 30 s and 55 %.
 */
const PACKER_NICENESS = 19;

/** Runs one step of a backup in the packer process; rejects with its error when it fails. */
export function runBackupPacker<K extends PackerTask['kind']>(
  task: Extract<PackerTask, { kind: K }>,
): Promise<Extract<PackerResult, { kind: K }>> {
  const child = fork(packerFile, [], {
    // TypeScript (development, tests): the packer loads through tsx, as the server does.
    execArgv: packerFile.endsWith('.ts')
      ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
      : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once('spawn', () => {
      try {
        os.setPriority(child.pid!, PACKER_NICENESS);
      } catch {
        // Not allowed here (a container's seccomp, say): the packer runs at the server's priority.
      }
      child.send(task);
    });
    child.once('message', (message: PackerAnswer) => {
      answered = true;
      if ('error' in message) reject(new Error(`the backup's ${task.kind} step failed: ${message.error}`));
      else resolve(message.result as Extract<PackerResult, { kind: K }>);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`the backup packer exited (${signal ?? code}) before answering`));
    });
  });
}
