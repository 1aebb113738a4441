import { type Access, type Endpoint, restaurantParamOf } from '@tavolo/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../core/app-error';
import type { AppServices, ServiceContext, StaffContext } from '../core/context';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as the endpoint's schemas made it: params, query and body validated and typed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** Signed-in routes get a context with the caller; guest and public ones may have none. */
export type ContextFor<A extends Access> = A extends { kind: 'signed-in' | 'owner' | 'permission' }
  ? StaffContext
  : ServiceContext;

/** What the handler returns: the success body, or nothing for a 204 or an answer it sent itself. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that answers itself (a stream) returns Promise<void>
type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/**
 * A route's handler: it calls one service with the context and returns the answer, which is sent
 * with the endpoint's status; a handler that answers itself (a file, a stream) returns the reply.
 */
export type EndpointHandler<E extends Endpoint> = (
  ctx: ContextFor<E['access']>,
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply> | Answer<E> | FastifyReply;

/**
 * Registers routes from the contract's endpoint table: method, path, schemas and the access
 * declaration come from the contract. A path parameter naming the restaurant (restaurantParamOf) that
 * is not the session's answers 404, exactly like an id that does not exist (docs/decisions/008).
 */
export function createRouteRegistrar(app: FastifyInstance, services: AppServices) {
  return function route<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): void {
    const status = endpoint.status ?? 200;
    const restaurantParam = restaurantParamOf(endpoint);
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, tag: endpoint.tag },
      // Validation and serialization; the API document is generated from the contract itself.
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
      },
      handler: async (request, reply) => {
        const { principal } = request;
        if (restaurantParam) {
          const named = (request.params as Record<string, string>)[restaurantParam];
          if (named !== principal?.restaurantId) throw notFound('Restaurant');
        }
        const ctx = { ...services, principal, ip: request.ip } as ContextFor<E['access']>;
        const answer = await handler(ctx, request as EndpointRequest<E>, reply);
        if (answer === reply || reply.sent) return reply;
        return reply.status(status).send(status === 204 ? undefined : answer);
      },
    });
  };
}

export type RouteRegistrar = ReturnType<typeof createRouteRegistrar>;

/** An optional header as one string (a repeated header counts as absent). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
