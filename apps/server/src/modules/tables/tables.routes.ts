import { ZId, ZIdParams } from '@tavolo/contract/common';
import { ZCreateTableRequest, ZTable, ZTableList, ZUpdateTableRequest } from '@tavolo/contract/tables';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import {
  assertSameRestaurant,
  createAuthenticate,
  requireAnyPermission,
  requirePermission,
} from '../../http/auth';
import { contextOf } from '../../http/route-context';
import {
  changeTable,
  createTable,
  getTable,
  listTables,
  removeTable,
  renderTableQr,
  rotateTableQr,
} from './tables.service';

export const tablesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', createAuthenticate(deps.db));
  const manage = requirePermission('tables.manage');
  // Tables carry their QR token, which places orders as a guest: only those who run the tables
  // or take orders themselves see them (not the kitchen, not the cashier).
  const read = requireAnyPermission('tables.manage', 'orders.create');
  const tags = ['tables'];
  const context = (request: FastifyRequest) => ({
    ...contextOf(deps, request),
    publicUrl: deps.config.publicUrl,
  });

  app.get(
    '/api/tables/restaurant/:restaurantId',
    {
      preHandler: read,
      schema: { tags, params: z.object({ restaurantId: ZId }), response: { 200: ZTableList } },
    },
    async (request) => {
      const ctx = context(request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return { items: await listTables(ctx) };
    },
  );

  app.get(
    '/api/tables/:id',
    { preHandler: read, schema: { tags, params: ZIdParams, response: { 200: ZTable } } },
    (request) => getTable(context(request), request.params.id),
  );

  app.post(
    '/api/tables',
    { preHandler: manage, schema: { tags, body: ZCreateTableRequest, response: { 201: ZTable } } },
    async (request, reply) => reply.status(201).send(await createTable(context(request), request.body)),
  );

  app.put(
    '/api/tables/:id',
    {
      preHandler: manage,
      schema: { tags, params: ZIdParams, body: ZUpdateTableRequest, response: { 200: ZTable } },
    },
    (request) => changeTable(context(request), request.params.id, request.body),
  );

  app.post(
    '/api/tables/:id/rotate-qr',
    { preHandler: manage, schema: { tags, params: ZIdParams, response: { 200: ZTable } } },
    (request) => rotateTableQr(context(request), request.params.id),
  );

  app.delete(
    '/api/tables/:id',
    { preHandler: manage, schema: { tags, params: ZIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeTable(context(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/api/tables/:id/qr.${format}`,
      {
        preHandler: manage,
        schema: {
          tags,
          params: ZIdParams,
          querystring: z.object({ download: z.enum(['1', 'true']).optional() }),
          produces: [format === 'svg' ? 'image/svg+xml' : 'image/png'],
          description: `The table's QR code (${format.toUpperCase()}), pointing at its guest URL.`,
        },
      },
      async (request, reply) => {
        const { table, image } = await renderTableQr(context(request), request.params.id, format);
        reply
          .type(format === 'svg' ? 'image/svg+xml' : 'image/png')
          .header('cache-control', 'private, no-cache');
        if (request.query.download) {
          reply.header('content-disposition', `attachment; filename="table-${table.number}-qr.${format}"`);
        }
        return reply.send(image);
      },
    );
  }
};
