import type { TCloseBillRequest, TClosedBill } from '@tavolo/contract/table-service';
import { notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { payVisitOrders } from '../money/order-money';
import { billFigures } from '../visits/bill-model';
import { endHeldVisit, holdTable, holdVisit, publishBillUpdated } from '../visits/visits.service';
import { currencyOf, loadBill } from './bill-read-model';
import { insertBillPayment } from './table-bill.repository';

/**
 * Ends the table's visit. With `payRestWith`, what each order still owes is first recorded as paid
 * that way (one bill payment, one payment per order). Under the table's lock, then its orders'.
 * The audit log gets the close (with what was left unpaid) when the visit had orders; a visit that
 * ends because its last due was paid is not closed by anyone and has only its payments' entries.
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
  if (locked.length > 0) {
    await recordAudit(db, restaurantId, {
      kind: 'visit.closed',
      actor: auditActorOf(principal),
      tableNumber: table.number,
      amountMinor: figures.totalMinor,
      details: {
        visitId: table.visitId,
        orders: open.length,
        settledMinor,
        method: request.payRestWith ?? null,
        // Owed and not paid when the table was let go: money the restaurant gave up.
        unpaidMinor: Math.max(0, figures.dueMinor - settledMinor),
      },
    });
  }
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
