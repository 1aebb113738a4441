import type { TRecordedPayment, TRecordPaymentRequest } from '@tavolo/contract/orders';
import { AppError, notFound } from '../../http/app-error';
import { type Answer, runIdempotently } from '../../http/idempotency';
import type { RequestContext } from '../../http/route-context';
import { lockOrder, toOrder, updateOrder } from '../orders/orders.repository';
import { insertPayment, toPayment } from './payments.repository';

/**
 * Records a payment staff took (cash, card, transfer) against an order. The amount may not exceed
 * what is still due; the order's paid amount and payment status follow in the same transaction.
 * An Idempotency-Key makes a retry replay the first answer instead of paying twice.
 */
export async function recordPayment(
  ctx: RequestContext & { recordedByName: string },
  options: { orderId: string; input: TRecordPaymentRequest; idempotencyKey: string | undefined },
): Promise<Answer<TRecordedPayment> & { replayed: boolean }> {
  const { db, events, principal, recordedByName } = ctx;
  const { orderId, input, idempotencyKey } = options;
  return runIdempotently<TRecordedPayment>(
    db,
    { scope: `payment:user:${principal.userId}`, key: idempotencyKey, request: { orderId, ...input } },
    async (tx) => {
      const order = await lockOrder(tx, principal.restaurantId, orderId);
      if (!order) throw notFound('Order');
      if (order.status === 'cancelled')
        throw new AppError('CONFLICT', 409, 'The order was cancelled; nothing is due');
      const due = order.totalMinor - order.paidMinor;
      if (due <= 0) throw new AppError('CONFLICT', 409, 'The order is already paid');
      if (input.amountMinor > due) {
        throw new AppError('UNPROCESSABLE', 422, 'The amount is more than what is due', {
          amountMinor: `must be at most ${due}, what is still due`,
        });
      }
      const payment = await insertPayment(tx, {
        restaurantId: principal.restaurantId,
        orderId,
        amountMinor: input.amountMinor,
        method: input.method,
        status: 'succeeded',
        reference: input.reference ?? null,
        recordedById: principal.userId,
        recordedByName,
      });
      const paidMinor = order.paidMinor + input.amountMinor;
      const updated = toOrder(
        await updateOrder(tx, orderId, {
          paidMinor,
          paymentStatus: paidMinor >= order.totalMinor ? 'paid' : 'unpaid',
        }),
      );
      await events.publish(tx, {
        type: 'order.updated',
        restaurantId: principal.restaurantId,
        orderId,
        data: { order: updated },
      });
      return { status: 201, body: { payment: toPayment(payment), order: updated } };
    },
  );
}
