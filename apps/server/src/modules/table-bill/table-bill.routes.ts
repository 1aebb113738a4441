import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import type { RouteRegistrar } from '../../http/route';
import type { PaymentProvider } from '../money/payment-provider';
import { startBillCheckout } from './bill-checkout.service';
import { closeTableBill } from './bill-close.service';
import { getBillReceipt, getStaffTableBill, getTableBill, listTableBills } from './bill-read-model';
import { takeBillPayment } from './bill-take.service';

/** The table's bill and paying it at the table (the table's live stream is registered apart). */
export function registerTableBillRoutes(route: RouteRegistrar, provider: PaymentProvider) {
  route(tableServiceEndpoints.getTableBill, (ctx, { query }) => getTableBill(ctx, query));

  route(tableServiceEndpoints.startBillCheckout, (ctx, { body }) =>
    startBillCheckout(ctx, { request: body }, provider),
  );

  route(tableServiceEndpoints.getBillReceipt, (ctx, { params, query }) =>
    getBillReceipt(ctx, { paymentId: params.paymentId, qrToken: query.qrToken }),
  );

  route(tableServiceEndpoints.listTableBills, (ctx) => listTableBills(ctx));

  route(tableServiceEndpoints.getStaffTableBill, (ctx, { params }) => getStaffTableBill(ctx, params));

  route(tableServiceEndpoints.closeTableBill, (ctx, { params, body }) =>
    closeTableBill(ctx, { tableId: params.id, request: body }),
  );

  route(tableServiceEndpoints.takeBillPayment, (ctx, { params, body }) =>
    takeBillPayment(ctx, { tableId: params.id, request: body }),
  );
}
