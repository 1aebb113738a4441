import type { TPermission } from '@tavolo/contract/permissions';

/** Who is calling: a signed-in owner or staff member, resolved fresh from the session on each request. */
export type Principal = {
  sessionId: string;
  userType: 'owner' | 'staff';
  /** The owner's or the staff member's id. */
  userId: string;
  staffId: string | null;
  /** Their display name, as order histories and payments record it. */
  name: string;
  /** The session's current restaurant: the only tenant the caller works in (PRODUCT.md §1). */
  restaurantId: string;
  permissions: ReadonlySet<TPermission>;
  expiresAt: Date;
  /** How the token arrived: cookie-authenticated writes get a CSRF origin check. */
  via: 'bearer' | 'cookie';
};

/** The caller as order histories and payments record them. */
export function actorOf(principal: Principal): { type: 'owner' | 'staff'; id: string; name: string } {
  return { type: principal.userType, id: principal.userId, name: principal.name };
}

/** Finds the live session behind a token (null when there is none); the auth module implements it. */
export type PrincipalResolver = (token: string, via: Principal['via']) => Promise<Principal | null>;
