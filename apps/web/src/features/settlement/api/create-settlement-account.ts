import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementAccountsRoutes } from '@tavolo/contract/client/wallet';
import type { TCreateSettlementAccountRequest } from '@tavolo/contract/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { invalidateSettlementAccounts } from './invalidate-accounts';

/** The first account becomes the default whatever `isDefault` says. */
export async function createSettlementAccount(body: TCreateSettlementAccountRequest) {
  return callEndpoint(settlementAccountsRoutes.createSettlementAccount, { body });
}

export function useCreateSettlementAccount() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createSettlementAccount,
    onSuccess: () => invalidateSettlementAccounts(queryClient, restaurant.id),
  });
}
