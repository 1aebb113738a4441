import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type TResetPasswordRequest } from '@tavolo/contract/auth';
import { callEndpoint } from '../../../lib/api-client';

export async function resetPassword(body: TResetPasswordRequest) {
  return callEndpoint(authEndpoints.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
