import { PERMISSIONS, type TPermission } from '@tavolo/contract/permissions';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { hashToken } from '../../security/tokens';
import { findLiveSession } from './sessions.repository';

const CATALOGUE: ReadonlySet<string> = new Set(PERMISSIONS);

/**
 * The caller behind a session token, read fresh on every request, so a revoked session, a
 * deactivated staff member or a changed role takes effect at once. Owners hold every permission.
 */
export async function resolvePrincipal(
  db: Db,
  token: string,
  via: Principal['via'],
): Promise<Principal | null> {
  const row = await findLiveSession(db, hashToken(token));
  if (!row) return null;
  const permissions =
    row.user_type === 'owner'
      ? new Set<TPermission>(PERMISSIONS)
      : new Set((row.permissions ?? []).filter((p): p is TPermission => CATALOGUE.has(p)));
  return {
    sessionId: row.id,
    userType: row.user_type,
    userId: (row.owner_id ?? row.staff_id)!,
    staffId: row.staff_id,
    name: row.name,
    restaurantId: row.restaurant_id,
    permissions,
    expiresAt: new Date(row.expires_at),
    via,
  };
}
