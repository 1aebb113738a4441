import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TLoginRequest, ZSessionResponse } from '@tavolo/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from './me';

/** Asks the server to keep the token in its HttpOnly cookie only: page scripts never see it. */
export const COOKIE_TRANSPORT_HEADERS = { 'X-Session-Transport': 'cookie' } as const;

export type LoginInput = TLoginRequest & { staff: boolean };

export async function login({ staff, ...credentials }: LoginInput) {
  return apiRequest('/auth/login', {
    method: 'POST',
    query: staff ? { staff: 'true' } : undefined,
    body: credentials,
    headers: COOKIE_TRANSPORT_HEADERS,
    schema: ZSessionResponse,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => startSession(queryClient, await login(input)),
  });
}
