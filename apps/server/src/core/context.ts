import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventPublisher } from '../events/event-publisher';
import type { Mailer } from './mailer';
import type { Principal } from './principal';

/**
 * What every service may use, built once at start in app.ts (swapped in tests).
 *
 * Declared here with what core knows of. A module that keeps something in process for services
 * (a cache, the order intake) adds it beside its implementation, by declaration merging
 * (`declare module '../../core/context'`, as Fastify's decorators are typed): core names no module,
 * every service still takes the one plain context, and app.ts does not compile until it builds each.
 */
export interface AppServices {
  config: Config;
  db: Db;
  mailer: Mailer;
  events: EventPublisher;
}

/**
 * The first argument of every service function, `(ctx, input)`: the app's services, the caller
 * (null for a guest or a public call) and the caller's address (for rate limits).
 */
export type ServiceContext = AppServices & { principal: Principal | null; ip: string };

/** The context of a call the route's access declaration reserved for signed-in members. */
export type StaffContext = ServiceContext & { principal: Principal };
