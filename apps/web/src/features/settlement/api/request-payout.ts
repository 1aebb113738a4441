import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletRoutes } from '@tavolo/contract/client/wallet';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import type { TPayoutRequest } from '@tavolo/contract/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { walletQueryKey } from './get-wallet';

export interface PayoutInput {
  body: TPayoutRequest;
  /** The same key for every attempt at the same payout: the server then pays out once at most. */
  idempotencyKey: string;
}

/** Debits the wallet; 409 INSUFFICIENT_FUNDS when it holds less than the amount. */
export async function requestPayout({ body, idempotencyKey }: PayoutInput) {
  return callEndpoint(walletRoutes.requestPayout, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: requestPayout,
    // Also after a refusal: the balance shown may be out of date (another payout went out).
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey(restaurant.id) }),
  });
}
