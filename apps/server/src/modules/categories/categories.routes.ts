import { ZId, ZIdParams } from '@tavolo/contract/common';
import {
  ZCategory,
  ZCategoryList,
  ZCreateCategoryRequest,
  ZReorderCategoriesRequest,
  ZUpdateCategoryRequest,
} from '@tavolo/contract/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { assertSameRestaurant, createAuthenticate, requirePermission } from '../../http/auth';
import { contextOf } from '../../http/route-context';
import {
  changeCategory,
  createCategory,
  listCategories,
  removeCategory,
  reorderCategories,
} from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', createAuthenticate(deps.db));
  const manage = requirePermission('menu.manage');
  const tags = ['categories'];

  app.get(
    '/api/categories/:restaurantId',
    { schema: { tags, params: z.object({ restaurantId: ZId }), response: { 200: ZCategoryList } } },
    async (request) => {
      const ctx = contextOf(deps, request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return { items: await listCategories(ctx) };
    },
  );

  app.post(
    '/api/categories',
    { preHandler: manage, schema: { tags, body: ZCreateCategoryRequest, response: { 201: ZCategory } } },
    async (request, reply) =>
      reply.status(201).send(await createCategory(contextOf(deps, request), request.body)),
  );

  app.put(
    '/api/categories/reorder',
    {
      preHandler: manage,
      schema: { tags, body: ZReorderCategoriesRequest, response: { 200: ZCategoryList } },
    },
    async (request) => ({ items: await reorderCategories(contextOf(deps, request), request.body) }),
  );

  app.put(
    '/api/categories/:id',
    {
      preHandler: manage,
      schema: { tags, params: ZIdParams, body: ZUpdateCategoryRequest, response: { 200: ZCategory } },
    },
    (request) => changeCategory(contextOf(deps, request), request.params.id, request.body),
  );

  app.delete(
    '/api/categories/:id',
    { preHandler: manage, schema: { tags, params: ZIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeCategory(contextOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
