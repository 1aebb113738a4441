import type { TTakeBillPaymentRequest, TTakenBillPayment } from '@tavolo/contract/table-service';
import { notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { changeDue, payVisitOrders } from '../money/order-money';
import { receiptIdOfBillPayment } from '../receipts/receipts.service';
import { holdTable, holdVisit } from '../visits/visits.service';
import { sharesOfBillPayment } from './bill-checkout.service';
import { currencyOf, loadBill } from './bill-read-model';
import { nothingFree, type Priced, priceAmount, priceSeat } from './share-pricing';
import { insertBillPayment, insertBillPaymentItems } from './table-bill.repository';

/*
 * A waiter finishing a table (PRODUCT.md §9): cash or card taken at the table for the whole bill,
 * one seat's items, or an amount. One bill payment, spread over the visit's orders through the
 * money module (one payment per order, one receipt, one audit entry), as a guest's checkout is.
 */

function priceOf(
  loaded: Awaited<ReturnType<typeof loadBill>>,
  request: TTakeBillPaymentRequest,
  free: number,
): Priced {
  switch (request.mode) {
    case 'seat':
      return priceSeat(loaded, request.seat, free);
    case 'amount':
      return priceAmount(loaded, request.amountMinor, free);
    case 'full':
      return { amount: free, description: 'the bill', items: [] };
  }
}

/**
 * Takes a payment at the table, under the table's lock then its bill's orders (decision 022), so it
 * takes turns with guests' checkouts and sees what they hold. Its route is idempotent: `ctx.db` is
 * the transaction its Idempotency-Key is claimed in, so a retry answers this payment again.
 */
export async function takeBillPayment(
  ctx: StaffContext,
  input: { tableId: string; request: TTakeBillPaymentRequest },
): Promise<TTakenBillPayment> {
  const { db, events, principal } = ctx;
  const { request } = input;
  const { restaurantId } = principal;
  const visit = await holdVisit(db, restaurantId, { tableId: input.tableId });
  if (!visit) throw notFound('Table');
  const { table, orders: locked } = visit;
  const currency = await currencyOf(db, restaurantId);
  const loaded = await loadBill(db, table, currency);
  const free = loaded.bill.dueMinor - loaded.bill.pendingMinor;
  if (free <= 0) throw nothingFree(loaded.bill);
  const priced = priceOf(loaded, request, free);
  if (priced.amount <= 0) throw nothingFree(loaded.bill);
  const changeMinor = changeDue({ ...request, amountMinor: priced.amount });

  const succeededAt = new Date();
  const recorded = { recordedById: principal.userId, recordedByName: principal.name };
  const payment = await insertBillPayment(db, {
    restaurantId,
    tableId: table.id,
    visitId: table.visitId,
    // A seat's part is its items; an amount is its own kind (the bill shows it as staff's).
    mode: request.mode === 'seat' ? 'items' : request.mode,
    amountMinor: priced.amount,
    currency,
    method: request.method,
    status: 'succeeded',
    succeededAt,
    ...recorded,
  });
  await insertBillPaymentItems(
    db,
    priced.items.map((item) => ({ billPaymentId: payment.id, ...item })),
  );
  await payVisitOrders(db, events, {
    shares: await sharesOfBillPayment(db, payment, locked),
    payment: { method: request.method, billPaymentId: payment.id, succeededAt, ...recorded },
    settle: { table, orderIds: locked.map((o) => o.id) },
    details: {
      mode: request.mode,
      ...(request.mode === 'seat' ? { seat: request.seat } : {}),
      ...(request.tenderedMinor === undefined ? {} : { tenderedMinor: request.tenderedMinor, changeMinor }),
    },
  });

  const after = await holdTable(db, restaurantId, table.id);
  return {
    paymentId: payment.id,
    mode: request.mode,
    seat: request.mode === 'seat' ? request.seat : null,
    method: request.method,
    amountMinor: priced.amount,
    tenderedMinor: request.tenderedMinor ?? null,
    changeMinor,
    receiptId: await receiptIdOfBillPayment(db, restaurantId, payment.id),
    bill: (await loadBill(db, after!, currency)).bill,
    settled: after!.visitId !== table.visitId,
  };
}
