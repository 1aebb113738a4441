import { routesOf } from '../endpoint';
import type { floorEndpoints } from '../floor';

/** The floor endpoints' routes without their schemas (see `Route`). */

export const floorRoutes = routesOf<typeof floorEndpoints>({
  getFloor: 'GET /api/floor',
  getFloorTable: 'GET /api/floor/tables/:id',
  listWaiters: 'GET /api/floor/waiters',
  openTable: 'POST /api/tables/:id/open',
  updateVisit: 'PUT /api/tables/:id/visit',
  mergeTables: 'POST /api/tables/:id/merge',
  transferTable: 'POST /api/tables/:id/transfer',
  clearTable: 'POST /api/tables/:id/clear',
});
