import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@tavolo/contract/client/auth';
import { useNavigate } from 'react-router';
import { callEndpoint, isHttpError } from './api-client';
import { meQueryKey } from './current-session';
import { clearSessionHints } from './session';

export async function logout(): Promise<void> {
  try {
    await callEndpoint(authRoutes.logOut);
  } catch (error) {
    // Already signed out (expired, revoked elsewhere): the outcome the user asked for.
    if (!isHttpError(error, 401)) throw error;
  }
}

/**
 * Signs out and goes to /login; `state` travels with it (a shared device that locked itself says
 * so on its name picker).
 */
export function useLogout(options: { state?: unknown } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      clearSessionHints();
      // Signed out at once (so /login does not bounce back), the rest of the cache only once the
      // protected screens are gone: cleared under them, they would refetch.
      queryClient.setQueryData(meQueryKey, null);
      await navigate('/login', { replace: true, state: options.state });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
  });
}
