import type { TCreateRoleRequest, TRole, TUpdateRoleRequest } from '@tavolo/contract/staff';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { isUniqueViolation, pgErrorCode } from '../../lib/pg-errors';
import { assertHolds, CATALOGUE, catalogued } from './permission-rules';
import {
  deleteRole,
  findRole,
  findRoles,
  insertRole,
  roleNameTaken,
  toRole,
  updateRole,
} from './roles.repository';

const duplicateName = (name: string) =>
  new AppError('DUPLICATE', `A role named "${name}" already exists`, { name: 'is already used' });

const stillAssigned = (count: number) =>
  new AppError(
    'CONFLICT',
    `${count} staff member${count === 1 ? ' holds' : 's hold'} this role; give ${count === 1 ? 'them' : 'each'} another role first`,
  );

export async function listRoles({ db, principal }: StaffContext): Promise<TRole[]> {
  return (await findRoles(db, principal.restaurantId)).map((row) => toRole(row, CATALOGUE));
}

export async function createRole({ db, principal }: StaffContext, input: TCreateRoleRequest): Promise<TRole> {
  const permissions = catalogued(input.permissions);
  assertHolds(principal, permissions, 'create this role');
  const { restaurantId } = principal;
  try {
    const row = await db.transaction(async (tx) => {
      if (await roleNameTaken(tx, restaurantId, input.name)) throw duplicateName(input.name);
      return insertRole(tx, { restaurantId, name: input.name, permissions });
    });
    return toRole(row, CATALOGUE);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

/**
 * Renames a role or replaces its permissions. Only what the change adds counts as granting: a
 * manager may rename a role that holds a permission they lack, or take it away, but not add one.
 * Its staff see the change on their next request (permissions are read on every request).
 */
export async function changeRole(
  { db, principal }: StaffContext,
  input: { id: string; changes: TUpdateRoleRequest },
): Promise<TRole> {
  const { restaurantId } = principal;
  const { name } = input.changes;
  const permissions = input.changes.permissions && catalogued(input.changes.permissions);
  try {
    const row = await db.transaction(async (tx) => {
      const current = await findRole(tx, restaurantId, input.id);
      if (!current) throw notFound('Role');
      if (permissions) {
        const added = permissions.filter((p) => !current.permissions.includes(p));
        assertHolds(principal, added, 'change this role');
      }
      if (name !== undefined && (await roleNameTaken(tx, restaurantId, name, input.id))) {
        throw duplicateName(name);
      }
      return updateRole(tx, restaurantId, input.id, {
        ...(name === undefined ? {} : { name }),
        ...(permissions ? { permissions } : {}),
      });
    });
    if (!row) throw notFound('Role');
    return toRole(row, CATALOGUE);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name ?? '');
    throw error;
  }
}

/** A role somebody holds stays: 409 until each of them has another role. */
export async function removeRole({ db, principal }: StaffContext, input: { id: string }): Promise<void> {
  const { restaurantId } = principal;
  try {
    await db.transaction(async (tx) => {
      const role = await findRole(tx, restaurantId, input.id);
      if (!role) throw notFound('Role');
      if (role.staffCount > 0) throw stillAssigned(role.staffCount);
      await deleteRole(tx, restaurantId, input.id);
    });
  } catch (error) {
    // Someone was given the role between the count and the delete: the foreign key refuses
    // (23001 restrict_violation; 23503 were it ever made NO ACTION).
    const code = pgErrorCode(error);
    if (code === '23001' || code === '23503') throw stillAssigned(1);
    throw error;
  }
}
