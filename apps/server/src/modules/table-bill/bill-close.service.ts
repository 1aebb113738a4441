import type { TCloseBillRequest, TClosedBill } from '@tavolo/contract/table-service';
import { notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { payVisitOrders } from '../money/order-money';
import { billFigures } from '../visits/bill-model';
import { endHeldVisit, holdTable, holdVisit, publishBillUpdated } from '../visits/visits.service';
import { currencyOf, loadBill } from './bill-read-model';
import { insertBillPayment } from './table-bill.repository';

/**
 * Ends the table's visit. With `payRestWith`, what each order still owes is first recorded as paid
 * that way (one bill payment, one payment per order). Under the table's lock, then its orders'.
 */
export async function closeTableBill(
  ctx: StaffContext,
  input: { tableId: string; request: TCloseBillRequest },
): Promise<TClosedBill> {
  const { db, events, principal } = ctx;
  const { tableId, request } = input;
  const { restaurantId } = principal;
  const visit = await holdVisit(db, restaurantId, { tableId });
  if (!visit) throw notFound('Table');
  const { table, orders: locked } = visit;
  const currency = await currencyOf(db, restaurantId);
  const open = locked.filter((o) => o.status !== 'cancelled');
  const owing = open
    .map((order) => ({ order, due: order.totalMinor - order.paidMinor }))
    .filter((o) => o.due > 0);
  let settledMinor = 0;
  if (request.payRestWith && owing.length > 0) {
    settledMinor = owing.reduce((s, o) => s + o.due, 0);
    const succeededAt = new Date();
    const recorded = { recordedById: principal.userId, recordedByName: principal.name };
    const billPayment = await insertBillPayment(db, {
      restaurantId,
      tableId: table.id,
      visitId: table.visitId,
      mode: 'full',
      amountMinor: settledMinor,
      currency,
      method: request.payRestWith,
      status: 'succeeded',
      succeededAt,
      ...recorded,
    });
    await payVisitOrders(db, events, {
      shares: owing.map(({ order, due }) => ({ order, amountMinor: due })),
      payment: { method: request.payRestWith, billPaymentId: billPayment.id, succeededAt, ...recorded },
    });
  }
  const figures = billFigures(open);
  await endHeldVisit(db, { table, orderIds: locked.map((o) => o.id) });
  await publishBillUpdated(db, events, {
    table,
    visitId: table.visitId,
    figures: {
      totalMinor: figures.totalMinor,
      paidMinor: figures.paidMinor + settledMinor,
      dueMinor: Math.max(0, figures.dueMinor - settledMinor),
    },
    closed: true,
  });
  const next = await holdTable(db, restaurantId, table.id);
  return {
    visitId: table.visitId,
    settledMinor,
    bill: (await loadBill(db, next!, currency)).bill,
  };
}
