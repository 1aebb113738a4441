import { healthEndpoints } from '@tavolo/contract/health';
import type { RouteRegistrar } from '../../http/route';
import { checkHealth } from './health.service';

export function registerHealthRoutes(route: RouteRegistrar) {
  route(healthEndpoints.health, (ctx) => checkHealth(ctx));
}
