import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesRoutes } from '@tavolo/contract/client/devices';
import type { TSwitchUserRequest } from '@tavolo/contract/devices';
import { callEndpoint } from '../../../lib/api-client';
import { COOKIE_TRANSPORT_HEADERS } from '../../../lib/session';
import { startSession } from './me';

/** Signs a member in on this shared device by their PIN (the session in its HttpOnly cookie). */
export function switchUser(input: TSwitchUserRequest) {
  return callEndpoint(devicesRoutes.switchUser, { body: input, headers: COOKIE_TRANSPORT_HEADERS });
}

export function useSwitchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TSwitchUserRequest) => startSession(queryClient, await switchUser(input)),
  });
}
