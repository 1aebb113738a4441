import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import type { RouteRegistrar } from '../../http/route';
import { changeRole, createRole, listRoles, removeRole } from './roles.service';
import {
  changeStaffMember,
  createStaffMember,
  getStaffMember,
  listStaff,
  removeStaffMember,
  setStaffPin,
} from './staff.service';

export function registerStaffRoutes(route: RouteRegistrar) {
  route(rolesEndpoints.listRoles, async (ctx) => ({ items: await listRoles(ctx) }));
  route(rolesEndpoints.createRole, (ctx, { body }) => createRole(ctx, body));
  route(rolesEndpoints.updateRole, (ctx, { params, body }) =>
    changeRole(ctx, { id: params.id, changes: body }),
  );
  route(rolesEndpoints.deleteRole, (ctx, { params }) => removeRole(ctx, params));

  route(staffEndpoints.listStaff, (ctx, { query }) => listStaff(ctx, query));
  route(staffEndpoints.getStaffMember, (ctx, { params }) => getStaffMember(ctx, params));
  route(staffEndpoints.createStaffMember, (ctx, { body }) => createStaffMember(ctx, body));
  route(staffEndpoints.updateStaffMember, (ctx, { params, body }) =>
    changeStaffMember(ctx, { id: params.id, changes: body }),
  );
  route(staffEndpoints.setStaffPin, (ctx, { params, body }) =>
    setStaffPin(ctx, { id: params.id, change: body }),
  );
  route(staffEndpoints.deleteStaffMember, (ctx, { params }) => removeStaffMember(ctx, params));
}
