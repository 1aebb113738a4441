import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { sessions } from '../../db/schema';

export type UserType = 'owner' | 'staff';

export type LiveSessionRow = {
  id: string;
  user_type: UserType;
  owner_id: string | null;
  staff_id: string | null;
  restaurant_id: string;
  expires_at: Date | string;
  name: string;
  permissions: string[] | null;
};

/**
 * A live session by its token's hash, with its holder's name and permissions, in one query: an
 * owner's session holds only while they own the restaurant, a staff member's while they are active
 * in it (their role's permissions come along).
 */
export async function findLiveSession(db: Db, tokenHash: string): Promise<LiveSessionRow | undefined> {
  const [row] = await queryRows<LiveSessionRow>(
    db,
    sql`
    SELECT s.id, s.user_type, s.owner_id, s.staff_id, s.restaurant_id, s.expires_at,
           coalesce(o.name, st.name) AS name, r.permissions
    FROM sessions s
    LEFT JOIN restaurants rest ON rest.id = s.restaurant_id AND rest.owner_id = s.owner_id
    LEFT JOIN owners o ON o.id = rest.owner_id
    LEFT JOIN staff st ON st.id = s.staff_id AND st.active AND st.restaurant_id = s.restaurant_id
    LEFT JOIN roles r ON r.id = st.role_id
    WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
      AND (rest.id IS NOT NULL OR st.id IS NOT NULL)`,
  );
  return row;
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userType: UserType; userId: string; restaurantId: string; expiresAt: Date },
) {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: values.tokenHash,
      userType: values.userType,
      ownerId: values.userType === 'owner' ? values.userId : null,
      staffId: values.userType === 'staff' ? values.userId : null,
      restaurantId: values.restaurantId,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row!;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends the live session with this token's hash, if any (the token names one session of one restaurant). */
export async function revokeSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every live session of the account, but `except` (the caller's own, when they keep it). */
export async function revokeSessionsOfAccount(
  db: Db,
  userType: UserType,
  userId: string,
  options: { except?: string } = {},
): Promise<void> {
  const column = userType === 'owner' ? sessions.ownerId : sessions.staffId;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(column, userId),
        isNull(sessions.revokedAt),
        options.except ? ne(sessions.id, options.except) : undefined,
      ),
    );
}

/** Moves a live session to another restaurant (an owner switching); open streams notice at their next heartbeat. */
export async function moveSession(db: Db, sessionId: string, restaurantId: string) {
  const [row] = await db
    .update(sessions)
    .set({ restaurantId })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning();
  return row;
}
