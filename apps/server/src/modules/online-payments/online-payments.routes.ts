import { GUEST_TOKEN_HEADER } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../core/app-error';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { invalidSignature, type PaymentProvider } from '../money/payment-provider';
import {
  completeSandboxCheckout,
  getSandboxCheckout,
  type OnlinePayments,
  receiveWebhook,
  startCheckout,
} from './online-payments.service';

export function registerOnlinePaymentsRoutes(route: RouteRegistrar, online: OnlinePayments) {
  route(paymentsEndpoints.startCheckout, (ctx, request) =>
    startCheckout(
      ctx,
      { orderId: request.params.id, guestToken: headerOf(request, GUEST_TOKEN_HEADER) },
      online.provider,
    ),
  );

  route(paymentsEndpoints.sandboxCheckout, (ctx, { params }) =>
    getSandboxCheckout(ctx, { paymentId: params.paymentId }, online.provider),
  );

  route(paymentsEndpoints.sandboxComplete, (ctx, { params, body }) =>
    completeSandboxCheckout(ctx, { paymentId: params.paymentId, outcome: body.outcome }, online),
  );
}

/**
 * The providers' webhook, in a scope of its own: there the JSON parser keeps the body's raw bytes
 * and checks the provider's signature over them before anything parses them; only then is the JSON
 * parsed (with Fastify's own safe parser) and validated by the contract's schema. Elsewhere JSON is
 * parsed as usual.
 */
export function registerWebhookRoute(
  scope: FastifyInstance,
  route: RouteRegistrar,
  provider: PaymentProvider,
) {
  /** The raw body of each request whose signature was checked. */
  const verified = new WeakMap<FastifyRequest, Buffer>();
  const parseJson = scope.getDefaultJsonParser('error', 'error');

  // Only the configured provider has a webhook; any other name is nothing (before the body is read).
  scope.addHook('onRequest', async (request) => {
    const { provider: name } = request.params as { provider?: string };
    if (name !== provider.name) throw notFound('Payment provider');
  });

  // Webhooks are JSON: any other body is an unsupported media type here.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const rawBody = body as Buffer;
    try {
      provider.verifyWebhook(rawBody, request.headers);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    verified.set(request, rawBody);
    parseJson(request, rawBody.toString('utf8'), done);
  });

  route(paymentsEndpoints.paymentWebhook, (ctx, request) => {
    const rawBody = verified.get(request);
    // Unreachable without a checked JSON body (the schema refuses a missing one): kept as a guard.
    if (!rawBody) throw invalidSignature();
    return receiveWebhook(ctx, { provider, rawBody });
  });
}
