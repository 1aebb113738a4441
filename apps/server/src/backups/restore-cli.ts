// `npm run restore -- <file> [--force]`: restores a backup made by `npm run backup` (or the
// server's automatic ones) into the database `npm start` uses, then migrates it to this version.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { isServerRunning } from './backup-control';
import { BackupError } from './backup-files';
import { restoreEmbeddedBackup } from './embedded-backup';
import { restorePostgresBackup } from './postgres-backup';

const USAGE = `Usage: npm run restore -- <file> [--force]

Restores <file> (a backup by \`npm run backup\`, with <file>.sha256 beside it) into the database
\`npm start\` uses: PostgreSQL when DATABASE_URL is set (through pg_restore), else the embedded
database in TAVOLO_DATA_DIR (./data), with the server stopped. Refuses a file whose checksum fails,
and a database that holds data unless --force (the embedded one is then kept aside, renamed).
Runs the migrations afterwards, so an older backup opens in this version.`;

function fail(message: string, status = 1): never {
  console.error(`restore: ${message}`);
  process.exit(status);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) fail(`name one backup file\n\n${USAGE}`, 2);
const file = path.resolve(positionals[0]!);
const force = values.force ?? false;
const config = loadConfig();

try {
  if (config.databaseUrl) {
    const restored = await restorePostgresBackup({ file, databaseUrl: config.databaseUrl, force });
    console.log(
      `Restored ${file} into the PostgreSQL database in ${(restored.ms / 1000).toFixed(1)} s${restored.replacedRows ? ' (what it held was replaced)' : ''}, migrated to this version.`,
    );
  } else {
    if (await isServerRunning(config.dataDir))
      fail(
        `a Tavolo server has the embedded database in ${config.dataDir} open: stop it, then restore (a backup while it runs: npm run backup)`,
      );
    const restored = await restoreEmbeddedBackup({ file, dataDir: config.dataDir, force });
    console.log(
      `Restored ${file} (made ${restored.manifest.createdAt}) into ${config.dataDir} in ${(restored.ms / 1000).toFixed(1)} s, migrated to this version.`,
    );
    if (restored.setAside)
      console.log(
        `The database that was there is kept in ${restored.setAside}; delete it when you no longer need it.`,
      );
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
