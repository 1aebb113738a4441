import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';

/** Answers 409 while a staff member still holds the role. */
export async function deleteRole(id: string): Promise<void> {
  await callEndpoint(rolesRoutes.deleteRole, { params: { id } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
  });
}
