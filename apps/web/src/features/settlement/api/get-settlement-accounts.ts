import { queryOptions, useQuery } from '@tanstack/react-query';
import { settlementAccountsRoutes } from '@tavolo/contract/client/wallet';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

export const settlementAccountsQueryKey = (restaurantId: string) =>
  ['settlement-accounts', restaurantId] as const;

/** The restaurant's settlement accounts, numbers masked, the default first. */
export async function getSettlementAccounts(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(settlementAccountsRoutes.listSettlementAccounts, {
    params: { id: restaurantId },
    signal,
  });
  return items;
}

export function settlementAccountsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: settlementAccountsQueryKey(restaurantId),
    queryFn: ({ signal }) => getSettlementAccounts(restaurantId, signal),
  });
}

export function useSettlementAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...settlementAccountsQueryOptions(restaurant.id), enabled });
}
