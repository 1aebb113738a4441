import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';

export type NotificationHandlers = {
  /** Who listens, as the log names it ("live events connection lost; reconnecting"). */
  name: string;
  /** A NOTIFY on the channel (delivered after its transaction committed, from any instance). */
  onNotification: (payload: string | undefined) => void;
  /**
   * Whether notifications are being heard: false when the connection drops, true each time LISTEN
   * succeeds (after a drop, notifications may have been missed meanwhile).
   */
  onListening?: (listening: boolean) => void;
};

/**
 * LISTENs on one channel: in process with the embedded database, or on a connection of its own to
 * PostgreSQL that reconnects (doubling its wait up to 10 s) when it drops. Resolves once listening;
 * the function it resolves to stops.
 */
export async function listenToChannel(
  database: Database,
  log: FastifyBaseLogger,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(channel, handlers.onNotification);
    handlers.onListening?.(true);
    return unlisten;
  }

  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelay = 250;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const candidate = new pg.Client(database.pool!.options);
    candidate.on('notification', (message) => handlers.onNotification(message.payload));
    candidate.on('error', (error) => {
      handlers.onListening?.(false);
      log.warn({ err: error, channel }, `${handlers.name} connection lost; reconnecting`);
      void candidate.end().catch(() => {});
      if (client === candidate) client = undefined;
      setTimeout(() => void connect(), retryDelay).unref();
      retryDelay = Math.min(retryDelay * 2, 10_000);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
      client = candidate;
      retryDelay = 250;
      handlers.onListening?.(true);
    } catch (error) {
      candidate.emit('error', error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
