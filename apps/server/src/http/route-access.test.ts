import { API_ENDPOINTS } from '@tavolo/contract/api';
import { access, type Endpoint, restaurantParamOf } from '@tavolo/contract/endpoint';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEndpoint, injectApi, registerOwner, type TestApp } from '../../test/helpers';
import { enforceRouteAccess, isApiPath, routeDeclarationsOf } from './route-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONTRACT = Object.values(API_ENDPOINTS);

describe('route declarations', () => {
  it('every API route declares who may call it', () => {
    const routes = routeDeclarationsOf(t.app).filter((r) => isApiPath(r.url));
    expect(routes.length).toBeGreaterThan(CONTRACT.length);
    const undeclared = routes.filter((r) => !r.config?.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers every endpoint of the contract, with the access the contract declares', () => {
    const routes = routeDeclarationsOf(t.app);
    for (const endpoint of CONTRACT) {
      const route = routes.find((r) => r.method === endpoint.method && r.url === endpoint.path);
      expect(route, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(route?.config?.access).toEqual(endpoint.access);
    }
  });

  it('serves nothing under /api or /auth that the contract does not list, but the API docs', () => {
    const listed = new Set(CONTRACT.map((e) => `${e.method} ${e.path}`));
    const extra = routeDeclarationsOf(t.app)
      .filter((r) => isApiPath(r.url) && r.method !== 'HEAD' && !listed.has(`${r.method} ${r.url}`))
      .map((r) => r.url);
    expect(extra.every((url) => url.startsWith('/api/docs') || url === '/api/openapi.json')).toBe(true);
  });

  it('refuses to start an app with an API route that declares nothing', async () => {
    const app = Fastify();
    enforceRouteAccess(app, async () => null);
    app.get('/api/forgotten', async () => ({ secret: true }));
    app.get('/api/declared', { config: { access: access.public } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/Routes without an access declaration: GET.* \/api\/forgotten/);
    await app.close().catch(() => {});
  });

  it('answers 404 when a path names a restaurant that is not the session’s', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const paths: Endpoint[] = CONTRACT.filter((e) => e.method === 'GET' && restaurantParamOf(e));
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const endpoint of paths) {
      const response = await injectApi(t.app, endpoint, {
        token: owner.token,
        params: { [restaurantParamOf(endpoint)!]: other.restaurantId },
      });
      expect(response.statusCode, describeEndpoint(endpoint)).toBe(404);
    }
  });
});
