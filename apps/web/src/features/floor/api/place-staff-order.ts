import { useMutation } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TCreateOrderRequest } from '@tavolo/contract/orders';
import { HttpError, RequestError } from '../../../lib/api-client';
import { type TapDish, useSendStaffTap } from '../../../lib/staff-taps';
import { useFloorCache } from './floor-cache';

export interface PlaceStaffOrderInput {
  body: TCreateOrderRequest;
  /** The draft's key: every attempt at the same draft carries it, so the server creates one order. */
  idempotencyKey: string;
  /** What an order kept through a Wi-Fi drop shows while it waits, and names if refused. */
  tableNumber: number;
  dishes: TapDish[];
}

/**
 * Worth sending again with the same key: the request may not have arrived (network, timeout), the
 * first attempt is still running (409 CONFLICT), or the server stored nothing (5xx).
 */
export function isRetryableSend(error: unknown): boolean {
  if (error instanceof RequestError) return error.kind === 'FETCH_ERROR' || error.kind === 'TIMEOUT_ERROR';
  if (error instanceof HttpError)
    return error.status >= 500 || (error.status === 409 && error.code === 'CONFLICT');
  return false;
}

const RETRY_DELAYS_MS = [1_000, 3_000] as const;

/**
 * Sends the order a waiter takes for a table (the server prices it and names who took it), or
 * keeps it in the queue with the draft's key when the network is away (PRODUCT.md §13): it is sent
 * once the way is open, and the table's screen shows it waiting meanwhile.
 */
export function usePlaceStaffOrder() {
  const cache = useFloorCache();
  const send = useSendStaffTap();
  return useMutation({
    mutationFn: ({ body, idempotencyKey, tableNumber, dishes }: PlaceStaffOrderInput) =>
      send(
        ordersRoutes.placeOrder,
        { body },
        { kind: 'order.place', tableId: body.tableId ?? '', tableNumber, dishes },
        { idempotencyKey },
      ),
    // The variables, and so the key, are the same for every attempt.
    retry: (failures, error) => failures < RETRY_DELAYS_MS.length && isRetryableSend(error),
    retryDelay: (failures) => RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 0,
    networkMode: 'always',
    onSuccess: (result) => {
      if (result.queued) return;
      const { guestToken: _none, ...placed } = result.answer;
      cache.putOrder(placed);
    },
  });
}
