import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersRoutes } from '@tavolo/contract/client/orders';
import type { TCreatedOrder, TCreateOrderRequest, TOrder } from '@tavolo/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint, HttpError, RequestError } from '../../../lib/api-client';
import { newerOrder } from '../../../lib/order-version';
import { rememberOrder } from '../model/remembered-orders';
import { guestOrderQueryKey } from './get-guest-order';

export interface PlaceOrderInput {
  body: TCreateOrderRequest;
  /** The same key for every attempt at the same cart: the server then creates one order at most. */
  idempotencyKey: string;
}

/** A guest's order. Prices come from the server; the answer carries the guest's token. */
export async function placeOrder({ body, idempotencyKey }: PlaceOrderInput) {
  return callEndpoint(ordersRoutes.placeOrder, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * Worth sending again with the same key: the request may never have arrived (network, timeout),
 * the first attempt is still running (409 CONFLICT), or the server failed and stored nothing (5xx).
 * A 4xx answer (sold out, bad code, rate limit) would only come back the same.
 */
export function isRetryableOrderError(error: unknown): boolean {
  if (error instanceof RequestError) return error.kind === 'FETCH_ERROR' || error.kind === 'TIMEOUT_ERROR';
  if (error instanceof HttpError)
    return error.status >= 500 || (error.status === 409 && error.code === 'CONFLICT');
  return false;
}

// Two more attempts, a little later each time; the same Idempotency-Key for all of them.
const RETRY_DELAYS_MS = [1_000, 3_000] as const;

/** Whether to send the order again after `failureCount` earlier failures (0 after the first). */
export function shouldRetryPlaceOrder(failureCount: number, error: unknown): boolean {
  return failureCount < RETRY_DELAYS_MS.length && isRetryableOrderError(error);
}

export function placeOrderRetryDelay(failureCount: number): number {
  return RETRY_DELAYS_MS[Math.min(failureCount, RETRY_DELAYS_MS.length - 1)] ?? 0;
}

/**
 * What a placed order leaves on the phone, however it went (at once, or later from the queue of
 * orders placed offline): the order remembered with its token, the only way back to it, and its
 * page ready to open without a second request.
 */
export function settlePlacedOrder(
  queryClient: QueryClient,
  qrToken: string | undefined,
  order: TCreatedOrder,
): void {
  if (order.guestToken && qrToken) {
    rememberOrder(qrToken, {
      orderId: order.id,
      guestToken: order.guestToken,
      number: order.number,
      placedAt: order.createdAt,
    });
  }
  const { guestToken: _token, ...rest } = order;
  queryClient.setQueryData<TOrder>(guestOrderQueryKey(order.id), (known) => newerOrder(known, rest));
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // The variables, and so the Idempotency-Key, are the same for every attempt.
    mutationFn: placeOrder,
    retry: shouldRetryPlaceOrder,
    retryDelay: placeOrderRetryDelay,
    // Offline as well: the attempt fails and says so, rather than waiting unseen for the network.
    networkMode: 'always',
    // Here rather than in the screen: this runs even if the guest left the page meanwhile.
    onSuccess: (order, { body }) => settlePlacedOrder(queryClient, body.qrToken, order),
  });
}
