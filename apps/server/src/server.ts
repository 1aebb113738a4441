import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { moveUploadsFromDisk } from './modules/uploads/uploads-from-disk';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const app = await buildApp({ config, database });
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
  await database.close();
  process.exit(1);
}
