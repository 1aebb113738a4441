import type { TRecordedPayment, TRecordPaymentRequest } from '@tavolo/contract/orders';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { runIdempotently } from '../../core/idempotency';
import { lockOrder, toOrder, updateOrder } from '../orders/orders.repository';
import { insertPayment, toPayment } from './payments.repository';

/**
 * Records a payment staff took (cash, card, transfer) against an order. The amount may not exceed
 * what is still due; the order's paid amount and payment status follow in the same transaction.
 * An Idempotency-Key makes a retry replay the first answer instead of paying twice.
 */
export async function recordPayment(
  ctx: StaffContext,
  input: { orderId: string; payment: TRecordPaymentRequest; idempotencyKey: string | undefined },
): Promise<{ value: TRecordedPayment; replayed: boolean }> {
  const { db, events, principal } = ctx;
  const { orderId, payment: request, idempotencyKey } = input;
  const { restaurantId } = principal;
  return runIdempotently<TRecordedPayment>(
    db,
    { scope: `payment:user:${principal.userId}`, key: idempotencyKey, request: { orderId, ...request } },
    async (tx) => {
      const order = await lockOrder(tx, restaurantId, orderId);
      if (!order) throw notFound('Order');
      if (order.status === 'cancelled')
        throw new AppError('CONFLICT', 409, 'The order was cancelled; nothing is due');
      const due = order.totalMinor - order.paidMinor;
      if (due <= 0) throw new AppError('CONFLICT', 409, 'The order is already paid');
      if (request.amountMinor > due) {
        throw new AppError('UNPROCESSABLE', 422, 'The amount is more than what is due', {
          amountMinor: `must be at most ${due}, what is still due`,
        });
      }
      const payment = await insertPayment(tx, {
        restaurantId,
        orderId,
        amountMinor: request.amountMinor,
        method: request.method,
        status: 'succeeded',
        reference: request.reference ?? null,
        recordedById: principal.userId,
        recordedByName: principal.name,
        succeededAt: new Date(),
      });
      const paidMinor = order.paidMinor + request.amountMinor;
      const row = await updateOrder(tx, restaurantId, orderId, {
        paidMinor,
        paymentStatus: paidMinor >= order.totalMinor ? 'paid' : 'unpaid',
      });
      const updated = toOrder(row!);
      await events.publish(tx, {
        type: 'order.updated',
        restaurantId,
        orderId,
        data: { order: updated },
      });
      return { payment: toPayment(payment), order: updated };
    },
  );
}
