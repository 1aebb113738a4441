import { ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import type { RouteRegistrar } from '../../http/route';
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
  route(ordersEndpoints.recordPayment, (ctx, { params, body }) =>
    recordPayment(ctx, { orderId: params.id, payment: body }),
  );
  route(paymentsEndpoints.listPayments, (ctx, { query }) => listPayments(ctx, query));
  route(paymentsEndpoints.paymentStats, (ctx, { query }) => paymentStats(ctx, query));
  route(paymentsEndpoints.orderPayments, (ctx, { params }) => listOrderPayments(ctx, { orderId: params.id }));
  route(paymentsEndpoints.refundPayment, (ctx, { params, body }) =>
    refundPayment(ctx, { paymentId: params.id, refund: body }),
  );
}
