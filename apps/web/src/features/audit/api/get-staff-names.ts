import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { staffQueryKey } from '../../../lib/setup-query-keys';

/** As many members as one page holds: enough for a restaurant's team. */
const ALL_STAFF = { page: 1, pageSize: 100 } as const;

/** The restaurant's staff, for the person filter. */
export async function getStaffNames(restaurantId: string, signal?: AbortSignal) {
  const page = await callEndpoint(staffRoutes.listStaff, {
    params: { id: restaurantId },
    query: ALL_STAFF,
    signal,
  });
  return page.items.map((member) => ({ id: member.id, name: member.name }));
}

export function staffNamesQueryOptions(restaurantId: string) {
  return queryOptions({
    // Under the staff's root key: a member added or renamed refreshes it.
    queryKey: [...staffQueryKey(restaurantId), 'names'] as const,
    queryFn: ({ signal }) => getStaffNames(restaurantId, signal),
  });
}

/** The staff's names for those who may read the staff; nothing asked for anyone else. */
export function useStaffNames() {
  const { restaurant } = useCurrentSession();
  const canRead = useCan('staff.manage');
  return useQuery({ ...staffNamesQueryOptions(restaurant.id), enabled: canRead });
}
