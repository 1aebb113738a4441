import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/current-session';
import { settlementAccountsQueryKey } from './get-settlement-accounts';

/**
 * After any change to the accounts: the list, and /auth/me, whose company information names the
 * default account (payoutAccount).
 */
export function invalidateSettlementAccounts(queryClient: QueryClient, restaurantId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: settlementAccountsQueryKey(restaurantId) }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}
