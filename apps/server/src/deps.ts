import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventHub } from './events/event-hub';
import type { EventPublisher } from './events/event-publisher';
import type { Mailer } from './modules/mailer/mailer';

/** What every route plugin is handed: built once in app.ts, swapped in tests. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  events: EventPublisher;
  hub: EventHub;
};
