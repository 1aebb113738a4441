import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listenToChannel } from '../db/notifications';

/** What `forget` and `setListening` need of a cache kept by the database's notifications. */
type Forgetful = { forget(restaurantId?: string): void; setListening(listening: boolean): void };

export type NotifiedCacheBinding = {
  /** The caches one channel keeps (one LISTEN each channel). */
  caches: readonly Forgetful[];
  /** The channel the database announces the caches' changes on (migrations 0016, 0017). */
  channel: string;
  /** Contract tags of the endpoints whose writes change what the caches hold. */
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
    for (const { caches, channel } of bindings) {
      stops.push(
        await listenToChannel(database, app.log, channel, {
          name: `${channel} cache`,
          onNotification: (restaurantId) => {
            for (const cache of caches) cache.forget(restaurantId);
          },
          onListening: (listening) => {
            for (const cache of caches) cache.setListening(listening);
          },
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
    for (const { caches, writesOf } of bindings) {
      if (writesOf.includes(tag)) for (const cache of caches) cache.forget();
    }
  });
}
