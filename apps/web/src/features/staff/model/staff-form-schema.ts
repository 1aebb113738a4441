import { ZEmail, ZPassword, ZPersonName } from '@tavolo/contract/auth';
import type { TCreateStaffRequest, TStaffMember, TUpdateStaffRequest } from '@tavolo/contract/staff';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * One form for a new staff member and for changing one. The limits are the contract's
 * (ZCreateStaffRequest); the password is required for a new member and, when changing one,
 * only typed to set a new one (which signs them out everywhere).
 */

const base = {
  name: ZPersonName,
  email: z.string().trim().pipe(ZEmail),
  phone: z
    .string()
    .trim()
    .max(40, { error: () => t('staff.field.maxLength', { count: 40 }) }),
  roleId: z.string().min(1, { error: () => t('staff.form.roleRequired') }),
  active: z.boolean(),
};

export const ZNewStaffFormValues = z.object({ ...base, password: ZPassword });
export const ZEditStaffFormValues = z.object({
  ...base,
  password: z.union([z.literal(''), ZPassword]),
});

export type StaffFormValues = z.input<typeof ZEditStaffFormValues>;

export const STAFF_FORM_FIELDS = ['name', 'email', 'phone', 'roleId', 'active', 'password'] as const;

export function staffFormSchema(editing: boolean) {
  return editing ? ZEditStaffFormValues : ZNewStaffFormValues;
}

/** A new member starts active, with the only role there is when there is just one. */
export function newStaffFormValues(roleIds: readonly string[]): StaffFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    roleId: roleIds.length === 1 ? (roleIds[0] ?? '') : '',
    active: true,
    password: '',
  };
}

export function toStaffFormValues(member: TStaffMember): StaffFormValues {
  return {
    name: member.name,
    email: member.email,
    phone: member.phone ?? '',
    roleId: member.roleId,
    active: member.active,
    password: '',
  };
}

/** An empty phone is left out, not sent as "". */
export function toCreateStaffRequest(values: StaffFormValues): TCreateStaffRequest {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    password: values.password,
    roleId: values.roleId,
    ...(phone ? { phone } : {}),
    active: values.active,
  };
}

/** An emptied phone is cleared (null); an empty password keeps the current one. */
export function toUpdateStaffRequest(values: StaffFormValues): TUpdateStaffRequest {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    phone: phone || null,
    roleId: values.roleId,
    active: values.active,
    ...(values.password ? { password: values.password } : {}),
  };
}
