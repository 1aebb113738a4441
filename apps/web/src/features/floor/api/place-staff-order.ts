import { useMutation } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TCreateOrderRequest } from '@tavolo/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint, HttpError, RequestError } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

export interface PlaceStaffOrderInput {
  body: TCreateOrderRequest;
  /** The draft's key: every attempt at the same draft carries it, so the server creates one order. */
  idempotencyKey: string;
}

/** An order a waiter takes for a table; the server prices it and names who took it. */
export function placeStaffOrder({ body, idempotencyKey }: PlaceStaffOrderInput) {
  return callEndpoint(ordersRoutes.placeOrder, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
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

export function usePlaceStaffOrder() {
  const cache = useFloorCache();
  return useMutation({
    mutationFn: placeStaffOrder,
    // The variables, and so the key, are the same for every attempt.
    retry: (failures, error) => failures < RETRY_DELAYS_MS.length && isRetryableSend(error),
    retryDelay: (failures) => RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 0,
    networkMode: 'always',
    onSuccess: (order) => {
      const { guestToken: _none, ...placed } = order;
      cache.putOrder(placed);
    },
  });
}
