import { routesOf } from '../endpoint';
import type { healthEndpoints } from '../health';

/** The health endpoints' routes without their schemas (see `Route`). */

export const healthRoutes = routesOf<typeof healthEndpoints>({
  health: 'GET /api/health',
});
