import { PERMISSIONS, type TPermission } from '@tavolo/contract/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, queryRows } from '../db/client';
import { hashToken } from '../security/tokens';
import { forbidden, notFound, unauthenticated } from './app-error';

export const SESSION_COOKIE = 'tavolo_session';

export type Principal = {
  sessionId: string;
  userType: 'owner' | 'staff';
  /** The owner's or the staff member's id. */
  userId: string;
  staffId: string | null;
  restaurantId: string;
  permissions: ReadonlySet<TPermission>;
  expiresAt: Date;
  /** How the token arrived: cookie-authenticated writes get a CSRF origin check. */
  via: 'bearer' | 'cookie';
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function readToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

type SessionRow = {
  id: string;
  user_type: 'owner' | 'staff';
  owner_id: string | null;
  staff_id: string | null;
  restaurant_id: string;
  expires_at: Date | string;
  permissions: string[] | null;
};

/**
 * One query resolves the session and the caller's permissions, fresh on every request, so a
 * revoked session, a deactivated staff member or a changed role takes effect at once.
 */
export async function findPrincipal(db: Db, token: string, via: Principal['via']): Promise<Principal | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`
    SELECT s.id, s.user_type, s.owner_id, s.staff_id, s.restaurant_id, s.expires_at, r.permissions
    FROM sessions s
    LEFT JOIN restaurants rest ON rest.id = s.restaurant_id AND rest.owner_id = s.owner_id
    LEFT JOIN staff st ON st.id = s.staff_id AND st.active AND st.restaurant_id = s.restaurant_id
    LEFT JOIN roles r ON r.id = st.role_id
    WHERE s.token_hash = ${hashToken(token)} AND s.revoked_at IS NULL AND s.expires_at > now()
      AND (rest.id IS NOT NULL OR st.id IS NOT NULL)`,
  );
  if (!row) return null;
  const permissions =
    row.user_type === 'owner'
      ? new Set<TPermission>(PERMISSIONS)
      : new Set(
          (row.permissions ?? []).filter((p): p is TPermission =>
            (PERMISSIONS as readonly string[]).includes(p),
          ),
        );
  return {
    sessionId: row.id,
    userType: row.user_type,
    userId: (row.owner_id ?? row.staff_id)!,
    staffId: row.staff_id,
    restaurantId: row.restaurant_id,
    permissions,
    expiresAt: new Date(row.expires_at),
    via,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host of an Origin header; "null" and other non-URLs have none, so they never match. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** onRequest hook factory: 401 unless a live session is presented. */
export function createAuthenticate(db: Db) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const presented = readToken(request);
    const principal = presented ? await findPrincipal(db, presented.token, presented.via) : null;
    if (!principal) throw unauthenticated();
    // SameSite=Lax already stops cross-site form posts; this also stops same-site subdomains.
    if (principal.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && hostOf(origin) !== request.headers.host) throw forbidden('Cross-origin request refused');
    }
    request.principal = principal;
  };
}

/** The principal of a route that ran `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** preHandler: 403 unless the caller holds at least one of the permissions. */
export function requireAnyPermission(...permissions: TPermission[]) {
  return async function checkAnyPermission(request: FastifyRequest) {
    const held = principalOf(request).permissions;
    if (!permissions.some((permission) => held.has(permission))) throw forbidden();
  };
}

/** preHandler: 403 unless the caller holds the permission (owners hold all). */
export function requirePermission(permission: TPermission) {
  return requireAnyPermission(permission);
}

/**
 * The tenant guard: a restaurantId named by the client that is not the session's answers 404,
 * exactly like an id that does not exist.
 */
export function assertSameRestaurant(principal: Principal, restaurantId: string, what = 'Restaurant'): void {
  if (principal.restaurantId !== restaurantId) throw notFound(what);
}
