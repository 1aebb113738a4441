import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/orders';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { headerOf, type RouteRegistrar } from '../../http/route';
import type { PaymentProvider } from '../online-payments/payment-provider';
import {
  closeTableBill,
  getBillReceipt,
  getStaffTableBill,
  getTableBill,
  listTableBills,
  startBillCheckout,
} from './table-bill.service';

/** The table's bill and paying it at the table (the table's live stream is registered apart). */
export function registerTableBillRoutes(route: RouteRegistrar, provider: PaymentProvider) {
  route(tableServiceEndpoints.getTableBill, (ctx, { query }) => getTableBill(ctx, query));

  route(tableServiceEndpoints.startBillCheckout, async (ctx, request, reply) => {
    const { value, replayed } = await startBillCheckout(
      ctx,
      { request: request.body, idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER) },
      provider,
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });

  route(tableServiceEndpoints.getBillReceipt, (ctx, { params, query }) =>
    getBillReceipt(ctx, { paymentId: params.paymentId, qrToken: query.qrToken }),
  );

  route(tableServiceEndpoints.listTableBills, (ctx) => listTableBills(ctx));

  route(tableServiceEndpoints.getStaffTableBill, (ctx, { params }) => getStaffTableBill(ctx, params));

  route(tableServiceEndpoints.closeTableBill, async (ctx, request, reply) => {
    const { value, replayed } = await closeTableBill(ctx, {
      tableId: request.params.id,
      request: request.body,
      idempotencyKey: headerOf(request, IDEMPOTENCY_KEY_HEADER),
    });
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });
}
