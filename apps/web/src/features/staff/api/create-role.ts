import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesRoutes } from '@tavolo/contract/client/staff';
import type { TCreateRoleRequest } from '@tavolo/contract/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { rolesQueryKey } from './get-roles';

/** 409 DUPLICATE when the name is taken; 403 when it grants a permission the caller does not hold. */
export async function createRole(body: TCreateRoleRequest) {
  return callEndpoint(rolesRoutes.createRole, { body });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey(restaurant.id) }),
  });
}
