import { useMutation } from '@tanstack/react-query';
import { orderChangesRoutes } from '@tavolo/contract/client/order-changes';
import type {
  TChangeLineRequest,
  TDiscountRequest,
  TMoveOrderRequest,
  TVoidLineRequest,
} from '@tavolo/contract/order-changes';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

/** A line the kitchen has not started: its quantity, options, note, seat or course. */
export function changeOrderLine(input: { orderId: string; lineIndex: number; body: TChangeLineRequest }) {
  return callEndpoint(orderChangesRoutes.changeOrderLine, {
    params: { id: input.orderId, lineIndex: input.lineIndex },
    body: input.body,
  });
}

/**
 * Voids units of a line. The key is the same for the attempt with a manager's PIN as for the one
 * without: a refused attempt stores nothing, and a retry after a lost answer is not voided twice.
 */
export function voidOrderLine(input: {
  orderId: string;
  lineIndex: number;
  body: TVoidLineRequest;
  idempotencyKey: string;
}) {
  return callEndpoint(orderChangesRoutes.voidOrderLine, {
    params: { id: input.orderId, lineIndex: input.lineIndex },
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

/** A discount or a comp on a line or the whole order, with the same key rule as a void. */
export function discountOrder(input: { orderId: string; body: TDiscountRequest; idempotencyKey: string }) {
  return callEndpoint(orderChangesRoutes.discountOrder, {
    params: { id: input.orderId },
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

/** Moves an order with nothing paid to another table's bill. */
export function moveOrder(input: { orderId: string; body: TMoveOrderRequest }) {
  return callEndpoint(orderChangesRoutes.moveOrder, { params: { id: input.orderId }, body: input.body });
}

export function useChangeOrderLine() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: changeOrderLine, onSuccess: (order) => cache.putOrder(order) });
}

export function useVoidOrderLine() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: voidOrderLine, onSuccess: (order) => cache.putOrder(order) });
}

export function useDiscountOrder() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: discountOrder, onSuccess: (order) => cache.putOrder(order) });
}

/** The table it left is read again too: the order is no longer on its bill. */
export function useMoveOrder(fromTableId: string) {
  const cache = useFloorCache();
  return useMutation({
    mutationFn: moveOrder,
    onSuccess: (order) => {
      cache.putOrder(order);
      cache.refreshTable(fromTableId);
    },
  });
}
