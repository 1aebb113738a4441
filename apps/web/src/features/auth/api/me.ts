import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeResponse, TSessionResponse } from '@tavolo/contract/auth';
import { authRoutes } from '@tavolo/contract/client/auth';
import { callEndpoint, isHttpError, UserFacingError } from '../../../lib/api-client';
import { clearDeviceLocked } from '../../../lib/current-device';
import { meQueryKey } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { clearSessionHints, writeSessionHints } from '../../../lib/session';

/** The session as the server knows it; `null` when nobody is signed in. */
export async function getMe(signal?: AbortSignal): Promise<TMeResponse | null> {
  try {
    const me = await callEndpoint(authRoutes.me, { signal });
    writeSessionHints({ restaurantId: me.restaurantId, userType: me.userType, staffId: me.staffId });
    return me;
  } catch (error) {
    if (isHttpError(error, 401)) {
      clearSessionHints();
      return null;
    }
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 30_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

export class CookieRejectedError extends UserFacingError {
  constructor() {
    super(t('auth.session.cookieRejected'));
  }
}

/**
 * After login or sign-up: forget whatever an earlier session cached, then load the new session
 * before any protected screen asks for it.
 */
export async function startSession(
  queryClient: QueryClient,
  session: TSessionResponse,
): Promise<TMeResponse> {
  writeSessionHints(session);
  clearDeviceLocked();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  if (!me) throw new CookieRejectedError();
  return me;
}
