import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder, TRecordPaymentRequest } from '@tavolo/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint, isHttpError } from '../../../lib/api-client';
import { currentOrdersQueryKey } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';
import { upsertBoardOrder } from '../model/board-orders';
import { orderQueryKey } from './get-order';
import { orderListsQueryKey } from './get-orders';

export interface RecordPaymentInput {
  orderId: string;
  body: TRecordPaymentRequest;
  /** The same key for a retry of the same payment: the server then never records it twice. */
  idempotencyKey: string;
}

export async function recordPayment({ orderId, body, idempotencyKey }: RecordPaymentInput) {
  return callEndpoint(ordersRoutes.recordPayment, {
    params: { id: orderId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: ({ order }) => {
      queryClient.setQueryData<TOrder[]>(
        currentOrdersQueryKey(restaurant.id),
        (orders) => orders && upsertBoardOrder(orders, order),
      );
      queryClient.setQueryData(orderQueryKey(restaurant.id, order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderListsQueryKey(restaurant.id) });
    },
    onError: (error, { orderId }) => {
      // Refused (more than is due, the order moved on): what the form shows is out of date.
      if (isHttpError(error, 409) || isHttpError(error, 422)) {
        void queryClient.invalidateQueries({ queryKey: currentOrdersQueryKey(restaurant.id) });
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(restaurant.id, orderId) });
      }
    },
  });
}
