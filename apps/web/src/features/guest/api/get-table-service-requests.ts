import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRequestsRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from '../../../lib/api-client';

export const tableServiceRequestsQueryKey = (qrToken: string) =>
  ['guest', 'service-requests', qrToken] as const;

/** The table's calls to staff of the last hour; the table's stream brings their acknowledgements. */
export async function getTableServiceRequests(qrToken: string, signal?: AbortSignal) {
  return callEndpoint(serviceRequestsRoutes.listTableServiceRequests, { query: { qrToken }, signal });
}

export function tableServiceRequestsQueryOptions(qrToken: string) {
  return queryOptions({
    queryKey: tableServiceRequestsQueryKey(qrToken),
    queryFn: ({ signal }) => getTableServiceRequests(qrToken, signal),
    // Not worth an error on screen: the call button works without it.
    retry: 1,
  });
}

export function useTableServiceRequests(qrToken: string) {
  return useQuery(tableServiceRequestsQueryOptions(qrToken));
}
