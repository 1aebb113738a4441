import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import type { TUpdateStaffRequest } from '@tavolo/contract/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';
import { staffQueryKey } from './get-staff';

/** Changes the fields it carries; deactivating or a new password signs the member out at once. */
export async function updateStaffMember({ id, body }: { id: string; body: TUpdateStaffRequest }) {
  return callEndpoint(staffRoutes.updateStaffMember, { params: { id }, body });
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateStaffMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey(restaurant.id) }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
      ]),
  });
}
