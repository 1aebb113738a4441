import { routesOf } from '../endpoint';
import type { kitchenEndpoints, stationsEndpoints } from '../kitchen';

/** The stations' and the kitchen's routes without their schemas (see `Route`). */

export const stationsRoutes = routesOf<typeof stationsEndpoints>({
  listStations: 'GET /api/stations',
  createStation: 'POST /api/stations',
  updateStation: 'PUT /api/stations/:id',
  deleteStation: 'DELETE /api/stations/:id',
});

export const kitchenRoutes = routesOf<typeof kitchenEndpoints>({
  getKitchen: 'GET /api/kitchen',
  bumpLines: 'POST /api/kitchen/bump',
  recallLines: 'POST /api/kitchen/recall',
  acknowledgeLines: 'POST /api/kitchen/acknowledge',
  reprintTicket: 'POST /api/kitchen/reprint',
  fireCourse: 'POST /api/orders/:id/fire',
  kitchenStats: 'GET /api/kitchen/stats',
});
