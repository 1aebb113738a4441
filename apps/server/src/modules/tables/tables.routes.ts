import { ZId } from '@tavolo/contract/common';
import { ZCreateTableRequest, ZTable, ZTableList } from '@tavolo/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { assertSameRestaurant, createAuthenticate, requirePermission } from '../../http/auth';
import { contextOf } from '../../http/route-context';
import { createTable, listTables } from './tables.service';

export const tablesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', createAuthenticate(deps.db));
  const tags = ['tables'];
  const context = (request: Parameters<typeof contextOf>[1]) => ({
    ...contextOf(deps, request),
    publicUrl: deps.config.publicUrl,
  });

  app.get(
    '/api/tables/restaurant/:restaurantId',
    { schema: { tags, params: z.object({ restaurantId: ZId }), response: { 200: ZTableList } } },
    async (request) => {
      const ctx = context(request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return { items: await listTables(ctx) };
    },
  );

  app.post(
    '/api/tables',
    {
      preHandler: requirePermission('tables.manage'),
      schema: { tags, body: ZCreateTableRequest, response: { 201: ZTable } },
    },
    async (request, reply) => reply.status(201).send(await createTable(context(request), request.body)),
  );
};
