import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';

/** Always accepted, whether or not the e-mail has an account: the answer reveals nothing. */
export async function requestPasswordReset(body: TForgotPasswordRequest) {
  return callEndpoint(authRoutes.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
