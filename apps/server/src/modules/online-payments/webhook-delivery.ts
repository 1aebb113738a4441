import { pathOf } from '@tavolo/contract/endpoint';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import type { FastifyInstance } from 'fastify';

export type WebhookDelivery = (delivery: {
  provider: string;
  rawBody: string;
  headers: Record<string, string>;
}) => Promise<{ statusCode: number; body: string }>;

/**
 * Delivers a webhook to this app's own webhook route through the whole HTTP path a provider's
 * request takes (raw-body parser, signature check, validation, handler), without a socket: the
 * sandbox plays its provider with it. Set up when the app is built, since services know no HTTP.
 */
export function injectWebhookDelivery(app: FastifyInstance): WebhookDelivery {
  return async ({ provider, rawBody, headers }) => {
    const response = await app.inject({
      method: 'POST',
      url: pathOf(paymentsEndpoints.paymentWebhook, { provider }),
      headers: { 'content-type': 'application/json', ...headers },
      payload: rawBody,
    });
    return { statusCode: response.statusCode, body: response.body };
  };
}
