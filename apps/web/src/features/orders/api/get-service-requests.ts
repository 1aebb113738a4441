import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRequestsRoutes } from '@tavolo/contract/client/table-service';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { compareOldestFirst } from '../model/service-requests';

export const serviceRequestsQueryKey = (restaurantId: string) => ['service-requests', restaurantId] as const;

export const openServiceRequestsQueryKey = (restaurantId: string) =>
  [...serviceRequestsQueryKey(restaurantId), 'open'] as const;

/** The open requests of the session's restaurant, the one waiting longest first. */
export async function getOpenServiceRequests(signal?: AbortSignal) {
  const { items } = await callEndpoint(serviceRequestsRoutes.listServiceRequests, {
    query: { status: 'open' },
    signal,
  });
  return [...items].sort(compareOldestFirst);
}

export function openServiceRequestsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: openServiceRequestsQueryKey(restaurantId),
    queryFn: ({ signal }) => getOpenServiceRequests(signal),
  });
}

export function useOpenServiceRequests() {
  const { restaurant } = useCurrentSession();
  return useQuery(openServiceRequestsQueryOptions(restaurant.id));
}
