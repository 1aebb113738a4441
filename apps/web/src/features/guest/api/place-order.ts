import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  ordersEndpoints,
  type TCreatedOrder,
  type TCreateOrderRequest,
} from '@tavolo/contract/orders';
import { callEndpoint, HttpError, RequestError } from '../../../lib/api-client';
import { rememberOrder } from '../model/remembered-orders';
import { guestOrderQueryKey } from './get-guest-order';

export interface PlaceOrderInput {
  body: TCreateOrderRequest;
  /** The same key for every attempt at the same cart: the server then creates one order at most. */
  idempotencyKey: string;
}

/** A guest's order. Prices come from the server; the answer carries the guest's token. */
export async function placeOrder({ body, idempotencyKey }: PlaceOrderInput) {
  return callEndpoint(ordersEndpoints.placeOrder, {
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

const RETRY_DELAYS_MS = [1_000, 3_000];

/** Sends the order, retrying with the same Idempotency-Key while the failure may be passing. */
export async function placeOrderWithRetries(
  input: PlaceOrderInput,
  {
    send = placeOrder,
    delays = RETRY_DELAYS_MS,
    wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: {
    send?: (input: PlaceOrderInput) => Promise<TCreatedOrder>;
    delays?: readonly number[];
    wait?: (ms: number) => Promise<void>;
  } = {},
): Promise<TCreatedOrder> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(input);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryableOrderError(error)) throw error;
      await wait(delay);
    }
  }
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => placeOrderWithRetries(input),
    onSuccess: (order, { body }) => {
      // Here rather than in the screen: this runs even if the guest left the page meanwhile, and
      // the token is the only way back to the order.
      if (order.guestToken && body.qrToken) {
        rememberOrder(body.qrToken, {
          orderId: order.id,
          guestToken: order.guestToken,
          number: order.number,
          placedAt: order.createdAt,
        });
      }
      // The order page opens with the answer at once, without a second request.
      const { guestToken: _token, ...rest } = order;
      queryClient.setQueryData(guestOrderQueryKey(order.id), rest);
    },
  });
}
