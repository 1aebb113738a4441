import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type TForgotPasswordRequest } from '@tavolo/contract/auth';
import { callEndpoint } from '../../../lib/api-client';

/** Always accepted, whether or not the e-mail has an account: the answer reveals nothing. */
export async function requestPasswordReset(body: TForgotPasswordRequest) {
  return callEndpoint(authEndpoints.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
