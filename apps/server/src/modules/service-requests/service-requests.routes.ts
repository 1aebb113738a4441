import { STREAM_EVENTS } from '@tavolo/contract/events';
import { serviceRequestsEndpoints, tableServiceEndpoints } from '@tavolo/contract/table-service';
import type { Db } from '../../db/client';
import type { EventHub } from '../../events/event-hub';
import { streamEvents } from '../../events/sse';
import type { RouteRegistrar } from '../../http/route';
import {
  acknowledgeServiceRequest,
  createServiceRequest,
  findTableStream,
  listServiceRequests,
  listTableServiceRequests,
} from './service-requests.service';

/**
 * Service requests, and the table's stream that tells every phone at the table about them (and
 * about the menu and the bill). The table's other endpoints (its bill) live in modules/table-bill.
 */
export function registerServiceRequestsRoutes(
  route: RouteRegistrar,
  live: { db: Db; hub: EventHub; heartbeatMs: number },
) {
  route(serviceRequestsEndpoints.createServiceRequest, (ctx, { body }) => createServiceRequest(ctx, body));
  route(serviceRequestsEndpoints.listTableServiceRequests, (ctx, { query }) =>
    listTableServiceRequests(ctx, query),
  );
  route(serviceRequestsEndpoints.listServiceRequests, (ctx, { query }) => listServiceRequests(ctx, query));
  route(serviceRequestsEndpoints.acknowledgeServiceRequest, (ctx, { params, body }) =>
    acknowledgeServiceRequest(ctx, { id: params.id, change: body }),
  );

  route(tableServiceEndpoints.tableStream, async (ctx, request, reply) => {
    const { restaurantId, tableId, stillAllowed } = await findTableStream(ctx, request.query);
    return streamEvents(request, reply, {
      ...live,
      restaurantId,
      scope: { kind: 'table', tableId },
      types: STREAM_EVENTS.table,
      // A rotated code or a deactivated table ends the phones' streams within one heartbeat.
      stillAllowed,
    });
  });
}
