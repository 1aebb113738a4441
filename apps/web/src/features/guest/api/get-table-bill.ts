import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from '../../../lib/api-client';

export const tableBillQueryKey = (qrToken: string) => ['guest', 'bill', qrToken] as const;

/** The bill of the table's current visit, as every phone at the table sees it. */
export async function getTableBill(qrToken: string, signal?: AbortSignal) {
  return callEndpoint(tableServiceRoutes.getTableBill, { query: { qrToken }, signal });
}

export function tableBillQueryOptions(qrToken: string) {
  return queryOptions({
    queryKey: tableBillQueryKey(qrToken),
    queryFn: ({ signal }) => getTableBill(qrToken, signal),
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

/**
 * The table's stream reloads it on every `bill.updated`; it is polled slowly as well while the
 * stream is down, and even while it looks live (a phone that changed networks may hold a dead one).
 */
export function useTableBill(qrToken: string, { live }: { live: boolean } = { live: true }) {
  return useQuery({ ...tableBillQueryOptions(qrToken), refetchInterval: live ? 60_000 : 15_000 });
}
