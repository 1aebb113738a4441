import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';

/** Changes one's own password; the server ends every other session of the account. */
export async function changePassword(body: TChangePasswordRequest) {
  return callEndpoint(authRoutes.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
