import { useQuery } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tableBillQueryKey } from '../../../lib/table-bills';

/** The bill of a table's current visit, as the settle sheet needs it (its lines by seat). */
export function getTableBill(tableId: string, signal?: AbortSignal) {
  return callEndpoint(tableServiceRoutes.getStaffTableBill, { params: { id: tableId }, signal });
}

export function useTableBill(tableId: string, enabled: boolean) {
  const { restaurant } = useCurrentSession();
  return useQuery({
    queryKey: tableBillQueryKey(restaurant.id, tableId),
    queryFn: ({ signal }) => getTableBill(tableId, signal),
    enabled,
  });
}
