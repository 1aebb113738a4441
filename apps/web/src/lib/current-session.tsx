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

/**
 * Owners hold every permission; the server sends the full list for them too. A list means any of
 * them will do (today's menu opens to menu managers and to the kitchen, who may mark dishes sold out).
 */
export function hasPermission(
  session: TMeResponse,
  permission: TPermission | readonly TPermission[],
): boolean {
  if (session.userType === 'owner') return true;
  const wanted: readonly TPermission[] = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((one) => session.permissions.includes(one));
}
