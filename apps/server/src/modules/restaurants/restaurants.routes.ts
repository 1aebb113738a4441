import { ZIdParams } from '@tavolo/contract/common';
import {
  ZCreateRestaurantRequest,
  ZRestaurant,
  ZRestaurantList,
  ZUpdateRestaurantRequest,
} from '@tavolo/contract/restaurants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { createAuthenticate, principalOf, requirePermission } from '../../http/auth';
import { changeRestaurant, createRestaurant, getRestaurant, listRestaurants } from './restaurants.service';

export const restaurantsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.addHook('onRequest', createAuthenticate(db));
  const tags = ['restaurants'];

  app.get('/api/restaurants', { schema: { tags, response: { 200: ZRestaurantList } } }, async (request) => ({
    items: await listRestaurants({ db, principal: principalOf(request) }),
  }));

  app.post(
    '/api/restaurants',
    { schema: { tags, body: ZCreateRestaurantRequest, response: { 201: ZRestaurant } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRestaurant({ db, principal: principalOf(request), values: request.body })),
  );

  app.get(
    '/api/restaurants/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZRestaurant } } },
    (request) => getRestaurant({ db, principal: principalOf(request), restaurantId: request.params.id }),
  );

  app.put(
    '/api/restaurants/:id',
    {
      preHandler: requirePermission('settings.manage'),
      schema: { tags, params: ZIdParams, body: ZUpdateRestaurantRequest, response: { 200: ZRestaurant } },
    },
    (request) =>
      changeRestaurant({
        db,
        principal: principalOf(request),
        restaurantId: request.params.id,
        changes: request.body,
      }),
  );
};
