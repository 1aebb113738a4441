import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import type { TCreateStaffRequest } from '@tavolo/contract/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';
import { staffQueryKey } from './get-staff';

/** 409 DUPLICATE (fields.email) when another staff member has that e-mail. */
export async function createStaffMember(body: TCreateStaffRequest) {
  return callEndpoint(staffRoutes.createStaffMember, { body });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createStaffMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey(restaurant.id) }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
      ]),
  });
}
