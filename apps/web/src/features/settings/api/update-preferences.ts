import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeResponse, TUpdatePreferencesRequest } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/current-session';

/** Changes one's own preferences: the language the dashboard speaks (null: the browser's). */
export async function updatePreferences(body: TUpdatePreferencesRequest) {
  return callEndpoint(authRoutes.updatePreferences, { body });
}

/** The session (/auth/me) carries the saved preferences at once: the protected route speaks them. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) =>
      queryClient.setQueryData<TMeResponse | null>(meQueryKey, (me) => (me ? { ...me, ...saved } : me)),
  });
}
