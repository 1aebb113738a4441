import { randomUUID } from 'node:crypto';
import type { TSandboxCheckout } from '@tavolo/contract/payments';
import {
  BILL_CHECKOUT_HOLD_MINUTES,
  type TBillCheckout,
  type TBillCheckoutRequest,
  TIP_MAX_MULTIPLE,
} from '@tavolo/contract/table-service';
import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { BillPaymentRow, OrderRow } from '../../db/rows';
import { payVisitOrdersOnline, recordProviderEvent } from '../money/order-money';
import type { PaymentProvider, ProviderEvent } from '../money/payment-provider';
import { billFigures, spreadOverOrders } from '../visits/bill-model';
import { type HeldTable, holdTable, holdVisit, publishBillUpdated } from '../visits/visits.service';
import { findGuestTable, invalidCode, loadBill } from './bill-read-model';
import { conflict, nothingFree, type Priced, priceEqualShare, priceItems } from './share-pricing';
import {
  findBillPaymentItems,
  findProviderBillPayment,
  insertBillPayment,
  insertBillPaymentItems,
  lockBillPayment,
  updateBillPayment,
} from './table-bill.repository';

/*
 * Paying (part of) a table's bill online: the checkout, the provider's page, and the provider's
 * event that moves the money (through the money module) when the payer has paid.
 */

/**
 * Starts paying (part of) the table's bill online: the whole of what is free to pay, an equal
 * share, or chosen units of chosen lines, with a tip. Under the table's lock, so checkouts of one
 * table take turns and the second sees what the first holds: items held or paid answer 409 with
 * what is left. The checkout holds its amount and items for BILL_CHECKOUT_HOLD_MINUTES.
 */
export async function startBillCheckout(
  ctx: ServiceContext,
  input: { request: TBillCheckoutRequest },
  provider: PaymentProvider,
): Promise<TBillCheckout> {
  const { db, events } = ctx;
  const { request } = input;
  const found = await findGuestTable(db, request.qrToken);
  const { restaurant } = found;

  const table = await holdTable(db, restaurant.id, found.table.id);
  if (!table?.active || table.qrToken !== request.qrToken) throw invalidCode();
  const loaded = await loadBill(db, table, restaurant.currency);
  const { bill } = loaded;
  // What no other checkout holds; each mode says first why it cannot go on, then this.
  const free = bill.dueMinor - bill.pendingMinor;

  const priced: Priced =
    request.mode === 'equal'
      ? priceEqualShare(loaded, { parts: request.parts, newSplit: request.newSplit }, free)
      : request.mode === 'items'
        ? priceItems(loaded, request.items, free)
        : { amount: free, description: 'the bill', items: [] };
  if (priced.amount <= 0) throw nothingFree(bill);
  const tipMinor = request.tipMinor ?? 0;
  if (tipMinor > priced.amount * TIP_MAX_MULTIPLE) {
    throw new AppError('UNPROCESSABLE', 'The tip is more than the amount it is added to', {
      tipMinor: `must be at most ${priced.amount * TIP_MAX_MULTIPLE}`,
    });
  }

  const id = randomUUID();
  const returnUrl = `/t/${encodeURIComponent(request.qrToken)}/bill/receipts/${id}`;
  const checkout = await provider.createCheckout({
    paymentId: id,
    amountMinor: priced.amount + tipMinor,
    currency: restaurant.currency,
    description: `${restaurant.name}, table ${table.number} — ${priced.description}`,
    returnUrl,
  });
  await insertBillPayment(db, {
    id,
    restaurantId: restaurant.id,
    tableId: table.id,
    visitId: table.visitId,
    mode: request.mode,
    parts: request.parts ?? null,
    splitId: priced.split?.id ?? null,
    splitDueMinor: priced.split?.dueMinor ?? null,
    amountMinor: priced.amount,
    tipMinor,
    currency: restaurant.currency,
    method: 'online',
    status: 'pending',
    provider: provider.name,
    reference: checkout.reference,
    checkoutUrl: checkout.checkoutUrl,
    returnUrl,
    // The database's clock, the one holds are compared with (every instance agrees on it).
    holdUntil: sql`now() + make_interval(mins => ${BILL_CHECKOUT_HOLD_MINUTES})` as unknown as Date,
  });
  await insertBillPaymentItems(
    db,
    priced.items.map((item) => ({ billPaymentId: id, ...item })),
  );
  await publishBillUpdated(db, events, { table, visitId: table.visitId, figures: bill, closed: false });
  return {
    paymentId: id,
    checkoutUrl: checkout.checkoutUrl,
    amountMinor: priced.amount,
    tipMinor,
    currency: restaurant.currency,
  };
}

// ---- the provider's page and webhook for bill payments ---------------------------------------------

/** The sandbox page's view of a bill payment (amount and tip together, as the payer is charged). */
export async function findBillPaymentSandboxView(
  db: Db,
  input: { paymentId: string; provider: string },
): Promise<TSandboxCheckout | undefined> {
  const found = await findProviderBillPayment(db, input);
  if (!found) return undefined;
  const { payment } = found;
  const what =
    payment.mode === 'full'
      ? 'the bill'
      : payment.mode === 'equal'
        ? `your share of the bill (split ${payment.parts} ways)`
        : 'your items on the bill';
  return {
    paymentId: payment.id,
    status: payment.status,
    amountMinor: payment.amountMinor + payment.tipMinor,
    currency: payment.currency,
    restaurantName: found.restaurantName,
    orderNumber: null,
    description: `Table ${found.tableNumber} — ${what}`,
    tipMinor: payment.tipMinor,
    returnUrl: payment.returnUrl ?? '/',
  };
}

type WebhookAck = { received: true; duplicate: boolean };

/**
 * How a bill payment lands on the visit's orders (decision 022): first what it was meant for (the
 * items chosen), then the dues in order of number; cancelled orders only when nothing else is left.
 */
export async function sharesOfBillPayment(
  tx: Db,
  payment: BillPaymentRow,
  orders: OrderRow[],
): Promise<{ order: OrderRow; amountMinor: number; units?: { lineIndex: number; quantity: number }[] }[]> {
  const open = orders.filter((o) => o.status !== 'cancelled');
  const targets = open.length > 0 ? open : orders;
  if (targets.length === 0) throw conflict('The bill this payment was for has no orders');
  const meant = new Map<string, number>();
  // The units paid for, by order: what the receipt lists.
  const units = new Map<string, { lineIndex: number; quantity: number }[]>();
  if (payment.mode === 'items') {
    for (const { item } of await findBillPaymentItems(tx, payment.restaurantId, payment.id)) {
      meant.set(item.orderId, (meant.get(item.orderId) ?? 0) + item.amountMinor);
      units.set(item.orderId, [
        ...(units.get(item.orderId) ?? []),
        { lineIndex: item.lineIndex, quantity: item.quantity },
      ]);
    }
  }
  const given = spreadOverOrders(
    payment.amountMinor,
    targets.map((o) => ({ id: o.id, dueMinor: o.totalMinor - o.paidMinor })),
    meant,
  );
  return targets
    .map((order, i) => ({
      order,
      amountMinor: given[i]!,
      ...(payment.mode === 'items' ? { units: units.get(order.id) ?? [] } : {}),
    }))
    .filter((s) => s.amountMinor > 0);
}

/**
 * A provider's event for a bill payment (its signature already checked). In one transaction, in
 * the lock order of docs/decisions/022: the event is noted (a replay changes nothing), the table,
 * its orders by number, then the bill payment are locked. A success spreads the amount over the
 * visit's orders as one payment per order (revenue like any payment), keeps the tip on the bill
 * payment, moves the wallet (amount and tip in, the fee out) and ends the visit when nothing is
 * left due. A failure frees what the checkout held.
 */
export async function receiveBillPaymentEvent(
  ctx: ServiceContext,
  input: { provider: PaymentProvider; event: ProviderEvent },
): Promise<WebhookAck | undefined> {
  const { db, events } = ctx;
  const { provider, event } = input;
  const found = await findProviderBillPayment(db, { paymentId: event.paymentId, provider: provider.name });
  if (!found) return undefined;
  const { restaurantId, tableId, visitId } = found.payment;
  const billPaymentId = found.payment.id;

  return db.transaction(async (tx): Promise<WebhookAck> => {
    const fresh = await recordProviderEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      paymentId: billPaymentId,
    });
    if (!fresh) return { received: true, duplicate: true };
    const visit = await holdVisit(tx, restaurantId, { tableId, visitId });
    if (!visit) throw notFound('Payment');
    const { table, orders: locked, current } = visit;
    const payment = await lockBillPayment(tx, restaurantId, billPaymentId);
    if (!payment) throw notFound('Payment');
    if (payment.status !== 'pending') return { received: true, duplicate: true };
    const held: HeldTable = { table, orderIds: locked.map((o) => o.id) };

    if (event.outcome === 'failed') {
      await updateBillPayment(tx, restaurantId, payment.id, { status: 'failed' });
      if (current) {
        const figures = billFigures(locked.filter((o) => o.status !== 'cancelled'));
        await publishBillUpdated(tx, events, { table, visitId, figures, closed: false });
      }
      return { received: true, duplicate: false };
    }

    const charged = payment.amountMinor + payment.tipMinor;
    if (event.amountMinor !== charged || event.currency !== payment.currency) {
      // Thrown, so the event is not remembered either: nothing of it is kept.
      throw new AppError('VALIDATION_FAILED', "The event's amount or currency is not the payment's", {
        amountMinor: `must be ${charged} ${payment.currency}`,
      });
    }
    const feeMinor = provider.feeMinor(charged);
    const succeededAt = new Date();
    await updateBillPayment(tx, restaurantId, payment.id, { status: 'succeeded', succeededAt, feeMinor });
    await payVisitOrdersOnline(tx, events, {
      shares: await sharesOfBillPayment(tx, payment, locked),
      payment: { ...payment, feeMinor, provider: provider.name, billPaymentId: payment.id, succeededAt },
      where: `table ${table.number}`,
      settle: current ? held : undefined,
    });
    return { received: true, duplicate: false };
  });
}
