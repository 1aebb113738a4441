import { ZHealthResponse } from '@tavolo/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The server listens only after migrations ran, so answering at all means the database is ready.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['health'], response: { 200: ZHealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
};
