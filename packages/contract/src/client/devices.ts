import type { devicesEndpoints } from '../devices';
import { routesOf } from '../endpoint';

/** The shared devices' routes without their schemas (see `Route`). */

export const devicesRoutes = routesOf<typeof devicesEndpoints>({
  markDevice: 'POST /api/devices',
  getCurrentDevice: 'GET /api/devices/current',
  listDeviceStaff: 'GET /api/devices/current/staff',
  switchUser: 'POST /api/devices/current/switch',
  forgetDevice: 'DELETE /api/devices/current',
});
