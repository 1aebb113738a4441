import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import type { RouteRegistrar } from '../../http/route';
import {
  changeRestaurant,
  createRestaurant,
  getRestaurant,
  listRestaurants,
  removeRestaurant,
} from './restaurants.service';

export function registerRestaurantsRoutes(route: RouteRegistrar) {
  route(restaurantsEndpoints.listRestaurants, async (ctx) => ({ items: await listRestaurants(ctx) }));
  route(restaurantsEndpoints.createRestaurant, (ctx, { body }) => createRestaurant(ctx, body));
  route(restaurantsEndpoints.getRestaurant, (ctx, { params }) => getRestaurant(ctx, params));
  route(restaurantsEndpoints.deleteRestaurant, (ctx, { params }) => removeRestaurant(ctx, params));
  route(restaurantsEndpoints.updateRestaurant, (ctx, { params, body }) =>
    changeRestaurant(ctx, { id: params.id, changes: body }),
  );
}
