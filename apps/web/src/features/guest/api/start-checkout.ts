import { useMutation } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import { GUEST_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';

export interface StartCheckoutInput {
  orderId: string;
  guestToken: string;
  /** The same key for every tap at the same amount due: the server then starts one payment at most. */
  idempotencyKey: string;
}

/** Starts paying what is due on the guest's order online; answers where to send the browser. */
export async function startCheckout({ orderId, guestToken, idempotencyKey }: StartCheckoutInput) {
  return callEndpoint(paymentsRoutes.startCheckout, {
    params: { id: orderId },
    headers: { [GUEST_TOKEN_HEADER]: guestToken, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    // Offline as well: the attempt fails and says so, rather than waiting unseen for the network.
    networkMode: 'always',
  });
}
