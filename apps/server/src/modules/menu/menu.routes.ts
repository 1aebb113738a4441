import { ZId, ZIdParams } from '@tavolo/contract/common';
import {
  type TGuestMenu,
  ZCreateMenuItemRequest,
  ZGuestMenu,
  ZGuestMenuQuery,
  ZMenuItem,
  ZMenuItemList,
  ZSoldOutRequest,
  ZTodayMenu,
  ZUpdateMenuItemRequest,
} from '@tavolo/contract/menu';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/app-error';
import { assertSameRestaurant, createAuthenticate, principalOf, requirePermission } from '../../http/auth';
import { contextOf } from '../../http/route-context';
import { createGuestMenuCache, encodeGuestMenu } from './guest-menu-cache';
import {
  changeMenuItem,
  createMenuItem,
  getGuestMenuBody,
  getMenuItem,
  getTodayMenu,
  listMenuItems,
  removeMenuItem,
  setSoldOut,
} from './menu.service';

const ZRestaurantParams = z.object({ restaurantId: ZId });

/** Public: what a guest's phone loads after scanning a table's code. */
export const guestMenuRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const cache = createGuestMenuCache();
  app.get(
    '/api/menu/qr',
    { schema: { tags: ['menu'], security: [], querystring: ZGuestMenuQuery, response: { 200: ZGuestMenu } } },
    async (request, reply) => {
      const { qrToken, restaurantId, tableNumber } = request.query;
      const lookup = qrToken ? { qrToken } : { restaurantId: restaurantId!, tableNumber: tableNumber! };
      const entry = await getGuestMenuBody(deps.db, cache, lookup);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const encoded = encodeGuestMenu(entry, request.headers['accept-encoding']);
      // Ready-made bodies (the schema still documents them): sent as they are, never serialized again.
      if (encoded)
        return reply.header('content-encoding', encoded.encoding).send(encoded.body as unknown as TGuestMenu);
      return reply.send(entry.json as unknown as TGuestMenu);
    },
  );
};

export const menuRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['menu'];
  app.addHook('onRequest', createAuthenticate(deps.db));
  const manage = requirePermission('menu.manage');
  // The kitchen marks dishes sold out without being allowed to edit the menu.
  const manageAvailability = async (request: FastifyRequest) => {
    const { permissions } = principalOf(request);
    if (!permissions.has('menu.manage') && !permissions.has('orders.manage')) throw forbidden();
  };
  app.get(
    '/api/menu/restaurant/:restaurantId',
    { schema: { tags, params: ZRestaurantParams, response: { 200: ZMenuItemList } } },
    async (request) => {
      const ctx = contextOf(deps, request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return { items: await listMenuItems(ctx) };
    },
  );

  app.get(
    '/api/menu/today/:restaurantId',
    { schema: { tags, params: ZRestaurantParams, response: { 200: ZTodayMenu } } },
    (request) => {
      const ctx = contextOf(deps, request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return getTodayMenu(ctx);
    },
  );

  app.get('/api/menu/:id', { schema: { tags, params: ZIdParams, response: { 200: ZMenuItem } } }, (request) =>
    getMenuItem(contextOf(deps, request), request.params.id),
  );

  app.post(
    '/api/menu',
    { preHandler: manage, schema: { tags, body: ZCreateMenuItemRequest, response: { 201: ZMenuItem } } },
    async (request, reply) =>
      reply.status(201).send(await createMenuItem(contextOf(deps, request), request.body)),
  );

  app.put(
    '/api/menu/:id',
    {
      preHandler: manage,
      schema: { tags, params: ZIdParams, body: ZUpdateMenuItemRequest, response: { 200: ZMenuItem } },
    },
    (request) => changeMenuItem(contextOf(deps, request), request.params.id, request.body),
  );

  app.put(
    '/api/menu/:id/sold-out',
    {
      preHandler: manageAvailability,
      schema: { tags, params: ZIdParams, body: ZSoldOutRequest, response: { 200: ZMenuItem } },
    },
    (request) => setSoldOut(contextOf(deps, request), request.params.id, request.body.soldOut),
  );

  app.delete(
    '/api/menu/:id',
    { preHandler: manage, schema: { tags, params: ZIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMenuItem(contextOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
