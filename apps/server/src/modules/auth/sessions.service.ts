import { PERMISSIONS, type TPermission } from '@tavolo/contract/permissions';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { hashToken } from '../../security/tokens';
import type { CachedPrincipal, SessionCache } from './session-cache';
import { findLiveSession, revokeSessionsOfAccount } from './sessions.repository';

const CATALOGUE: ReadonlySet<string> = new Set(PERMISSIONS);

/**
 * The caller behind a session token. From the session cache when it holds the token (it is emptied
 * by every change to sessions, staff, roles and owners, on every instance: decision 023), else read
 * from the database, so a revoked session, a deactivated staff member or a changed role takes
 * effect at once either way. Owners hold every permission.
 */
export async function resolvePrincipal(
  db: Db,
  token: string,
  via: Principal['via'],
  cache?: SessionCache,
): Promise<Principal | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return { ...cached, via };
  const readAt = cache?.begin() ?? 0;
  const row = await findLiveSession(db, tokenHash);
  if (!row) return null;
  const permissions =
    row.user_type === 'owner'
      ? new Set<TPermission>(PERMISSIONS)
      : new Set((row.permissions ?? []).filter((p): p is TPermission => CATALOGUE.has(p)));
  const principal: CachedPrincipal = {
    sessionId: row.id,
    userType: row.user_type,
    userId: (row.owner_id ?? row.staff_id)!,
    staffId: row.staff_id,
    name: row.name,
    restaurantId: row.restaurant_id,
    permissions,
    expiresAt: new Date(row.expires_at),
  };
  cache?.set(tokenHash, principal, readAt);
  return { ...principal, via };
}

/** Ends every session of an account (but `except`), in the caller's transaction: a deactivation. */
export function endSessionsOfAccount(
  db: Db,
  userType: 'owner' | 'staff',
  userId: string,
  options: { except?: string } = {},
): Promise<void> {
  return revokeSessionsOfAccount(db, userType, userId, options);
}
