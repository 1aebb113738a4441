import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import type { TRefundRequest } from '@tavolo/contract/payments';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';
import { ordersQueryKey, paymentsQueryKey } from './money-query-keys';

// Here rather than in a feature: the Payments screen and an order's details both refund.

export interface RefundPaymentInput {
  paymentId: string;
  body: TRefundRequest;
  /** The same key for a retry of the same refund: the server then never gives the money back twice. */
  idempotencyKey: string;
}

export async function refundPayment({ paymentId, body, idempotencyKey }: RefundPaymentInput) {
  return callEndpoint(paymentsRoutes.refundPayment, {
    params: { id: paymentId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * A refund changes the payments list, the stats, the order's payments and the order itself (what
 * was paid, its payment status): all of them reload, after a refusal too (409: someone refunded
 * meanwhile, so what the dialog showed was out of date).
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(restaurant.id) }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey(restaurant.id) }),
      ]),
  });
}
