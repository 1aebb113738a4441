import { floorEndpoints, type TFloor } from '@tavolo/contract/floor';
import type { RouteRegistrar } from '../../http/route';
import { encodeReadyBody } from '../../lib/ready-body';
import { getFloor, getFloorTable, listWaiters, openTable, updateVisit } from './floor.service';

export function registerFloorRoutes(route: RouteRegistrar) {
  route(floorEndpoints.getFloor, async (ctx, request, reply) => {
    const floor = await getFloor(ctx);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoded = encodeReadyBody(floor, request.headers['accept-encoding']);
    // Ready-made bodies (the schema still documents them): sent as they are, never serialized again.
    if (encoded)
      return reply.header('content-encoding', encoded.encoding).send(encoded.body as unknown as TFloor);
    return reply.send(floor.json as unknown as TFloor);
  });
  route(floorEndpoints.getFloorTable, (ctx, { params }) => getFloorTable(ctx, params));
  route(floorEndpoints.listWaiters, (ctx) => listWaiters(ctx));
  route(floorEndpoints.openTable, (ctx, { params, body }) =>
    openTable(ctx, { id: params.id, request: body }),
  );
  route(floorEndpoints.updateVisit, (ctx, { params, body }) =>
    updateVisit(ctx, { id: params.id, request: body }),
  );
}
