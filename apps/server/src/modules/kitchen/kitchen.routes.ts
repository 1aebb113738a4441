import { kitchenEndpoints, type TKitchenView } from '@tavolo/contract/kitchen';
import type { RouteRegistrar } from '../../http/route';
import { bump, fire, getKitchenJson, kitchenStats, recall, reprint } from './kitchen.service';

export function registerKitchenRoutes(route: RouteRegistrar) {
  route(kitchenEndpoints.getKitchen, async (ctx, { query }, reply) => {
    const json = await getKitchenJson(ctx, query);
    // A ready-made body (the schema still documents it): sent as it is, never serialized again.
    return reply.type('application/json; charset=utf-8').send(json as unknown as TKitchenView);
  });
  route(kitchenEndpoints.bumpLines, (ctx, { body }) => bump(ctx, body));
  route(kitchenEndpoints.recallLines, (ctx, { body }) => recall(ctx, body));
  route(kitchenEndpoints.fireCourse, (ctx, { params, body }) => fire(ctx, { id: params.id, request: body }));
  route(kitchenEndpoints.kitchenStats, (ctx, { query }) => kitchenStats(ctx, query));
  route(kitchenEndpoints.reprintTicket, (ctx, { body }) => reprint(ctx, body));
}
