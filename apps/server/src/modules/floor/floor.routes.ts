import { floorEndpoints } from '@tavolo/contract/floor';
import type { RouteRegistrar } from '../../http/route';
import { getFloor, getFloorTable, openTable, updateVisit } from './floor.service';

export function registerFloorRoutes(route: RouteRegistrar) {
  route(floorEndpoints.getFloor, (ctx) => getFloor(ctx));
  route(floorEndpoints.getFloorTable, (ctx, { params }) => getFloorTable(ctx, params));
  route(floorEndpoints.openTable, (ctx, { params, body }) =>
    openTable(ctx, { id: params.id, request: body }),
  );
  route(floorEndpoints.updateVisit, (ctx, { params, body }) =>
    updateVisit(ctx, { id: params.id, request: body }),
  );
}
