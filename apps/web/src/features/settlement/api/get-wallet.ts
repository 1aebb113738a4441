import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tavolo/contract/client/wallet';
import type { TWalletQuery } from '@tavolo/contract/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

/** The balance and every page of transactions: a payout invalidates all of it. */
export const walletQueryKey = (restaurantId: string) => ['wallet', restaurantId] as const;

/** The wallet's balance and one page of its transactions, newest first. */
export async function getWallet(restaurantId: string, query: TWalletQuery, signal?: AbortSignal) {
  return callEndpoint(walletRoutes.listWalletTransactions, {
    params: { restaurantId },
    query,
    signal,
  });
}

export function walletQueryOptions(restaurantId: string, query: TWalletQuery) {
  return queryOptions({
    queryKey: [...walletQueryKey(restaurantId), query] as const,
    queryFn: ({ signal }) => getWallet(restaurantId, query, signal),
    // The old page stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useWallet(query: TWalletQuery) {
  const { restaurant } = useCurrentSession();
  return useQuery(walletQueryOptions(restaurant.id, query));
}
