import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPermission } from '@tavolo/contract/permissions';
import { createContext, type ReactNode, use } from 'react';

/**
 * The signed-in user, as /auth/me last answered. The app's protected route provides it, so that
 * any feature can read it without importing the auth feature.
 */
const CurrentSessionContext = createContext<TMeResponse | null>(null);

export function CurrentSessionProvider({ session, children }: { session: TMeResponse; children: ReactNode }) {
  return <CurrentSessionContext value={session}>{children}</CurrentSessionContext>;
}

export function useCurrentSession(): TMeResponse {
  const session = use(CurrentSessionContext);
  if (!session) throw new Error('useCurrentSession is used outside the protected area');
  return session;
}

/** Owners hold every permission; the server sends the full list for them too. */
export function hasPermission(session: TMeResponse, permission: TPermission): boolean {
  return session.userType === 'owner' || session.permissions.includes(permission);
}
