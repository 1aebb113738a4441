import { queryOptions, useQuery } from '@tanstack/react-query';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from '../../../lib/setup-query-keys';

// The root key lives in lib/: the Overview's checklist reads under it too.
export { tablesQueryKey };

/** The restaurant's tables, by number. */
export async function getTables(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(tablesRoutes.listTables, { params: { restaurantId }, signal });
  return items;
}

export function tablesQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: tablesQueryKey(restaurantId),
    queryFn: ({ signal }) => getTables(restaurantId, signal),
  });
}

export function useTables() {
  const { restaurant } = useCurrentSession();
  return useQuery(tablesQueryOptions(restaurant.id));
}
