import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import type { TStaffListQuery } from '@tavolo/contract/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { staffQueryKey } from '../../../lib/setup-query-keys';

// The root key lives in lib/: the Overview's checklist reads under it too.
export { staffQueryKey };

/** One page of the restaurant's staff, newest first; `q` searches names and e-mails. */
export async function getStaff(restaurantId: string, query: TStaffListQuery, signal?: AbortSignal) {
  return callEndpoint(staffRoutes.listStaff, { params: { id: restaurantId }, query, signal });
}

export function staffQueryOptions(restaurantId: string, query: TStaffListQuery) {
  return queryOptions({
    queryKey: [...staffQueryKey(restaurantId), 'list', query] as const,
    queryFn: ({ signal }) => getStaff(restaurantId, query, signal),
    // The old page stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(query: TStaffListQuery) {
  const { restaurant } = useCurrentSession();
  return useQuery(staffQueryOptions(restaurant.id, query));
}
