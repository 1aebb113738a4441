import type {
  TCreateStaffRequest,
  TSetStaffPinRequest,
  TStaffListQuery,
  TStaffMember,
  TStaffPage,
  TUpdateStaffRequest,
} from '@tavolo/contract/staff';
import { AppError, forbidden, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword } from '../../security/passwords';
import { hashPin } from '../../security/pins';
import { endSessionsOfAccount } from '../auth/sessions.service';
import { countPinGuess } from './approval-pins';
import { assertHolds, notHeldBy } from './permission-rules';
import { findRole } from './roles.repository';
import {
  deleteStaffMember,
  findStaff,
  findStaffMember,
  insertStaffMember,
  pinHashTaken,
  type StaffMemberRow,
  setStaffPinHash,
  staffEmailTaken,
  toStaffMember,
  updateStaffMember,
} from './staff.repository';

const duplicateEmail = () =>
  new AppError('DUPLICATE', 'A staff member with this e-mail already exists', {
    email: 'is already used by a staff member',
  });

/** The role to give someone: one of this restaurant's (else 422) that grants nothing the caller lacks (else 403). */
async function assignableRole(db: Db, principal: Principal, roleId: string) {
  const role = await findRole(db, principal.restaurantId, roleId);
  if (!role) {
    throw new AppError('UNPROCESSABLE', 'There is no such role in this restaurant', {
      roleId: 'is not a role of this restaurant',
    });
  }
  assertHolds(principal, role.permissions, `give the role ${role.name}`);
  return role;
}

/**
 * The member the caller means to change or delete: one of the restaurant's (else 404) holding
 * nothing the caller lacks, so a manager cannot take over a stronger account by setting its password
 * or e-mail, nor sign it out.
 */
async function manageableMember(db: Db, principal: Principal, id: string): Promise<StaffMemberRow> {
  const member = await findStaffMember(db, principal.restaurantId, id);
  if (!member) throw notFound('Staff member');
  if (notHeldBy(principal, member.rolePermissions).length > 0) {
    throw forbidden(
      'This staff member holds permissions you do not; only someone who holds them can change them',
    );
  }
  return member;
}

export async function listStaff(
  { db, principal }: StaffContext,
  query: TStaffListQuery,
): Promise<TStaffPage> {
  const { rows, total } = await findStaff(
    db,
    principal.restaurantId,
    { q: query.q || undefined, active: query.active === undefined ? undefined : query.active === 'true' },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: rows.map(toStaffMember), total, page: query.page, pageSize: query.pageSize };
}

export async function getStaffMember(
  { db, principal }: StaffContext,
  input: { id: string },
): Promise<TStaffMember> {
  const row = await findStaffMember(db, principal.restaurantId, input.id);
  if (!row) throw notFound('Staff member');
  return toStaffMember(row);
}

export async function createStaffMember(
  { db, principal }: StaffContext,
  input: TCreateStaffRequest,
): Promise<TStaffMember> {
  const { restaurantId } = principal;
  // Hash before the transaction: the embedded database runs one transaction at a time.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assignableRole(tx, principal, input.roleId);
      if (await staffEmailTaken(tx, input.email)) throw duplicateEmail();
      const id = await insertStaffMember(tx, {
        restaurantId,
        roleId: input.roleId,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        passwordHash,
        ...(input.active === undefined ? {} : { active: input.active }),
      });
      return toStaffMember((await findStaffMember(tx, restaurantId, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * Changes what the request carries. A new password or a deactivation signs the member out at once
 * (every session but the caller's own); a new role applies from their next request. Nobody changes
 * their own role or deactivates themselves: that is for someone else with staff.manage.
 */
export async function changeStaffMember(
  { db, principal }: StaffContext,
  input: { id: string; changes: TUpdateStaffRequest },
): Promise<TStaffMember> {
  const { restaurantId } = principal;
  const { password, phone, ...changes } = input.changes;
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const member = await manageableMember(tx, principal, input.id);
      const self = principal.staffId === member.id;
      if (changes.roleId !== undefined && changes.roleId !== member.roleId) {
        if (self) throw forbidden('You cannot change your own role');
        await assignableRole(tx, principal, changes.roleId);
      }
      if (self && changes.active === false) throw forbidden('You cannot deactivate yourself');
      if (changes.email !== undefined && (await staffEmailTaken(tx, changes.email, member.id))) {
        throw duplicateEmail();
      }
      await updateStaffMember(tx, restaurantId, member.id, {
        ...changes,
        ...(phone === undefined ? {} : { phone: phone || null }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
      });
      if (passwordHash !== undefined || changes.active === false) {
        await endSessionsOfAccount(tx, 'staff', member.id, { except: principal.sessionId });
      }
      return toStaffMember((await findStaffMember(tx, restaurantId, member.id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/** Deletes a member; their sessions go with them, so they are signed out at once. */
export async function removeStaffMember(
  { db, principal }: StaffContext,
  input: { id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await manageableMember(tx, principal, input.id);
    if (principal.staffId === member.id) throw forbidden('You cannot delete yourself');
    await deleteStaffMember(tx, principal.restaurantId, member.id);
  });
}

const duplicatePin = () =>
  new AppError('DUPLICATE', 'Another staff member has this PIN; choose another', {
    pin: 'is used by another staff member',
  });

/**
 * Sets or removes a member's approval PIN: one's own, or, with staff.manage, that of a member who
 * holds nothing the caller lacks (whoever knows a PIN approves with its holder's permissions). A PIN
 * another member has answers 409, and counts as a guess of theirs against the restaurant's limit
 * of wrong PINs (decision 030).
 */
export async function setStaffPin(
  { db, principal }: StaffContext,
  input: { id: string; change: TSetStaffPinRequest },
): Promise<void> {
  const { restaurantId } = principal;
  const { pin } = input.change;
  const self = principal.staffId === input.id;
  const member = await findStaffMember(db, restaurantId, input.id);
  if (!member) throw notFound('Staff member');
  if (!self) {
    if (!principal.permissions.has('staff.manage')) {
      throw forbidden("Only someone with staff.manage sets another member's PIN");
    }
    await manageableMember(db, principal, member.id);
  }
  if (pin === null) {
    await setStaffPinHash(db, restaurantId, member.id, null);
    return;
  }
  // Hashed and counted before the transaction: the embedded database runs one transaction at a time,
  // and a guess must stay counted when its request fails.
  const pinHash = await hashPin(pin, restaurantId);
  const guess = await countPinGuess(db, restaurantId);
  try {
    await db.transaction(async (tx) => {
      if (await pinHashTaken(tx, restaurantId, pinHash, member.id)) throw duplicatePin();
      await setStaffPinHash(tx, restaurantId, member.id, pinHash);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePin();
    throw error;
  }
  await guess.forgive();
}
