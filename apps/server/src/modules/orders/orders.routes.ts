import { ZIdParams } from '@tavolo/contract/common';
import {
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  ZCreatedOrder,
  ZCreateOrderRequest,
  ZOrder,
} from '@tavolo/contract/orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/app-error';
import { createAuthenticate, principalOf } from '../../http/auth';
import { findAccountById } from '../auth/auth.repository';
import { getOrderForGuest, getOrderForStaff, placeOrder } from './orders.service';

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
};
