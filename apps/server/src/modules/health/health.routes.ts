import { healthEndpoints } from '@tavolo/contract/health';
import type { RouteRegistrar } from '../../http/route';

// The server listens only after migrations ran, so answering at all means the database is ready.
export function registerHealthRoutes(route: RouteRegistrar) {
  route(healthEndpoints.health, () => ({ status: 'ok' as const }));
}
