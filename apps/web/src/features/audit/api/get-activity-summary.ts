import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '@tavolo/contract/client/audit';
import type { QueryOf } from '@tavolo/contract/endpoint';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { auditQueryKey } from './get-activity';

export type ActivitySummaryQuery = QueryOf<typeof auditRoutes.auditSummary>;

/** Voids and discounts of a period, by staff member and by reason. */
export async function getActivitySummary(query: ActivitySummaryQuery, signal?: AbortSignal) {
  return callEndpoint(auditRoutes.auditSummary, { query, signal });
}

export function activitySummaryQueryOptions(restaurantId: string, query: ActivitySummaryQuery) {
  return queryOptions({
    queryKey: [...auditQueryKey(restaurantId), 'summary', query] as const,
    queryFn: ({ signal }) => getActivitySummary(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivitySummary(query: ActivitySummaryQuery) {
  const { restaurant } = useCurrentSession();
  return useQuery(activitySummaryQueryOptions(restaurant.id, query));
}
