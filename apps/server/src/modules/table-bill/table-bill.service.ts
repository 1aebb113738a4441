import { randomUUID } from 'node:crypto';
import type { TSandboxCheckout } from '@tavolo/contract/payments';
import {
  BILL_CHECKOUT_HOLD_MINUTES,
  type TBillCheckout,
  type TBillCheckoutRequest,
  type TBillLine,
  type TBillPayment,
  type TBillReceipt,
  type TCloseBillRequest,
  type TClosedBill,
  TIP_MAX_MULTIPLE,
  type TTableBill,
  type TTableBillList,
} from '@tavolo/contract/table-service';
import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { type Db, readAll } from '../../db/client';
import type { BillPaymentRow, OrderRow, TableRow } from '../../db/rows';
import type { EventPublisher } from '../../events/event-publisher';
import { recordWebhookEvent } from '../online-payments/online-payments.repository';
import type { PaymentProvider, ProviderEvent } from '../online-payments/payment-provider';
import { toOrder, updateOrder } from '../orders/orders.repository';
import { orderPaymentStatus } from '../payments/order-payment-status';
import { insertPayment } from '../payments/payments.repository';
import { findRestaurantById } from '../restaurants/restaurants.repository';
import { findActiveTableWithRestaurant, findTable } from '../tables/tables.repository';
import { appendToWallet } from '../wallet/wallet-ledger';
import {
  billFigures,
  billLinesOf,
  equalShares,
  spreadInProportion,
  spreadOverOrders,
  unitsAmount,
} from './bill-model';
import {
  endVisit,
  findBillPaymentItems,
  findBillPaymentOfTable,
  findBillUnits,
  findOpenBillOrders,
  findOpenBills,
  findOrderPaymentsOutsideBill,
  findProviderBillPayment,
  findVisitBillPayments,
  type HeldTable,
  insertBillPayment,
  insertBillPaymentItems,
  lockBillPayment,
  lockEndedVisitOrders,
  lockOpenBillOrders,
  lockTable,
  updateBillPayment,
} from './table-bill.repository';

// ---- reading the bill -------------------------------------------------------------------------------

type LoadedBill = {
  bill: TTableBill;
  orders: OrderRow[];
  visitPayments: BillPaymentRow[];
  holding: BillPaymentRow[];
};

/** The bill of the table's current visit, from the database (inside the caller's transaction, if any). */
async function loadBill(db: Db, table: TableRow, currency: string): Promise<LoadedBill> {
  const orders = await findOpenBillOrders(db, table.restaurantId, table.id);
  const orderIds = orders.map((o) => o.id);
  const [units, visit, outside] = await readAll(db, [
    () => findBillUnits(db, table.restaurantId, orderIds),
    () => findVisitBillPayments(db, table.restaurantId, { tableId: table.id, visitId: table.visitId }),
    () => findOrderPaymentsOutsideBill(db, table.restaurantId, orderIds),
  ] as const);
  const lines = billLinesOf(
    orders,
    units.filter((u) => u.status === 'succeeded'),
    units.filter((u) => u.status === 'pending'),
  );
  const visitPayments = visit.map((v) => v.payment);
  const holding = visit.filter((v) => v.holding).map((v) => v.payment);
  const succeeded = visitPayments.filter((p) => p.status === 'succeeded');
  const payments: TBillPayment[] = [
    ...succeeded.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      tipMinor: p.tipMinor,
      method: p.method,
      mode: p.mode,
      at: (p.succeededAt ?? p.createdAt).toISOString(),
    })),
    ...outside.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      tipMinor: 0,
      method: p.method,
      mode: null,
      at: (p.succeededAt ?? p.createdAt).toISOString(),
    })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  return {
    orders,
    visitPayments,
    holding,
    bill: {
      visitId: table.visitId,
      tableId: table.id,
      tableNumber: table.number,
      currency,
      lines,
      ...billFigures(orders),
      pendingMinor: holding.reduce((s, p) => s + p.amountMinor, 0),
      tipsMinor: succeeded.reduce((s, p) => s + p.tipMinor, 0),
      payments,
    },
  };
}

const invalidCode = () => new AppError('NOT_FOUND', "This table's code is not valid any more");

/** A guest's table by its code: an unknown, rotated or inactive code looks like nothing. */
async function findGuestTable(db: Db, qrToken: string) {
  const found = await findActiveTableWithRestaurant(db, { qrToken });
  if (!found) throw invalidCode();
  return found;
}

/** The bill of the table whose code the guest holds. */
export async function getTableBill(ctx: ServiceContext, input: { qrToken: string }): Promise<TTableBill> {
  const { table, restaurant } = await findGuestTable(ctx.db, input.qrToken);
  return (await loadBill(ctx.db, table, restaurant.currency)).bill;
}

async function currencyOf(db: Db, restaurantId: string): Promise<string> {
  const restaurant = await findRestaurantById(db, restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return restaurant.currency;
}

/** The bill of one of the session's restaurant's tables. */
export async function getStaffTableBill(ctx: StaffContext, input: { id: string }): Promise<TTableBill> {
  const { db, principal } = ctx;
  const table = await findTable(db, principal.restaurantId, input.id);
  if (!table) throw notFound('Table');
  return (await loadBill(db, table, await currencyOf(db, principal.restaurantId))).bill;
}

/** Every table of the session's restaurant with an open bill, by number. */
export async function listTableBills(ctx: StaffContext): Promise<TTableBillList> {
  const { db, principal } = ctx;
  const [currency, rows] = await Promise.all([
    currencyOf(db, principal.restaurantId),
    findOpenBills(db, principal.restaurantId),
  ]);
  return {
    currency,
    items: rows.map((r) => ({
      tableId: r.table_id,
      tableNumber: Number(r.number),
      visitId: r.visit_id,
      orders: Number(r.orders),
      totalMinor: Number(r.total),
      paidMinor: Number(r.paid),
      dueMinor: Math.max(0, Number(r.total) - Number(r.paid)),
      openedAt: new Date(r.opened_at).toISOString(),
    })),
  };
}

// ---- the live event and the end of a visit ----------------------------------------------------------

/** Tells every phone at the table (and the staff) that its bill moved. */
export async function publishBillUpdated(
  tx: Db,
  events: EventPublisher,
  input: {
    table: TableRow;
    visitId: string;
    figures: { totalMinor: number; paidMinor: number; dueMinor: number };
    closed: boolean;
  },
): Promise<void> {
  const { table, figures } = input;
  await events.publish(tx, {
    type: 'bill.updated',
    restaurantId: table.restaurantId,
    tableId: table.id,
    data: {
      tableId: table.id,
      tableNumber: table.number,
      visitId: input.visitId,
      totalMinor: figures.totalMinor,
      paidMinor: figures.paidMinor,
      dueMinor: figures.dueMinor,
      closed: input.closed,
    },
  });
}

/**
 * After a money move or a cancellation on the table's open bill (the table and the bill's orders
 * held): ends the visit when the bill has an order and nothing is due, and publishes bill.updated
 * either way. Answers whether the visit ended.
 */
export async function settleVisitIfPaid(tx: Db, events: EventPublisher, held: HeldTable): Promise<boolean> {
  const { table } = held;
  const orders = await findOpenBillOrders(tx, table.restaurantId, table.id);
  const mine = orders.filter((o) => held.orderIds.includes(o.id));
  const figures = billFigures(mine);
  const ended = mine.length > 0 && figures.dueMinor === 0;
  if (ended) await endVisit(tx, table.restaurantId, table, held.orderIds);
  await publishBillUpdated(tx, events, { table, visitId: table.visitId, figures, closed: ended });
  return ended;
}

// ---- paying at the table ----------------------------------------------------------------------------

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields);

function nothingFree(bill: TTableBill): AppError {
  if (bill.dueMinor <= 0) return conflict('Nothing is due on this bill');
  return conflict(
    'What is still due is being paid on another phone; if that payment fails or is abandoned, it is free again',
  );
}

type Priced = {
  amount: number;
  description: string;
  items: { orderId: string; lineIndex: number; quantity: number; amountMinor: number }[];
};

function priceEqualShare(loaded: LoadedBill, parts: number, free: number): Priced {
  const { bill, visitPayments, holding } = loaded;
  const taken = visitPayments.filter(
    (p) =>
      p.mode === 'equal' &&
      p.parts === parts &&
      (p.status === 'succeeded' || holding.some((h) => h.id === p.id)),
  ).length;
  if (taken >= parts) throw conflict(`All ${parts} shares are paid or being paid`);
  const shares = equalShares(bill.totalMinor, parts);
  // The last share sweeps every difference (rounding, other payments), so the shares settle the bill.
  const amount = taken === parts - 1 ? free : Math.min(shares[taken]!, free);
  return { amount, description: `share ${taken + 1} of ${parts}`, items: [] };
}

function priceItems(
  loaded: LoadedBill,
  choices: NonNullable<TBillCheckoutRequest['items']>,
  free: number,
): Priced {
  const { bill } = loaded;
  const byKey = new Map(bill.lines.map((line) => [`${line.orderId}:${line.lineIndex}`, line]));
  const orderIds = new Set(bill.lines.map((line) => line.orderId));
  // The same line chosen twice counts once, with both quantities.
  const wanted = new Map<string, { line: TBillLine; quantity: number; index: number }>();
  const invalid: Record<string, string> = {};
  choices.forEach((choice, index) => {
    if (!orderIds.has(choice.orderId)) {
      invalid[`items.${index}.orderId`] = 'is not an order on this bill';
      return;
    }
    const key = `${choice.orderId}:${choice.lineIndex}`;
    const line = byKey.get(key);
    if (!line) {
      invalid[`items.${index}.lineIndex`] = 'is not a line of that order';
      return;
    }
    const seen = wanted.get(key);
    wanted.set(key, { line, quantity: (seen?.quantity ?? 0) + choice.quantity, index: seen?.index ?? index });
  });
  if (Object.keys(invalid).length > 0)
    throw new AppError('UNPROCESSABLE', 'Some of the chosen items are not on this bill', invalid);

  const short: string[] = [];
  const fields: Record<string, string> = {};
  for (const { line, quantity, index } of wanted.values()) {
    const left = line.quantity - line.paidQuantity - line.pendingQuantity;
    if (quantity <= left) continue;
    fields[`items.${index}.quantity`] = `${left} of ${line.quantity} left to pay`;
    short.push(
      line.pendingQuantity > 0
        ? `Someone else is paying for ${line.name}: ${left} of ${line.quantity} left to pay`
        : `${line.name} is ${left === 0 ? 'already' : 'partly'} paid: ${left} of ${line.quantity} left to pay`,
    );
  }
  if (short.length > 0) throw conflict(short.join('; '), fields);

  const items = [...wanted.values()].map(({ line, quantity }) => ({
    orderId: line.orderId,
    lineIndex: line.lineIndex,
    quantity,
    amountMinor: unitsAmount(line, line.paidQuantity + line.pendingQuantity, quantity),
  }));
  const sum = items.reduce((s, i) => s + i.amountMinor, 0);
  const afterThis = (line: TBillLine) =>
    line.paidQuantity +
    line.pendingQuantity +
    (wanted.get(`${line.orderId}:${line.lineIndex}`)?.quantity ?? 0);
  // When this payment takes the last units, it sweeps what rounding (or other payments) left.
  const last = bill.lines.every((line) => afterThis(line) >= line.quantity);
  const units = items.reduce((s, i) => s + i.quantity, 0);
  const amount = last ? free : Math.min(sum, free);
  // The items' amounts add up to what is charged (the receipt lists them; settling follows them).
  const spread = spreadInProportion(
    Math.max(0, amount),
    items.map((i) => i.amountMinor),
  );
  return {
    amount,
    description: units === 1 ? '1 item' : `${units} items`,
    items: items.map((item, i) => ({ ...item, amountMinor: spread[i]! })),
  };
}

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

  const table = await lockTable(db, restaurant.id, found.table.id);
  if (!table?.active || table.qrToken !== request.qrToken) throw invalidCode();
  const loaded = await loadBill(db, table, restaurant.currency);
  const { bill } = loaded;
  // What no other checkout holds; each mode says first why it cannot go on, then this.
  const free = bill.dueMinor - bill.pendingMinor;

  const priced: Priced =
    request.mode === 'equal'
      ? priceEqualShare(loaded, request.parts!, free)
      : request.mode === 'items'
        ? priceItems(loaded, request.items!, free)
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

/** What the payer keeps: one payment towards the bill of the table whose code they hold. */
export async function getBillReceipt(
  ctx: ServiceContext,
  input: { paymentId: string; qrToken: string },
): Promise<TBillReceipt> {
  const { db } = ctx;
  const { table, restaurant } = await findGuestTable(db, input.qrToken);
  const payment = await findBillPaymentOfTable(db, restaurant.id, { id: input.paymentId, tableId: table.id });
  if (!payment) throw notFound('Payment');
  const items = await findBillPaymentItems(db, restaurant.id, payment.id);
  return {
    paymentId: payment.id,
    status: payment.status,
    restaurantName: restaurant.name,
    tableNumber: table.number,
    currency: payment.currency,
    mode: payment.mode,
    parts: payment.parts,
    items: items.map(({ item, lines }) => ({
      name: lines[item.lineIndex]?.name ?? 'Item',
      quantity: item.quantity,
      amountMinor: item.amountMinor,
    })),
    amountMinor: payment.amountMinor,
    tipMinor: payment.tipMinor,
    paidAt: payment.succeededAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
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
    const fresh = await recordWebhookEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      paymentId: billPaymentId,
    });
    if (!fresh) return { received: true, duplicate: true };
    const table = await lockTable(tx, restaurantId, tableId);
    if (!table) throw notFound('Payment');
    const current = table.visitId === visitId;
    const locked = current
      ? await lockOpenBillOrders(tx, restaurantId, tableId)
      : await lockEndedVisitOrders(tx, restaurantId, { tableId, visitId });
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
    const open = locked.filter((o) => o.status !== 'cancelled');
    const targets = open.length > 0 ? open : locked;
    if (targets.length === 0) throw conflict('The bill this payment was for has no orders');

    const feeMinor = provider.feeMinor(charged);
    const succeededAt = new Date();
    await updateBillPayment(tx, restaurantId, payment.id, { status: 'succeeded', succeededAt, feeMinor });

    const meant = new Map<string, number>();
    if (payment.mode === 'items') {
      for (const { item } of await findBillPaymentItems(tx, restaurantId, payment.id))
        meant.set(item.orderId, (meant.get(item.orderId) ?? 0) + item.amountMinor);
    }
    const given = spreadOverOrders(
      payment.amountMinor,
      targets.map((o) => ({ id: o.id, dueMinor: o.totalMinor - o.paidMinor })),
      meant,
    );
    const paid = targets.map((order, i) => ({ order, amount: given[i]! })).filter((p) => p.amount > 0);
    // The provider's fee lands on the payments in proportion (the remainder on the last).
    const fees = spreadInProportion(
      feeMinor,
      paid.map((p) => p.amount),
    );
    let firstPaymentId: string | null = null;
    for (const [i, { order, amount }] of paid.entries()) {
      const row = await insertPayment(tx, {
        restaurantId,
        orderId: order.id,
        amountMinor: amount,
        method: 'online',
        status: 'succeeded',
        provider: provider.name,
        reference: payment.reference,
        billPaymentId: payment.id,
        feeMinor: fees[i] ?? 0,
        succeededAt,
      });
      firstPaymentId ??= row.id;
      await moveOrderMoney(tx, events, order, amount);
    }

    // The wallet: the amount and the tip in, the provider's fee out (tips are not revenue).
    const entry = { reference: payment.reference, paymentId: firstPaymentId };
    await appendToWallet(tx, restaurantId, {
      type: 'credit',
      kind: 'payment',
      amountMinor: payment.amountMinor,
      description: `Online payment, table ${table.number}`,
      ...entry,
    });
    if (payment.tipMinor > 0) {
      await appendToWallet(tx, restaurantId, {
        type: 'credit',
        kind: 'tip',
        amountMinor: payment.tipMinor,
        description: `Tip, table ${table.number}`,
        ...entry,
      });
    }
    if (feeMinor > 0) {
      await appendToWallet(tx, restaurantId, {
        type: 'debit',
        kind: 'fee',
        amountMinor: feeMinor,
        description: `Payment provider fee, table ${table.number}`,
        ...entry,
      });
    }
    if (current) await settleVisitIfPaid(tx, events, held);
    return { received: true, duplicate: false };
  });
}

/** Raises an order's paid money (its row already locked), with its payment status and live event. */
async function moveOrderMoney(tx: Db, events: EventPublisher, order: OrderRow, amount: number) {
  const paidMinor = order.paidMinor + amount;
  const row = await updateOrder(tx, order.restaurantId, order.id, {
    paidMinor,
    paymentStatus: orderPaymentStatus({
      totalMinor: order.totalMinor,
      paidMinor,
      refundedMinor: order.refundedMinor,
    }),
  });
  await events.publish(tx, {
    type: 'order.updated',
    restaurantId: order.restaurantId,
    orderId: order.id,
    data: { order: toOrder(row!) },
  });
}

// ---- staff close the bill ---------------------------------------------------------------------------

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
  const table = await lockTable(db, restaurantId, tableId);
  if (!table) throw notFound('Table');
  const currency = await currencyOf(db, restaurantId);
  const locked = await lockOpenBillOrders(db, restaurantId, table.id);
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
    for (const { order, due } of owing) {
      await insertPayment(db, {
        restaurantId,
        orderId: order.id,
        amountMinor: due,
        method: request.payRestWith,
        status: 'succeeded',
        billPaymentId: billPayment.id,
        succeededAt,
        ...recorded,
      });
      await moveOrderMoney(db, events, order, due);
    }
  }
  const figures = billFigures(open);
  await endVisit(
    db,
    restaurantId,
    table,
    locked.map((o) => o.id),
  );
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
  const next = await lockTable(db, restaurantId, table.id);
  return {
    visitId: table.visitId,
    settledMinor,
    bill: (await loadBill(db, next!, currency)).bill,
  };
}
