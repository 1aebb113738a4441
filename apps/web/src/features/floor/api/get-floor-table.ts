import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { floorTableQueryKey } from '../../../lib/floor';

/** One table's floor entry and its visit's orders (cancelled ones too), by number. */
export function getFloorTable(tableId: string, signal?: AbortSignal) {
  return callEndpoint(floorRoutes.getFloorTable, { params: { id: tableId }, signal });
}

export function floorTableQueryOptions(restaurantId: string, tableId: string) {
  return queryOptions({
    queryKey: floorTableQueryKey(restaurantId, tableId),
    queryFn: ({ signal }) => getFloorTable(tableId, signal),
  });
}

/** Read again whenever the stream says the table or one of its orders changed. */
export function useFloorTable(tableId: string) {
  const { restaurant } = useCurrentSession();
  return useQuery(floorTableQueryOptions(restaurant.id, tableId));
}
