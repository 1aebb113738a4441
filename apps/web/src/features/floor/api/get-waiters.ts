import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { staffQueryKey } from '../../../lib/setup-query-keys';

/** The restaurant's active staff by name: whom a table can be handed to. */
export async function getActiveStaff(restaurantId: string, signal?: AbortSignal) {
  const page = await callEndpoint(staffRoutes.listStaff, {
    params: { id: restaurantId },
    query: { page: 1, pageSize: 100, active: 'true' },
    signal,
  });
  return page.items
    .map((member) => ({ id: member.id, name: member.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The staff list needs staff.manage: a manager picks from everyone, a waiter from the colleagues
 * the floor already shows serving (and themself).
 */
export function useActiveStaff() {
  const { restaurant } = useCurrentSession();
  const canList = useCan('staff.manage');
  return useQuery({
    ...queryOptions({
      queryKey: [...staffQueryKey(restaurant.id), 'floor-waiters'] as const,
      queryFn: ({ signal }) => getActiveStaff(restaurant.id, signal),
    }),
    enabled: canList,
  });
}
