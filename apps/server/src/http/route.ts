import { type Access, type Endpoint, restaurantParamOf } from '@tavolo/contract/endpoint';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/orders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../core/app-error';
import type { AppServices, ServiceContext, StaffContext } from '../core/context';
import {
  checkIdempotencyKey,
  type IdempotencyClaim,
  requestHashOf,
  runIdempotently,
} from '../core/idempotency';
import { hashToken } from '../security/tokens';
import { guestCredentialOf } from './authenticate';

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

/** A handler of an idempotent endpoint that claims its key itself, with others (order intake's batches). */
export type KeyClaimingHandler<E extends Endpoint> = (
  ctx: ContextFor<E['access']>,
  request: EndpointRequest<E>,
  claim: IdempotencyClaim | undefined,
) => Promise<{ value: Answer<E>; replayed: boolean }>;

/** Marks a replayed answer, so a client can tell a retry's answer from a first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Registers routes from the contract's endpoint table: method, path, schemas and the access
 * declaration come from the contract. A path parameter naming the restaurant (restaurantParamOf) that
 * is not the session's answers 404, exactly like an id that does not exist (docs/decisions/008).
 *
 * An endpoint declared `idempotent` runs its handler in one transaction with its Idempotency-Key's
 * claim (decision 006): a retry gets the first answer back, marked by REPLAYED_HEADER, and the
 * handler's services use `ctx.db`, which is that transaction.
 */
export function createRouteRegistrar(app: FastifyInstance, services: AppServices) {
  function register<E extends Endpoint>(
    endpoint: E,
    answer: (
      ctx: ContextFor<E['access']>,
      request: EndpointRequest<E>,
      reply: FastifyReply,
    ) => Promise<Answer<E> | FastifyReply> | Answer<E> | FastifyReply,
  ): void {
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
        const value = await answer(ctx, request as EndpointRequest<E>, reply);
        if (value === reply || reply.sent) return reply;
        return reply.status(status).send(status === 204 ? undefined : value);
      },
    });
  }

  function route<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): void {
    if (!endpoint.idempotent) {
      register(endpoint, handler);
      return;
    }
    register(endpoint, async (ctx, request, reply) => {
      const claim = idempotencyClaimOf(endpoint, request);
      const { value, replayed } = await runIdempotently(ctx.db, claim, async (tx) => {
        const answer = await handler({ ...ctx, db: tx }, request, reply);
        if (answer === reply) throw new Error(`${endpoint.path}: an idempotent route answers with a body`);
        return answer as Answer<E>;
      });
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      return value;
    });
  }

  /** An idempotent endpoint whose handler gets the claim and places it itself (see KeyClaimingHandler). */
  function routeClaimingKeys<E extends Endpoint>(endpoint: E, handler: KeyClaimingHandler<E>): void {
    if (!endpoint.idempotent) throw new Error(`${endpoint.path} is not declared idempotent`);
    register(endpoint, async (ctx, request, reply) => {
      const { value, replayed } = await handler(ctx, request, idempotencyClaimOf(endpoint, request));
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      return value;
    });
  }

  return Object.assign(route, { claimingKeys: routeClaimingKeys });
}

/**
 * The claim of a request to an idempotent endpoint, or undefined without an Idempotency-Key (400
 * when the key is malformed). A key is the caller's own: a signed-in member's, or a guest's
 * credential's (a table's code, an order's token, kept hashed), and one endpoint's.
 */
function idempotencyClaimOf(endpoint: Endpoint, request: FastifyRequest): IdempotencyClaim | undefined {
  const key = headerOf(request, IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  const credential =
    endpoint.access.kind === 'guest' ? guestCredentialOf(request, endpoint.access) : undefined;
  const caller =
    credential !== undefined
      ? `guest:${hashToken(credential)}`
      : `user:${request.principal?.userId ?? 'anonymous'}`;
  return {
    scope: `${caller} ${endpoint.method} ${endpoint.path}`,
    key: checkIdempotencyKey(key),
    requestHash: requestHashOf({ params: request.params, query: request.query, body: request.body }),
  };
}

export type RouteRegistrar = ReturnType<typeof createRouteRegistrar>;

/** An optional header as one string (a repeated header counts as absent). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
