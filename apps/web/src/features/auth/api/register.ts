import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TRegisterRequest, ZSessionResponse } from '@tavolo/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { COOKIE_TRANSPORT_HEADERS } from './login';
import { startSession } from './me';

/** Creates the owner and their first restaurant, and signs them in. */
export async function register(body: TRegisterRequest) {
  return apiRequest('/auth/register', {
    method: 'POST',
    body,
    headers: COOKIE_TRANSPORT_HEADERS,
    schema: ZSessionResponse,
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TRegisterRequest) => startSession(queryClient, await register(input)),
  });
}
