import type { FastifyInstance, RouteOptions } from 'fastify';
import type { PrincipalResolver } from '../core/principal';
import { createAuthorize, decidesAfterValidation } from './authenticate';

/**
 * The API's own routes: each must say who may call it. Static files outside these are public by
 * nature. The original spec's review calls live outside /api (POST /reviews, GET /reviews/…).
 */
export const isApiPath = (url: string) =>
  url === '/api' ||
  url.startsWith('/api/') ||
  url.startsWith('/auth/') ||
  url === '/reviews' ||
  url.startsWith('/reviews/');

type Declared = Pick<RouteOptions, 'method' | 'url' | 'config'>;
const declarations = new WeakMap<FastifyInstance, Declared[]>();

/** Every route registered on the app with its access declaration (for tests and the docs). */
export function routeDeclarationsOf(app: FastifyInstance): readonly Declared[] {
  return declarations.get(app) ?? [];
}

/**
 * The one place access is enforced: every route that declares access gets the one `authorize`
 * check (before its body is read, unless a guest's credential travels in it), and the app
 * refuses to start while an API route declares nothing.
 */
export function enforceRouteAccess(app: FastifyInstance, resolvePrincipal: PrincipalResolver): void {
  const authorize = createAuthorize(resolvePrincipal);
  const registered: Declared[] = [];
  declarations.set(app, registered);
  app.addHook('onRoute', (routeOptions) => {
    registered.push(routeOptions);
    const access = routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const stage = decidesAfterValidation(access) ? 'preHandler' : 'onRequest';
    const hooks = [routeOptions[stage] ?? []].flat();
    // A GET's implicit HEAD route is made from the same options: authorize it once.
    if (!hooks.includes(authorize)) routeOptions[stage] = [authorize, ...hooks] as never;
  });
  app.addHook('onReady', async () => {
    const undeclared = registered.filter((r) => isApiPath(r.url) && !r.config?.access);
    if (undeclared.length > 0) {
      const names = undeclared.map((r) => `${[r.method].flat().join(',')} ${r.url}`).join(', ');
      throw new Error(`Routes without an access declaration: ${names}`);
    }
  });
}

/** Registers a third-party plugin whose routes are all public (the API docs). */
export async function registerPublicPlugin(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.config = { ...routeOptions.config, access: { kind: 'public' } };
    });
    await register(scope);
  });
}
