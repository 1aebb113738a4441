import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tableBillQueryKey } from '../../../lib/table-bills';

/** The bill of a table's current visit: its lines, payments and tips. */
export function getTableBill(tableId: string, signal?: AbortSignal) {
  return callEndpoint(tableServiceRoutes.getStaffTableBill, { params: { id: tableId }, signal });
}

export function tableBillQueryOptions(restaurantId: string, tableId: string) {
  return queryOptions({
    queryKey: tableBillQueryKey(restaurantId, tableId),
    queryFn: ({ signal }) => getTableBill(tableId, signal),
  });
}

/** Kept fresh by the board's stream: every bill.updated reloads the bills that are shown. */
export function useTableBill(tableId: string | null) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...tableBillQueryOptions(restaurant.id, tableId ?? ''), enabled: tableId !== null });
}
