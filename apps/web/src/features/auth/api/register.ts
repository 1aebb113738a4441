import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRegisterRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';
import { COOKIE_TRANSPORT_HEADERS } from '../../../lib/session';
import { startSession } from './me';

/** Creates the owner and their first restaurant, and signs them in. */
export async function register(body: TRegisterRequest) {
  return callEndpoint(authRoutes.register, { body, headers: COOKIE_TRANSPORT_HEADERS });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TRegisterRequest) => startSession(queryClient, await register(input)),
  });
}
