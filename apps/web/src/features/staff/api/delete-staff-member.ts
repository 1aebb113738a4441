import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';
import { staffQueryKey } from './get-staff';

/** Their sessions end at once. */
export async function deleteStaffMember(id: string): Promise<void> {
  await callEndpoint(staffRoutes.deleteStaffMember, { params: { id } });
}

export function useDeleteStaffMember() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteStaffMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey(restaurant.id) }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
      ]),
  });
}
