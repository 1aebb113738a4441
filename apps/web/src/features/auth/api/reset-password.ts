import { useMutation } from '@tanstack/react-query';
import { type TResetPasswordRequest, ZOkResponse } from '@tavolo/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export async function resetPassword(body: TResetPasswordRequest) {
  return apiRequest('/auth/reset-password', { method: 'POST', body, schema: ZOkResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
