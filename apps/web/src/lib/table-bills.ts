import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';

// Here rather than in a feature: the live board counts the open bills on its Bills button and its
// stream refreshes them, while the table-service feature lists and settles them.

/** Every bill query of a restaurant starts with this key: the list and each table's bill. */
export const tableBillsQueryKey = (restaurantId: string) => ['table-bills', restaurantId] as const;

export const tableBillListQueryKey = (restaurantId: string) =>
  [...tableBillsQueryKey(restaurantId), 'list'] as const;

export const tableBillQueryKey = (restaurantId: string, tableId: string) =>
  [...tableBillsQueryKey(restaurantId), 'table', tableId] as const;

export function getTableBills(restaurantId: string, signal?: AbortSignal) {
  return callEndpoint(tableServiceRoutes.listTableBills, { params: { restaurantId }, signal });
}

export function tableBillsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: tableBillListQueryKey(restaurantId),
    queryFn: ({ signal }) => getTableBills(restaurantId, signal),
  });
}

/** The tables with an open bill, and what each still owes. */
export function useTableBills() {
  const { restaurant } = useCurrentSession();
  return useQuery(tableBillsQueryOptions(restaurant.id));
}
