import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listenToChannel } from '../db/notifications';

/** What `forget` and `setListening` need of a cache kept by the database's notifications. */
type Forgetful = { forget(restaurantId?: string): void; setListening(listening: boolean): void };

export type NotifiedCacheBinding = {
  cache: Forgetful;
  /** The channel the database announces the cache's changes on (migration 0016). */
  channel: string;
  /** Contract tags of the endpoints whose writes change what the cache holds. */
  writesOf: readonly string[];
};

/**
 * Keeps in-process caches correct: each listens to its channel once the app is ready (forgetting
 * the restaurant each notification names), and this instance's own successful writes to the
 * endpoints that change a cache's content empty it before they are answered — a NOTIFY reaches
 * PostgreSQL listeners only a moment after commit, and the writer's next request must not be
 * served from before its write (decision 023).
 */
export function keepCachesNotified(
  app: FastifyInstance,
  database: Database,
  bindings: readonly NotifiedCacheBinding[],
): void {
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    for (const { cache, channel } of bindings) {
      stops.push(
        await listenToChannel(database, app.log, channel, {
          name: `${channel} cache`,
          onNotification: (restaurantId) => cache.forget(restaurantId),
          onListening: (listening) => cache.setListening(listening),
        }),
      );
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
  app.addHook('onSend', async (request, reply) => {
    const tag = request.routeOptions.config.tag;
    if (!tag || request.method === 'GET' || reply.statusCode >= 400) return;
    for (const { cache, writesOf } of bindings) if (writesOf.includes(tag)) cache.forget();
  });
}
