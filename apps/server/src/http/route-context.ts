import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { type Principal, principalOf } from './auth';

/** What services of a signed-in route receive: the database, the event publisher and the caller. */
export type RequestContext = Pick<AppDeps, 'db' | 'events'> & { principal: Principal };

export function contextOf(deps: AppDeps, request: FastifyRequest): RequestContext {
  return { db: deps.db, events: deps.events, principal: principalOf(request) };
}
