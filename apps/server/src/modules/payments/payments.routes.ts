import { ZIdParams } from '@tavolo/contract/common';
import { IDEMPOTENCY_KEY_HEADER, ZRecordedPayment, ZRecordPaymentRequest } from '@tavolo/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { createAuthenticate, requirePermission } from '../../http/auth';
import { contextOf } from '../../http/route-context';
import { describeActor } from '../auth/actor';
import { recordPayment } from './payments.service';

export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', createAuthenticate(deps.db));

  app.post(
    '/api/orders/:id/payments',
    {
      preHandler: requirePermission('payments.manage'),
      schema: {
        tags: ['payments'],
        description:
          'Records a cash, card or transfer payment. Send an Idempotency-Key header to make retries safe.',
        params: ZIdParams,
        body: ZRecordPaymentRequest,
        response: { 201: ZRecordedPayment },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(deps, request);
      const actor = await describeActor(deps.db, ctx.principal);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const answer = await recordPayment(
        { ...ctx, recordedByName: actor.name },
        {
          orderId: request.params.id,
          input: request.body,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );
};
