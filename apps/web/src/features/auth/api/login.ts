import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';
import { COOKIE_TRANSPORT_HEADERS } from '../../../lib/session';
import { startSession } from './me';

export type LoginInput = TLoginRequest & { staff: boolean };

export async function login({ staff, ...credentials }: LoginInput) {
  return callEndpoint(authRoutes.logIn, {
    query: staff ? { staff: 'true' } : undefined,
    body: credentials,
    headers: COOKIE_TRANSPORT_HEADERS,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => startSession(queryClient, await login(input)),
  });
}
