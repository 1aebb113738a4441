import { kitchenEndpoints, type TKitchenView } from '@tavolo/contract/kitchen';
import type { RouteRegistrar } from '../../http/route';
import { encodeReadyBody } from '../../lib/ready-body';
import { acknowledge, bump, fire, getKitchenBody, kitchenStats, recall, reprint } from './kitchen.service';

export function registerKitchenRoutes(route: RouteRegistrar) {
  route(kitchenEndpoints.getKitchen, async (ctx, request, reply) => {
    const body = await getKitchenBody(ctx, request.query);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // A ready-made body (the schema still documents it): sent as it is, never serialized again.
    const encoded = encodeReadyBody(body, request.headers['accept-encoding']);
    if (encoded)
      return reply.header('content-encoding', encoded.encoding).send(encoded.body as unknown as TKitchenView);
    return reply.send(body.json as unknown as TKitchenView);
  });
  route(kitchenEndpoints.bumpLines, (ctx, { body }) => bump(ctx, body));
  route(kitchenEndpoints.recallLines, (ctx, { body }) => recall(ctx, body));
  route(kitchenEndpoints.acknowledgeLines, (ctx, { body }) => acknowledge(ctx, body));
  route(kitchenEndpoints.fireCourse, (ctx, { params, body }) => fire(ctx, { id: params.id, request: body }));
  route(kitchenEndpoints.kitchenStats, (ctx, { query }) => kitchenStats(ctx, query));
  route(kitchenEndpoints.reprintTicket, (ctx, { body }) => reprint(ctx, body));
}
