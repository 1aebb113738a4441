import { routesOf } from '../endpoint';
import type { rolesEndpoints, staffEndpoints } from '../staff';

/** The staff endpoints' routes without their schemas (see `Route`). */

export const staffRoutes = routesOf<typeof staffEndpoints>({
  listStaff: 'GET /api/staff/:id',
  getStaffMember: 'GET /api/staff/members/:id',
  createStaffMember: 'POST /api/staff',
  updateStaffMember: 'PUT /api/staff/:id',
  setStaffPin: 'PUT /api/staff/:id/pin',
  deleteStaffMember: 'DELETE /api/staff/:id',
});

export const rolesRoutes = routesOf<typeof rolesEndpoints>({
  listRoles: 'GET /api/roles',
  createRole: 'POST /api/roles',
  updateRole: 'PUT /api/roles/:id',
  deleteRole: 'DELETE /api/roles/:id',
});
