import { routesOf } from '../endpoint';
import type { restaurantsEndpoints } from '../restaurants';

/** The restaurants endpoints' routes without their schemas (see `Route`). */

export const restaurantsRoutes = routesOf<typeof restaurantsEndpoints>({
  listRestaurants: 'GET /api/restaurants',
  createRestaurant: 'POST /api/restaurants',
  getRestaurant: 'GET /api/restaurants/:id',
  deleteRestaurant: 'DELETE /api/restaurants/:id',
  exportRestaurant: 'GET /api/restaurants/:id/export',
  updateRestaurant: 'PUT /api/restaurants/:id',
});
