import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { recordPayment } from './payments.service';

export function registerPaymentsRoutes(route: RouteRegistrar) {
  route(ordersEndpoints.recordPayment, async (ctx, request, reply) => {
    const { value, replayed } = await recordPayment(ctx, {
      orderId: request.params.id,
      payment: request.body,
      idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER),
    });
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });
}
