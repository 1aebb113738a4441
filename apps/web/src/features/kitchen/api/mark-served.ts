import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import { callEndpoint } from '../../../lib/api-client';
import { putCurrentOrder } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';

/** The order went out: ready → served, through the board's own status move. */
export function markServed({ orderId }: { orderId: string }) {
  return callEndpoint(ordersRoutes.updateOrderStatus, {
    params: { id: orderId },
    body: { status: 'served' },
  });
}

export function useMarkServed() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: markServed,
    onSuccess: (order) => putCurrentOrder(queryClient, restaurant.id, order),
  });
}
