import { ZId, ZIdParams } from '@tavolo/contract/common';
import {
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  ZCreatedOrder,
  ZCreateOrderRequest,
  ZOrder,
  ZOrderListQuery,
  ZOrderPage,
  ZUpdateOrderStatusRequest,
} from '@tavolo/contract/orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { streamEvents } from '../../events/sse';
import { forbidden } from '../../http/app-error';
import {
  assertSameRestaurant,
  createAuthenticate,
  findPrincipal,
  principalOf,
  readToken,
  requirePermission,
} from '../../http/auth';
import { contextOf } from '../../http/route-context';
import { describeActor } from '../auth/actor';
import { findAccountById } from '../auth/auth.repository';
import { changeOrderStatus } from './order-lifecycle';
import { findOrderRestaurantId } from './orders.repository';
import {
  exportOrdersCsv,
  getOrderForGuest,
  getOrderForStaff,
  listOrders,
  placeOrder,
} from './orders.service';

const ZRestaurantParams = z.object({ restaurantId: ZId });

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const authenticate = createAuthenticate(db);
  const tags = ['orders'];

  /** Staff must be signed in with the permission; a guest proves nothing but holding the table's code. */
  const staffUnless = (
    isGuest: (request: FastifyRequest) => boolean,
    permission: 'orders.create' | 'orders.view',
  ) =>
    async function guard(request: FastifyRequest, reply: FastifyReply) {
      if (isGuest(request)) return;
      await authenticate(request, reply);
      if (!principalOf(request).permissions.has(permission)) throw forbidden();
    };

  app.post(
    '/api/orders',
    {
      preHandler: staffUnless(
        (request) => (request.body as { qrToken?: string }).qrToken !== undefined,
        'orders.create',
      ),
      schema: {
        tags,
        description:
          'A guest sends the qrToken of their table; staff send tableId with their session. Prices and totals are computed by the server. Send an Idempotency-Key header to make retries safe.',
        body: ZCreateOrderRequest,
        response: { 201: ZCreatedOrder, 200: ZCreatedOrder },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const placer = principal
        ? {
            kind: 'staff' as const,
            principal,
            name: (await findAccountById(db, principal.userType, principal.userId))?.name ?? 'Staff',
          }
        : { kind: 'guest' as const };
      const answer = await placeOrder(deps, {
        input: request.body,
        placer,
        idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status as 201).send(answer.body);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: staffUnless(
        (request) => headerOf(request, GUEST_TOKEN_HEADER) !== undefined,
        'orders.view',
      ),
      schema: { tags, params: ZIdParams, response: { 200: ZOrder } },
    },
    (request) => {
      const guestToken = headerOf(request, GUEST_TOKEN_HEADER);
      return guestToken
        ? getOrderForGuest(db, request.params.id, guestToken)
        : getOrderForStaff(db, principalOf(request), request.params.id);
    },
  );

  app.get(
    '/api/orders/restaurant/:restaurantId',
    {
      onRequest: authenticate,
      preHandler: requirePermission('orders.view'),
      schema: {
        tags,
        params: ZRestaurantParams,
        querystring: ZOrderListQuery,
        response: { 200: ZOrderPage },
      },
    },
    (request) => {
      const ctx = contextOf(deps, request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      return listOrders(ctx, request.query);
    },
  );

  app.get(
    '/api/orders/restaurant/:restaurantId/export.csv',
    {
      onRequest: authenticate,
      preHandler: requirePermission('orders.view'),
      schema: { tags, params: ZRestaurantParams, querystring: ZOrderListQuery, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const ctx = contextOf(deps, request);
      assertSameRestaurant(ctx.principal, request.params.restaurantId);
      const csv = await exportOrdersCsv(ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(csv);
    },
  );

  app.put(
    '/api/orders/:id/status',
    {
      onRequest: authenticate,
      preHandler: requirePermission('orders.manage'),
      schema: { tags, params: ZIdParams, body: ZUpdateOrderStatusRequest, response: { 200: ZOrder } },
    },
    async (request) => {
      const ctx = contextOf(deps, request);
      return changeOrderStatus(ctx, {
        orderId: request.params.id,
        change: request.body,
        by: await describeActor(db, ctx.principal),
      });
    },
  );

  app.get(
    '/api/orders/stream',
    {
      onRequest: authenticate,
      preHandler: requirePermission('orders.view'),
      schema: {
        tags,
        produces: ['text/event-stream'],
        description:
          "Server-sent events of the session's restaurant: order.created, order.updated, menu.updated (each with an id; reconnect with Last-Event-ID to replay what was missed), a ready event, and a heartbeat comment at most every 15 s.",
      },
    },
    (request, reply) => {
      const { restaurantId, via } = principalOf(request);
      const token = readToken(request)?.token ?? '';
      return streamEvents(request, reply, {
        db,
        hub: deps.hub,
        restaurantId,
        orderId: null,
        heartbeatMs: deps.config.liveHeartbeatMs,
        stillAllowed: async () => {
          const principal = await findPrincipal(db, token, via);
          return principal?.restaurantId === restaurantId && principal.permissions.has('orders.view');
        },
      });
    },
  );

  app.get(
    '/api/orders/:id/stream',
    {
      schema: {
        tags,
        security: [],
        params: ZIdParams,
        querystring: z.object({ guestToken: z.string().min(1).max(200), lastEventId: z.string().optional() }),
        produces: ['text/event-stream'],
        description:
          "Server-sent events of one guest's order (order.updated), for the guest holding its token.",
      },
    },
    async (request, reply) => {
      const order = await getOrderForGuest(db, request.params.id, request.query.guestToken);
      const restaurantId = await findOrderRestaurantId(db, order.id);
      return streamEvents(request, reply, {
        db,
        hub: deps.hub,
        restaurantId: restaurantId!,
        orderId: order.id,
        heartbeatMs: deps.config.liveHeartbeatMs,
      });
    },
  );
};
