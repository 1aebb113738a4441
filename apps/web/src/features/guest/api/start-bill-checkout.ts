import { useMutation } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import type { TBillCheckoutRequest } from '@tavolo/contract/table-service';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';

export interface StartBillCheckoutInput {
  body: TBillCheckoutRequest;
  /** The same key for every tap at the same choice: the server then starts one payment at most. */
  idempotencyKey: string;
}

/** Starts paying the bill (all of it, a share, or items) with a tip; answers where to send the browser. */
export async function startBillCheckout({ body, idempotencyKey }: StartBillCheckoutInput) {
  return callEndpoint(tableServiceRoutes.startBillCheckout, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useStartBillCheckout() {
  return useMutation({
    mutationFn: startBillCheckout,
    // Offline as well: the attempt fails and says so, rather than waiting unseen for the network.
    networkMode: 'always',
  });
}
