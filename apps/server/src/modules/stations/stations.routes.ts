import { stationsEndpoints } from '@tavolo/contract/kitchen';
import type { RouteRegistrar } from '../../http/route';
import { changeStation, createStation, listStations, removeStation } from './stations.service';

export function registerStationsRoutes(route: RouteRegistrar) {
  route(stationsEndpoints.listStations, async ({ db, principal }) => ({
    items: await listStations(db, principal.restaurantId),
  }));
  route(stationsEndpoints.createStation, (ctx, { body }) => createStation(ctx, body));
  route(stationsEndpoints.updateStation, (ctx, { params, body }) =>
    changeStation(ctx, { id: params.id, request: body }),
  );
  route(stationsEndpoints.deleteStation, (ctx, { params }) => removeStation(ctx, params));
}
