import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { headerOf, type RouteRegistrar } from '../../http/route';
import {
  listOrderPayments,
  listPayments,
  paymentStats,
  recordPayment,
  refundPayment,
} from './payments.service';

/**
 * Payments staff record, refunds, the list and stats. Online checkout, the sandbox provider and
 * webhooks (the rest of paymentsEndpoints) are the online-payments module's.
 */
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
  route(paymentsEndpoints.listPayments, (ctx, { query }) => listPayments(ctx, query));
  route(paymentsEndpoints.paymentStats, (ctx, { query }) => paymentStats(ctx, query));
  route(paymentsEndpoints.orderPayments, (ctx, { params }) => listOrderPayments(ctx, { orderId: params.id }));
  route(paymentsEndpoints.refundPayment, async (ctx, request, reply) => {
    const { value, replayed } = await refundPayment(ctx, {
      paymentId: request.params.id,
      refund: request.body,
      idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER),
    });
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });
}
