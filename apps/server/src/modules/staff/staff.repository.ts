import type { TStaffMember } from '@tavolo/contract/staff';
import { and, desc, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, isEmptyChange } from '../../db/client';
import { roles, staff } from '../../db/schema';

/**
 * A staff member with their role's name and permissions; never their password hash (nor their own
 * language, which is theirs to set: GET /auth/me).
 */
export type StaffMemberRow = Omit<typeof staff.$inferSelect, 'passwordHash' | 'language' | 'pinHash'> & {
  hasPin: boolean;
  roleName: string;
  rolePermissions: string[];
};

export function toStaffMember(row: StaffMemberRow): TStaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roleId: row.roleId,
    roleName: row.roleName,
    active: row.active,
    hasPin: row.hasPin,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const memberColumns = {
  id: staff.id,
  restaurantId: staff.restaurantId,
  roleId: staff.roleId,
  name: staff.name,
  email: staff.email,
  phone: staff.phone,
  active: staff.active,
  lastLoginAt: staff.lastLoginAt,
  createdAt: staff.createdAt,
  hasPin: sql<boolean>`${staff.pinHash} IS NOT NULL`,
  roleName: roles.name,
  rolePermissions: roles.permissions,
};

export type StaffFilters = { q?: string; active?: boolean };

function whereStaff(restaurantId: string, filters: StaffFilters): SQL | undefined {
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(staff.restaurantId, restaurantId),
    pattern ? or(ilike(staff.name, pattern), ilike(staff.email, pattern)) : undefined,
    filters.active === undefined ? undefined : eq(staff.active, filters.active),
  );
}

/** Newest first; `limit`/`offset` page through. */
export async function findStaff(
  db: Db,
  restaurantId: string,
  filters: StaffFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: StaffMemberRow[]; total: number }> {
  const where = whereStaff(restaurantId, filters);
  const [rows, [count]] = await Promise.all([
    db
      .select(memberColumns)
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(where)
      .orderBy(desc(staff.createdAt), desc(staff.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(staff).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findStaffMember(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<StaffMemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.id, id)));
  return row;
}

/** Whether a staff member anywhere already has this e-mail (staff sign in by e-mail alone). */
export async function staffEmailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.email, email), exceptId ? sql`${staff.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertStaffMember(
  db: Db,
  values: {
    restaurantId: string;
    roleId: string;
    name: string;
    email: string;
    phone?: string | null;
    passwordHash: string;
    active?: boolean;
  },
): Promise<string> {
  const [row] = await db.insert(staff).values(values).returning({ id: staff.id });
  return row!.id;
}

export async function updateStaffMember(
  db: Db,
  restaurantId: string,
  id: string,
  values: Pick<
    PgUpdateSetSource<typeof staff>,
    'name' | 'email' | 'phone' | 'roleId' | 'active' | 'passwordHash'
  >,
): Promise<void> {
  if (isEmptyChange(values)) return;
  await db
    .update(staff)
    .set(values)
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.id, id)));
}

/** Deletes the member; their sessions and reset tokens go with them (foreign keys cascade). */
export async function deleteStaffMember(db: Db, restaurantId: string, id: string): Promise<void> {
  await db.delete(staff).where(and(eq(staff.restaurantId, restaurantId), eq(staff.id, id)));
}

/** Sets (or, with null, removes) a member's approval PIN, as its hash. */
export async function setStaffPinHash(
  db: Db,
  restaurantId: string,
  id: string,
  pinHash: string | null,
): Promise<void> {
  await db
    .update(staff)
    .set({ pinHash })
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.id, id)));
}

/** Whether another member of the restaurant (than `exceptId`) has this PIN. */
export async function pinHashTaken(
  db: Db,
  restaurantId: string,
  pinHash: string,
  exceptId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.pinHash, pinHash), ne(staff.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** The active member of the restaurant whose PIN this is, with their role's permissions. */
/** The active members whose role holds `permission` and who have set an approval PIN. */
export async function findPinHoldersWith(
  db: Db,
  restaurantId: string,
  permission: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(
      and(
        eq(staff.restaurantId, restaurantId),
        eq(staff.active, true),
        isNotNull(staff.pinHash),
        sql`${permission} = ANY(${roles.permissions})`,
      ),
    );
}

export async function findActiveMemberByPinHash(
  db: Db,
  restaurantId: string,
  pinHash: string,
): Promise<{ id: string; name: string; permissions: string[] } | undefined> {
  const [row] = await db
    .select({ id: staff.id, name: staff.name, permissions: roles.permissions })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.pinHash, pinHash), eq(staff.active, true)));
  return row;
}

/** The restaurant's active members who set a PIN (or the one with `id`), by name, with their role's name. */
export function findMembersWithPin(
  db: Db,
  restaurantId: string,
  id?: string,
): Promise<{ id: string; name: string; roleName: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name, roleName: roles.name })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(
      and(
        eq(staff.restaurantId, restaurantId),
        eq(staff.active, true),
        isNotNull(staff.pinHash),
        id === undefined ? undefined : eq(staff.id, id),
      ),
    )
    .orderBy(staff.name, staff.id);
}
