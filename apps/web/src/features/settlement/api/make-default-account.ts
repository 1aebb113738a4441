import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementAccountsRoutes } from '@tavolo/contract/client/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { invalidateSettlementAccounts } from './invalidate-accounts';

/** Payouts go to this account by default from now on; the previous default stops being it. */
export async function makeDefaultAccount(id: string) {
  return callEndpoint(settlementAccountsRoutes.updateSettlementAccount, {
    params: { id },
    body: { isDefault: true },
  });
}

export function useMakeDefaultAccount() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: makeDefaultAccount,
    onSuccess: () => invalidateSettlementAccounts(queryClient, restaurant.id),
  });
}
