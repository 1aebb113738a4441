// `npm run backup [-- --out <file>]`: a backup of the database `npm start` uses, with its SHA-256
// beside it. PostgreSQL (DATABASE_URL) through pg_dump; the embedded database through the server
// that has it open (it makes the backup while it serves), or opened here when none runs.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { PgliteWorkerClient } from '../db/pglite-worker-client';
import { askServerForBackup } from './backup-control';
import { BackupError, type BackupMade, backupFileName } from './backup-files';
import { createEmbeddedBackup, embeddedDirOf } from './embedded-backup';
import { createPostgresBackup } from './postgres-backup';

const USAGE = `Usage: npm run backup [-- --out <file>]

Backs up the database \`npm start\` uses: PostgreSQL when DATABASE_URL is set (through pg_dump),
else the embedded database in TAVOLO_DATA_DIR (./data) — through the running server when one has it
open, which goes on serving. Writes <file> (default: a new file in TAVOLO_BACKUP_DIR) and
<file>.sha256 beside it; \`npm run restore -- <file>\` restores it.`;

function fail(message: string, status = 1): never {
  console.error(`backup: ${message}`);
  process.exit(status);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig();
const kind = config.databaseUrl ? 'postgres' : 'embedded';
const out = values.out
  ? path.resolve(values.out)
  : path.join(config.backups.dir, backupFileName(kind, new Date()));

function describe(made: Pick<BackupMade, 'file' | 'bytes' | 'sha256' | 'ms'>, how: string) {
  const megabytes = (made.bytes / 1_048_576).toFixed(1);
  console.log(
    `Backup written ${how} in ${(made.ms / 1000).toFixed(1)} s: ${made.file} (${megabytes} MB)\nSHA-256 ${made.sha256} in ${made.file}.sha256`,
  );
}

try {
  if (config.databaseUrl) {
    describe(await createPostgresBackup({ databaseUrl: config.databaseUrl, out }), 'by pg_dump');
  } else {
    const reply = await askServerForBackup(config.dataDir, values.out ? out : undefined);
    if (reply) {
      if (!reply.ok) fail(`the server could not make the backup: ${reply.message}`);
      describe(reply, 'by the running server');
    } else {
      const dir = embeddedDirOf(config.dataDir);
      const holds = await fs.access(path.join(dir, 'PG_VERSION')).then(
        () => true,
        () => false,
      );
      if (!holds) fail(`there is no embedded database in ${config.dataDir} to back up`);
      const worker = await PgliteWorkerClient.start({ dataDir: dir });
      try {
        describe(
          await createEmbeddedBackup({
            engine: worker,
            dbDir: dir,
            out,
            stagingDir: config.dataDir,
          }),
          `from ${config.dataDir} (no server had it open)`,
        );
      } finally {
        await worker.close();
      }
    }
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
