import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '@tavolo/contract/client/audit';
import type { QueryOf } from '@tavolo/contract/endpoint';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

export type ActivityQuery = QueryOf<typeof auditRoutes.listAudit>;

/** Everything the activity screen reads lives under this key. */
export const auditQueryKey = (restaurantId: string) => ['audit', restaurantId] as const;

/** One page of the restaurant's audit log, newest first. */
export async function getActivity(query: ActivityQuery, signal?: AbortSignal) {
  return callEndpoint(auditRoutes.listAudit, { query, signal });
}

export function activityQueryOptions(restaurantId: string, query: ActivityQuery) {
  return queryOptions({
    queryKey: [...auditQueryKey(restaurantId), 'list', query] as const,
    queryFn: ({ signal }) => getActivity(query, signal),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useActivity(query: ActivityQuery) {
  const { restaurant } = useCurrentSession();
  return useQuery(activityQueryOptions(restaurant.id, query));
}
