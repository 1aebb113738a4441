import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';

export async function resetPassword(body: TResetPasswordRequest) {
  return callEndpoint(authRoutes.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
