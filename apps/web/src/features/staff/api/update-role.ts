import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesRoutes } from '@tavolo/contract/client/staff';
import type { TUpdateRoleRequest } from '@tavolo/contract/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';
import { staffQueryKey } from './get-staff';

/** Renames a role or changes its permissions; its staff's next request sees the change. */
export async function updateRole({ id, body }: { id: string; body: TUpdateRoleRequest }) {
  return callEndpoint(rolesRoutes.updateRole, { params: { id }, body });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      // The staff list shows role names.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
        queryClient.invalidateQueries({ queryKey: staffQueryKey(restaurant.id) }),
      ]);
    },
  });
}
