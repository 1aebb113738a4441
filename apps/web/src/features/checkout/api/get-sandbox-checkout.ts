import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import { callEndpoint } from '../../../lib/api-client';

export const sandboxCheckoutQueryKey = (paymentId: string) => ['checkout', 'sandbox', paymentId] as const;

/** What the sandbox checkout shows: who is paid, for which order, how much, and the payment's state. */
export async function getSandboxCheckout(paymentId: string, signal?: AbortSignal) {
  return callEndpoint(paymentsRoutes.sandboxCheckout, { params: { paymentId }, signal });
}

export function sandboxCheckoutQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: sandboxCheckoutQueryKey(paymentId),
    queryFn: ({ signal }) => getSandboxCheckout(paymentId, signal),
  });
}

export function useSandboxCheckout(paymentId: string) {
  return useQuery(sandboxCheckoutQueryOptions(paymentId));
}
