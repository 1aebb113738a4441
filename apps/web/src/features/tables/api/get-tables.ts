import { queryOptions, useQuery } from '@tanstack/react-query';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

/** Every write to a table invalidates this key (the list, and the print sheet built from it). */
export const tablesQueryKey = (restaurantId: string) => ['tables', restaurantId] as const;

/** The restaurant's tables, by number. */
export async function getTables(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(tablesEndpoints.listTables, { params: { restaurantId }, signal });
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
