import { z } from 'zod';
import { ZEmail, ZPassword, ZPersonName } from './auth';
import { textPattern, ZId, ZIdParams, ZOptionalText, ZPageQuery } from './common';
import { access, endpoint } from './endpoint';
import { PERMISSIONS, ZPermission } from './permissions';

// ---- roles --------------------------------------------------------------------------------------

export const ZRole = z.object({
  id: ZId,
  name: z.string(),
  permissions: z.array(ZPermission),
  /** Staff members holding it: a role still assigned cannot be deleted. */
  staffCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleList = z.object({ items: z.array(ZRole) });
export type TRoleList = z.infer<typeof ZRoleList>;

const ZRoleName = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(60, { message: 'must be at most 60 characters' })
  .meta({ pattern: textPattern(1) });

/**
 * Permissions as strings: one outside the catalogue is a 422 naming it (the catalogue is in the
 * API document), and nobody grants a permission they do not hold (403).
 */
const ZRolePermissions = z
  .array(z.string().max(60))
  .max(PERMISSIONS.length * 2)
  .meta({ items: { type: 'string', enum: [...PERMISSIONS] } });

export const ZCreateRoleRequest = z.object({ name: ZRoleName, permissions: ZRolePermissions }).strict();
export type TCreateRoleRequest = z.infer<typeof ZCreateRoleRequest>;

export const ZUpdateRoleRequest = ZCreateRoleRequest.partial().strict();
export type TUpdateRoleRequest = z.infer<typeof ZUpdateRoleRequest>;

// ---- staff --------------------------------------------------------------------------------------

export const ZStaffMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roleId: ZId,
  roleName: z.string(),
  active: z.boolean(),
  /** Whether they set an approval PIN (the PIN itself is never shown). */
  hasPin: z.boolean(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffPage = z.object({
  items: z.array(ZStaffMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TStaffPage = z.infer<typeof ZStaffPage>;

/** Newest first; `q` searches name and e-mail; `active` filters. */
export const ZStaffListQuery = ZPageQuery.extend({
  q: z.string().trim().max(80).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type TStaffListQuery = z.infer<typeof ZStaffListQuery>;

const ZPhone = ZOptionalText(40);

export const ZCreateStaffRequest = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    password: ZPassword,
    roleId: ZId,
    phone: ZPhone,
    active: z.boolean().optional(),
  })
  .strict();
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;

/** Fields left out keep their value; `password` sets a new one (and signs the member out). */
export const ZUpdateStaffRequest = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    password: ZPassword,
    roleId: ZId,
    phone: ZPhone.nullable(),
    active: z.boolean(),
  })
  .partial()
  .strict();
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequest>;

/**
 * A staff member's approval PIN: typed on a colleague's phone, it approves a void or a discount the
 * colleague may not give (PRODUCT.md §9). Unique in the restaurant, stored hashed; null removes it.
 */
export const ZSetStaffPinRequest = z
  .object({
    pin: z
      .string()
      .regex(/^\d{4,6}$/, { message: 'must be 4 to 6 digits' })
      .nullable(),
  })
  .strict();
export type TSetStaffPinRequest = z.infer<typeof ZSetStaffPinRequest>;

// ---- endpoints ----------------------------------------------------------------------------------

const manageRoles = access.permission('roles.manage');
const manageStaff = access.permission('staff.manage');

export const rolesEndpoints = {
  listRoles: endpoint({
    method: 'GET',
    path: '/api/roles',
    tag: 'roles',
    summary: "The restaurant's roles",
    // Whoever assigns roles to staff must see them.
    access: access.permission('roles.manage', 'staff.manage'),
    response: ZRoleList,
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/api/roles',
    tag: 'roles',
    summary: 'Add a role',
    access: manageRoles,
    body: ZCreateRoleRequest,
    status: 201,
    response: ZRole,
    errors: [409, 422],
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/api/roles/:id',
    tag: 'roles',
    summary: "Rename a role or change its permissions (its staff's next request sees them)",
    access: manageRoles,
    params: ZIdParams,
    body: ZUpdateRoleRequest,
    response: ZRole,
    errors: [409, 422],
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/api/roles/:id',
    tag: 'roles',
    summary: 'Delete a role nobody holds',
    access: manageRoles,
    params: ZIdParams,
    status: 204,
    errors: [409],
  }),
};

export const staffEndpoints = {
  listStaff: endpoint({
    method: 'GET',
    // Shaped like PUT/DELETE /api/staff/{id}: here the id names the restaurant.
    path: '/api/staff/:id',
    restaurantParam: 'id',
    tag: 'staff',
    summary: "The restaurant's staff, newest first",
    access: manageStaff,
    params: z.object({ id: ZId.meta({ description: "The session's restaurant" }) }),
    query: ZStaffListQuery,
    response: ZStaffPage,
  }),
  getStaffMember: endpoint({
    method: 'GET',
    path: '/api/staff/members/:id',
    tag: 'staff',
    summary: 'Read one staff member',
    access: manageStaff,
    params: ZIdParams,
    response: ZStaffMember,
  }),
  createStaffMember: endpoint({
    method: 'POST',
    path: '/api/staff',
    tag: 'staff',
    summary: 'Add a staff member with a role and a first password',
    access: manageStaff,
    body: ZCreateStaffRequest,
    status: 201,
    response: ZStaffMember,
    errors: [409, 422],
  }),
  updateStaffMember: endpoint({
    method: 'PUT',
    path: '/api/staff/:id',
    tag: 'staff',
    summary: 'Change a staff member; deactivating or a new password signs them out at once',
    access: manageStaff,
    params: ZIdParams,
    body: ZUpdateStaffRequest,
    response: ZStaffMember,
    errors: [409, 422],
  }),
  setStaffPin: endpoint({
    method: 'PUT',
    path: '/api/staff/:id/pin',
    tag: 'staff',
    summary: "Set or remove a staff member's approval PIN",
    description:
      'A member sets their own; setting another’s needs staff.manage. 409 when another member of the restaurant has the same PIN.',
    access: access.signedIn,
    params: ZIdParams,
    body: ZSetStaffPinRequest,
    status: 204,
    errors: [409],
  }),
  deleteStaffMember: endpoint({
    method: 'DELETE',
    path: '/api/staff/:id',
    tag: 'staff',
    summary: 'Delete a staff member (their sessions end at once)',
    access: manageStaff,
    params: ZIdParams,
    status: 204,
  }),
};
