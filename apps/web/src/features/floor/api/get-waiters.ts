import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { staffQueryKey } from '../../../lib/setup-query-keys';

/** The restaurant's active staff by name: whom a table can be handed to. */
export async function getActiveStaff(signal?: AbortSignal) {
  const { items } = await callEndpoint(floorRoutes.listWaiters, { signal });
  return items;
}

/** Whoever takes orders (or manages staff) may hand a table to any active colleague. */
export function useActiveStaff() {
  const { restaurant } = useCurrentSession();
  const canList = useCan(['orders.create', 'staff.manage']);
  return useQuery({
    ...queryOptions({
      queryKey: [...staffQueryKey(restaurant.id), 'floor-waiters'] as const,
      queryFn: ({ signal }) => getActiveStaff(signal),
    }),
    enabled: canList,
  });
}
