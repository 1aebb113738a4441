import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TOrder, TOrderStatus } from '@tavolo/contract/orders';
import { callEndpoint, isHttpError } from '../../../lib/api-client';
import { currentOrdersQueryKey } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';
import type { TapResult } from '../../../lib/queued-mutation';
import { useSendStaffTap } from '../../../lib/staff-taps';
import { revertOrder, upsertBoardOrder, withStatus } from '../model/board-orders';
import { orderQueryKey } from './get-order';
import { orderListsQueryKey } from './get-orders';

export const updateOrderStatusMutationKey = ['orders', 'update-status'] as const;

export interface UpdateOrderStatusInput {
  /** The order as the board showed it when the move was asked for. */
  order: TOrder;
  status: TOrderStatus;
  reason?: string;
}

export async function updateOrderStatus({ order, status, reason }: UpdateOrderStatusInput) {
  return callEndpoint(ordersRoutes.updateOrderStatus, {
    params: { id: order.id },
    body: reason ? { status, reason } : { status },
  });
}

/** The orders with a move on its way to the server: their cards wait for it. */
export function useOrdersBeingMoved(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: updateOrderStatusMutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as UpdateOrderStatusInput | undefined)?.order.id,
  });
  return new Set(ids.filter((id): id is string => id !== undefined));
}

/** Someone else moved (or finished) the order first: the board is behind. */
export function isStaleMoveError(error: unknown): boolean {
  return isHttpError(error, 409) && error.code === 'INVALID_TRANSITION';
}

/**
 * Moves the card at once (a kitchen taps and looks away), puts it back if the server refuses and
 * then reloads the board, which is behind if someone else moved the order first. The board's
 * one-tap moves (`queueOffline`) outlive a Wi-Fi drop: they wait in the queue, in order, and the
 * board draws them over its list until they are sent (PRODUCT.md §13); a cancellation or the
 * completion after a payment is asked for online only.
 */
export function useUpdateOrderStatus({ queueOffline = false }: { queueOffline?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const boardKey = currentOrdersQueryKey(restaurant.id);
  const send = useSendStaffTap();

  return useMutation({
    mutationKey: updateOrderStatusMutationKey,
    mutationFn: async (input: UpdateOrderStatusInput): Promise<TapResult<TOrder>> => {
      if (!queueOffline) return { queued: false, answer: await updateOrderStatus(input) };
      const { order, status, reason } = input;
      return send(
        ordersRoutes.updateOrderStatus,
        { params: { id: order.id }, body: reason ? { status, reason } : { status } },
        {
          kind: 'order.status',
          orderId: order.id,
          orderNumber: order.number,
          tableNumber: order.tableNumber,
          status,
        },
      );
    },
    networkMode: queueOffline ? 'always' : 'online',
    onMutate: async ({ order, status }) => {
      await queryClient.cancelQueries({ queryKey: boardKey, exact: true });
      const previous = queryClient.getQueryData<TOrder[]>(boardKey)?.find((known) => known.id === order.id);
      queryClient.setQueryData<TOrder[]>(
        boardKey,
        (orders) => orders && withStatus(orders, order.id, status),
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      const previous = context?.previous;
      // Someone else moved it first: the old copy is not the truth either; the reload brings it.
      if (previous && !isStaleMoveError(error)) {
        queryClient.setQueryData<TOrder[]>(boardKey, (orders) => orders && revertOrder(orders, previous));
      }
      return queryClient.invalidateQueries({ queryKey: boardKey });
    },
    onSuccess: (result) => {
      // Queued: the card stays where the tap put it; the board draws the move until it is sent.
      if (result.queued) return;
      const order = result.answer;
      queryClient.setQueryData<TOrder[]>(boardKey, (orders) => orders && upsertBoardOrder(orders, order));
      queryClient.setQueryData(orderQueryKey(restaurant.id, order.id), order);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListsQueryKey(restaurant.id) }),
  });
}
