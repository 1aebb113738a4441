import type { TRole } from '@tavolo/contract/staff';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, isEmptyChange } from '../../db/client';
import type { RoleRow } from '../../db/rows';
import { roles } from '../../db/schema';

export type RoleWithCount = RoleRow & { staffCount: number };

export function toRole(row: RoleWithCount, knownPermissions: ReadonlySet<string>): TRole {
  return {
    id: row.id,
    name: row.name,
    // A permission dropped from the catalogue grants nothing (sessions.service ignores it too).
    permissions: row.permissions.filter((p) => knownPermissions.has(p)) as TRole['permissions'],
    staffCount: row.staffCount,
    createdAt: row.createdAt.toISOString(),
  };
}

// Written out: in a one-table select the ORM leaves column names unqualified, and "id" would be staff's.
const staffCount = sql<number>`(SELECT count(*)::int FROM "staff" "holder" WHERE "holder"."role_id" = "roles"."id")`;

export async function findRoles(db: Db, restaurantId: string): Promise<RoleWithCount[]> {
  const rows = await db
    .select({ role: roles, staffCount })
    .from(roles)
    .where(eq(roles.restaurantId, restaurantId))
    .orderBy(asc(roles.name));
  return rows.map((r) => ({ ...r.role, staffCount: r.staffCount }));
}

export async function findRole(db: Db, restaurantId: string, id: string): Promise<RoleWithCount | undefined> {
  const [row] = await db
    .select({ role: roles, staffCount })
    .from(roles)
    .where(and(eq(roles.restaurantId, restaurantId), eq(roles.id, id)));
  return row && { ...row.role, staffCount: row.staffCount };
}

/** Whether another role of the restaurant already has this name, whatever its case. */
export async function roleNameTaken(
  db: Db,
  restaurantId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.restaurantId, restaurantId),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRole(
  db: Db,
  values: { restaurantId: string; name: string; permissions: string[] },
): Promise<RoleWithCount> {
  const [row] = await db.insert(roles).values(values).returning();
  return { ...row!, staffCount: 0 };
}

export async function updateRole(
  db: Db,
  restaurantId: string,
  id: string,
  values: Pick<PgUpdateSetSource<typeof roles>, 'name' | 'permissions'>,
): Promise<RoleWithCount | undefined> {
  if (!isEmptyChange(values)) {
    await db
      .update(roles)
      .set(values)
      .where(and(eq(roles.restaurantId, restaurantId), eq(roles.id, id)));
  }
  return findRole(db, restaurantId, id);
}

export async function deleteRole(db: Db, restaurantId: string, id: string): Promise<void> {
  await db.delete(roles).where(and(eq(roles.restaurantId, restaurantId), eq(roles.id, id)));
}
