import { useMutation } from '@tanstack/react-query';
import { type TForgotPasswordRequest, ZAcceptedResponse } from '@tavolo/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** Always accepted, whether or not the e-mail has an account: the answer reveals nothing. */
export async function requestPasswordReset(body: TForgotPasswordRequest) {
  return apiRequest('/auth/forgot-password', { method: 'POST', body, schema: ZAcceptedResponse });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
