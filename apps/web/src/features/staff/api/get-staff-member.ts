import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { staffQueryKey } from './get-staff';

export async function getStaffMember(id: string, signal?: AbortSignal) {
  return callEndpoint(staffRoutes.getStaffMember, { params: { id }, signal });
}

export function staffMemberQueryOptions(restaurantId: string, id: string) {
  return queryOptions({
    queryKey: [...staffQueryKey(restaurantId), 'member', id] as const,
    queryFn: ({ signal }) => getStaffMember(id, signal),
  });
}

/** One staff member, or nothing to load when `id` is undefined (the "new" screen). */
export function useStaffMember(id: string | undefined) {
  const { restaurant } = useCurrentSession();
  return useQuery({ ...staffMemberQueryOptions(restaurant.id, id ?? ''), enabled: id !== undefined });
}
