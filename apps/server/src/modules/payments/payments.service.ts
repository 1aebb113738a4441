import { PAYMENT_METHODS, type TRecordedPayment, type TRecordPaymentRequest } from '@tavolo/contract/orders';
import {
  PAYMENT_STATS_MAX_DAYS,
  type TOrderPayments,
  type TPaymentListQuery,
  type TPaymentPage,
  type TPaymentStats,
  type TPaymentStatsQuery,
  type TRefundRequest,
  type TRefundResult,
} from '@tavolo/contract/payments';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import {
  addDays,
  daysBetween,
  localDateOf,
  lowerBoundOf,
  startOfLocalDate,
  upperBoundOf,
  zonedDate,
} from '../../lib/zoned-time';
import {
  changeDue,
  holdOrder,
  holdPayment,
  recordOrderPayment,
  refundOrderPayment,
} from '../money/order-money';
import { findOrderRow } from '../orders/orders.service';
import { receiptsOfPayments } from '../receipts/receipts.service';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import {
  findPayments,
  findPaymentsOfOrder,
  findPaymentWithOrder,
  findRefundsOfPayments,
  type MoneyByDayAndMethod,
  sumPaymentsByDay,
  sumRefundsByDay,
  toPayment,
  toPaymentListItem,
  toPaymentRefund,
} from './payments.repository';

/**
 * Records a payment staff took (cash, card, transfer) against an order. The amount may not exceed
 * what is still due; the order's paid amount and payment status follow in the same transaction.
 * Its route is idempotent (a retry replays the first answer instead of paying twice): `ctx.db` is
 * the transaction its Idempotency-Key is claimed in.
 */
export async function recordPayment(
  ctx: StaffContext,
  input: { orderId: string; payment: TRecordPaymentRequest },
): Promise<TRecordedPayment> {
  const { db, events, principal } = ctx;
  const { payment: request } = input;
  const hold = await holdOrder(db, principal.restaurantId, input.orderId);
  if (!hold) throw notFound('Order');
  const { order } = hold;
  if (order.status === 'cancelled') throw new AppError('CONFLICT', 'The order was cancelled; nothing is due');
  const due = order.totalMinor - order.paidMinor;
  if (due <= 0) throw new AppError('CONFLICT', 'The order is already paid');
  if (request.amountMinor > due) {
    throw new AppError('UNPROCESSABLE', 'The amount is more than what is due', {
      amountMinor: `must be at most ${due}, what is still due`,
    });
  }
  const changeMinor = changeDue(request);
  const recorded = await recordOrderPayment(db, events, hold, {
    amountMinor: request.amountMinor,
    method: request.method,
    reference: request.reference ?? null,
    recordedById: principal.userId,
    recordedByName: principal.name,
  });
  return { payment: toPayment(recorded.payment), order: recorded.order, changeMinor };
}

/** The restaurant's payments, newest first, each with its order's number and table and its refunds. */
export async function listPayments(ctx: StaffContext, query: TPaymentListQuery): Promise<TPaymentPage> {
  const { db, principal } = ctx;
  const { timezone } = await findSessionRestaurant(ctx);
  const { rows, total } = await findPayments(
    db,
    principal.restaurantId,
    {
      from: query.from ? lowerBoundOf(query.from, timezone) : undefined,
      to: query.to ? upperBoundOf(query.to, timezone) : undefined,
      method: query.method,
      status: query.status,
      orderId: query.orderId,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const refunds = await findRefundsOfPayments(
    db,
    principal.restaurantId,
    rows.map((r) => r.id),
  );
  const receipts = await receiptsOfPayments(db, principal.restaurantId, rows);
  return {
    items: rows.map((row) => toPaymentListItem(row, refunds.get(row.id) ?? [], receipts.get(row.id) ?? null)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every payment of one order with its refunds, oldest first. */
export async function listOrderPayments(
  { db, principal }: StaffContext,
  input: { orderId: string },
): Promise<TOrderPayments> {
  const order = await findOrderRow(db, principal.restaurantId, input.orderId);
  if (!order) throw notFound('Order');
  const rows = await findPaymentsOfOrder(db, principal.restaurantId, order.id);
  const refunds = await findRefundsOfPayments(
    db,
    principal.restaurantId,
    rows.map((r) => r.id),
  );
  const receipts = await receiptsOfPayments(db, principal.restaurantId, rows);
  return {
    items: rows.map((row) => toPaymentListItem(row, refunds.get(row.id) ?? [], receipts.get(row.id) ?? null)),
  };
}

/**
 * Gives back part or all of a payment. Under the order's lock, then the payment's: never more than
 * what is left of it. The order's paid and refunded amounts and its payment status follow; a refund
 * of an online payment is taken from the wallet in the same transaction, so when the wallet cannot
 * cover it nothing changes (409 INSUFFICIENT_FUNDS).
 */
export async function refundPayment(
  ctx: StaffContext,
  input: { paymentId: string; refund: TRefundRequest },
): Promise<TRefundResult> {
  const { db, events, principal } = ctx;
  const { paymentId, refund: request } = input;
  const { restaurantId } = principal;
  const found = await findPaymentWithOrder(db, restaurantId, paymentId);
  if (!found) throw notFound('Payment');
  const hold = await holdOrder(db, restaurantId, found.orderId);
  const payment = hold && (await holdPayment(db, hold, paymentId));
  if (!hold || !payment) throw notFound('Payment');

  const left = payment.amountMinor - payment.refundedMinor;
  if (payment.status === 'refunded' || (payment.status === 'succeeded' && left <= 0)) {
    throw new AppError('CONFLICT', 'This payment was already refunded in full');
  }
  if (payment.status !== 'succeeded') {
    throw new AppError('CONFLICT', `Only a succeeded payment can be refunded; this one is ${payment.status}`);
  }
  if (request.amountMinor > left) {
    throw new AppError('UNPROCESSABLE', 'The amount is more than what is left of the payment', {
      amountMinor: `must be at most ${left}, what is left of the payment`,
    });
  }

  const refunded = await refundOrderPayment(db, events, hold, payment, {
    amountMinor: request.amountMinor,
    reason: request.reason || null,
    recordedById: principal.userId,
    recordedByName: principal.name,
  });
  const refunds = await findRefundsOfPayments(db, restaurantId, [paymentId]);
  const receipts = await receiptsOfPayments(db, restaurantId, [refunded.payment]);
  return {
    refund: toPaymentRefund(refunded.refund),
    payment: toPaymentListItem(
      { ...refunded.payment, orderNumber: found.orderNumber, tableNumber: found.tableNumber },
      refunds.get(paymentId) ?? [],
      receipts.get(paymentId) ?? null,
    ),
    order: refunded.order,
  };
}

const STATS_DEFAULT_DAYS = 30;

type Totals = { count: number; grossMinor: number; refundsMinor: number; totalMinor: number };
const zero = (): Totals => ({ count: 0, grossMinor: 0, refundsMinor: 0, totalMinor: 0 });

/** grossMinor / count rounded half up, in integers (no float error on large sums). */
function averageOf(grossMinor: number, count: number): number {
  if (count === 0) return 0;
  return Math.floor((2 * grossMinor + count) / (2 * count));
}

/** The period's days, inclusive local dates: `to` is today and `from` 29 days before it unless given. */
function statsPeriod(query: TPaymentStatsQuery, timezone: string): { from: string; to: string } {
  const today = zonedDate(new Date(), timezone);
  const to = query.to ? localDateOf(query.to, timezone) : today;
  const from = query.from ? localDateOf(query.from, timezone) : addDays(to, -(STATS_DEFAULT_DAYS - 1));
  if (to < from) {
    throw new AppError('UNPROCESSABLE', 'The period ends before it starts', {
      to: 'must be on or after from',
    });
  }
  if (daysBetween(from, to) + 1 > PAYMENT_STATS_MAX_DAYS) {
    throw new AppError('UNPROCESSABLE', `The period is longer than ${PAYMENT_STATS_MAX_DAYS} days`, {
      to: `must be at most ${PAYMENT_STATS_MAX_DAYS} days after from, counting both`,
    });
  }
  return { from, to };
}

/**
 * Revenue for a period: succeeded payments by when the money arrived, minus refunds by when they
 * were given, each cut into the restaurant's local days in the database.
 */
export async function paymentStats(ctx: StaffContext, query: TPaymentStatsQuery): Promise<TPaymentStats> {
  const { db, principal } = ctx;
  const restaurant = await findSessionRestaurant(ctx);
  const { timezone, currency } = restaurant;
  const { from, to } = statsPeriod(query, timezone);
  const range = {
    start: startOfLocalDate(from, timezone),
    end: startOfLocalDate(addDays(to, 1), timezone),
    timezone,
  };
  const [paid, refunded] = await Promise.all([
    sumPaymentsByDay(db, principal.restaurantId, range),
    sumRefundsByDay(db, principal.restaurantId, range),
  ]);

  const days = new Map<string, Totals>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, zero());
  const methods = new Map(PAYMENT_METHODS.map((method) => [method, zero()]));
  const all = zero();
  let refundCount = 0;
  const add = (row: MoneyByDayAndMethod, refund: boolean) => {
    for (const totals of [days.get(row.day), methods.get(row.method), all]) {
      if (!totals) continue;
      if (refund) {
        totals.refundsMinor += row.amountMinor;
        totals.totalMinor -= row.amountMinor;
      } else {
        totals.count += row.count;
        totals.grossMinor += row.amountMinor;
        totals.totalMinor += row.amountMinor;
      }
    }
    if (refund) refundCount += row.count;
  };
  for (const row of paid) add(row, false);
  for (const row of refunded) add(row, true);

  return {
    currency,
    timezone,
    from,
    to,
    totalMinor: all.totalMinor,
    grossMinor: all.grossMinor,
    refundsMinor: all.refundsMinor,
    count: all.count,
    refundCount,
    averageMinor: averageOf(all.grossMinor, all.count),
    byMethod: [...methods].map(([method, totals]) => ({ method, ...totals })),
    byDay: [...days].map(([date, totals]) => ({ date, ...totals })),
  };
}
