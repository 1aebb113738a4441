import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../lib/api-client';
import { meQueryKey } from '../lib/current-session';
import { clearSessionHints } from '../lib/session';

/**
 * A call outside /auth/ answered 401: the session lapsed (expired, revoked, password reset).
 * Marking it gone is enough: the protected route then sends the user to /login, replacing the
 * history entry and remembering the page for after sign-in. Returns the unregister function.
 */
export function watchForLapsedSession(queryClient: QueryClient): () => void {
  setUnauthorizedHandler(() => {
    clearSessionHints();
    queryClient.setQueryData(meQueryKey, null);
  });
  return () => setUnauthorizedHandler(undefined);
}
