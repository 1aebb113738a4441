import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@tavolo/contract/client/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { dashboardQueryKey } from './dashboard-query-keys';

export const overviewQueryKey = (restaurantId: string) =>
  [...dashboardQueryKey(restaurantId), 'overview'] as const;

/** Today's figures against the same weekday last week. */
export async function getOverview(signal?: AbortSignal) {
  return callEndpoint(dashboardRoutes.dashboardOverview, { signal });
}

export function overviewQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: overviewQueryKey(restaurantId),
    queryFn: ({ signal }) => getOverview(signal),
  });
}

/** `poll`: refresh every minute, for those without the live order connection. */
export function useOverview({ poll }: { poll: boolean }) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...overviewQueryOptions(restaurant.id), refetchInterval: poll ? 60_000 : false });
}
