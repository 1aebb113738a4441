import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import type { TSandboxCompleteRequest } from '@tavolo/contract/payments';
import { callEndpoint } from '../../../lib/api-client';
import { sandboxCheckoutQueryKey } from './get-sandbox-checkout';

/** Plays the payer's choice; the server delivers the provider's signed webhook to itself. */
export async function completeSandboxCheckout({
  paymentId,
  outcome,
}: {
  paymentId: string;
  outcome: TSandboxCompleteRequest['outcome'];
}) {
  return callEndpoint(paymentsRoutes.sandboxComplete, { params: { paymentId }, body: { outcome } });
}

export function useCompleteSandboxCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxCheckout,
    networkMode: 'always',
    onSuccess: (checkout) => queryClient.setQueryData(sandboxCheckoutQueryKey(checkout.paymentId), checkout),
  });
}
