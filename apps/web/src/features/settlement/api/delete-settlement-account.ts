import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementAccountsRoutes } from '@tavolo/contract/client/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { invalidateSettlementAccounts } from './invalidate-accounts';

/** An account that received payouts is archived, not deleted: the ledger still names it. */
export async function deleteSettlementAccount(id: string): Promise<void> {
  await callEndpoint(settlementAccountsRoutes.deleteSettlementAccount, { params: { id } });
}

export function useDeleteSettlementAccount() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteSettlementAccount,
    onSuccess: () => invalidateSettlementAccounts(queryClient, restaurant.id),
  });
}
