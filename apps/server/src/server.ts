import { buildApp } from './app';
import { openBackupControl } from './backups/backup-control';
import { createBackupKeeper } from './backups/backup-schedule';
import { createEmbeddedBackup, dropBackupSlot, embeddedDirOf } from './backups/embedded-backup';
import { canRunPgDump, createPostgresBackup } from './backups/postgres-backup';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { moveUploadsFromDisk } from './modules/uploads/uploads-from-disk';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const embedded = database.kind === 'pglite' ? database.pglite! : null;
// A backup killed before its end left its replication slot, which would keep the log forever.
if (embedded) await dropBackupSlot(embedded);
let backups: ReturnType<typeof createBackupKeeper> | undefined;
// The keeper is made once the app's logger is there; the app reaches it through this desk.
const app = await buildApp({
  config,
  database,
  backups: {
    status: () => backups!.status(),
    backUpNow: (out) => backups!.backUpNow(out),
    settings: () => backups!.settings(),
    list: () => backups!.list(),
    unavailable: () => backups!.unavailable(),
  },
});
// The embedded database backs itself up (decision 043); PostgreSQL is backed up by hand or by its host.
backups = createBackupKeeper({
  dir: config.backups.dir,
  intervalMs: embedded ? config.backups.intervalMs : null,
  keep: config.backups.keep,
  stagingDir: embedded ? config.dataDir : undefined,
  kind: embedded ? 'embedded' : 'postgres',
  make: (out) =>
    embedded
      ? createEmbeddedBackup({
          engine: embedded,
          dbDir: embeddedDirOf(config.dataDir),
          out,
          stagingDir: config.dataDir,
        })
      : createPostgresBackup({ databaseUrl: config.databaseUrl!, out }),
  toolsPresent: embedded ? undefined : canRunPgDump,
  log: app.log,
});
await backups.start();
// `npm run backup` asks this process while it has the embedded database open.
const closeBackupControl = embedded
  ? await openBackupControl({
      dataDir: config.dataDir,
      backUp: (out) => backups!.backUpNow(out),
      log: app.log,
    })
  : null;
await moveUploadsFromDisk(database.db, config.dataDir, app.log);

let closing = false;
async function shutDown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    backups?.stop();
    await closeBackupControl?.();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `Tavolo is ready on ${config.publicUrl} after ${Math.round(performance.now() - startedAt)} ms`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  backups?.stop();
  await closeBackupControl?.();
  await database.close();
  process.exit(1);
}
