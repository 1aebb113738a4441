import { STREAM_EVENTS } from '@tavolo/contract/events';
import { GUEST_TOKEN_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import type { Db } from '../../db/client';
import type { EventHub } from '../../events/event-hub';
import { WHOLE_RESTAURANT } from '../../events/event-hub';
import { streamEvents } from '../../events/sse';
import { holdsAccess, readToken } from '../../http/authenticate';
import { headerOf, type RouteRegistrar } from '../../http/route';
import type { SessionCache } from '../auth/session-cache';
import { resolvePrincipal } from '../auth/sessions.service';
import { changeOrderStatus } from './order-lifecycle';
import { exportOrdersCsv, findGuestOrderStream, getOrder, listOrders, placeOrder } from './orders.service';

export function registerOrdersRoutes(
  route: RouteRegistrar,
  live: { db: Db; hub: EventHub; heartbeatMs: number },
  caches: { sessions: SessionCache },
) {
  // Order intake claims the keys of a whole batch of orders in one transaction.
  route.claimingKeys(ordersEndpoints.placeOrder, (ctx, { body }, claim) =>
    placeOrder(ctx, { order: body, claim }),
  );

  route(ordersEndpoints.getOrder, (ctx, request) =>
    getOrder(ctx, { id: request.params.id, guestToken: headerOf(request, GUEST_TOKEN_HEADER) }),
  );

  route(ordersEndpoints.listOrders, (ctx, { query }) => listOrders(ctx, query));

  route(ordersEndpoints.exportOrdersCsv, async (ctx, request, reply) => {
    const { filename, csv } = await exportOrdersCsv(ctx, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });

  route(ordersEndpoints.updateOrderStatus, (ctx, { params, body }) =>
    changeOrderStatus(ctx, { orderId: params.id, change: body }),
  );

  route(ordersEndpoints.restaurantStream, (ctx, request, reply) => {
    const { restaurantId, via } = ctx.principal;
    const token = readToken(request)?.token ?? '';
    return streamEvents(request, reply, {
      ...live,
      restaurantId,
      scope: WHOLE_RESTAURANT,
      types: STREAM_EVENTS.restaurant,
      // The session, its restaurant and the permission are asked again at every heartbeat, from
      // the session cache: an idle board costs the database nothing.
      stillAllowed: async () => {
        const principal = await resolvePrincipal(live.db, token, via, caches.sessions);
        return (
          principal?.restaurantId === restaurantId &&
          holdsAccess(principal, ordersEndpoints.restaurantStream.access)
        );
      },
    });
  });

  route(ordersEndpoints.guestOrderStream, async (ctx, request, reply) => {
    const followed = await findGuestOrderStream(ctx, {
      id: request.params.id,
      guestToken: request.query.guestToken,
    });
    return streamEvents(request, reply, {
      ...live,
      restaurantId: followed.restaurantId,
      scope: { kind: 'order', orderId: followed.orderId },
      types: STREAM_EVENTS.guestOrder,
    });
  });
}
