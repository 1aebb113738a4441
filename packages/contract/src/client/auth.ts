import type { authEndpoints } from '../auth';
import { routesOf } from '../endpoint';

/** The auth endpoints' routes without their schemas (see `Route`). */

export const authRoutes = routesOf<typeof authEndpoints>({
  register: 'POST /auth/register',
  logIn: 'POST /auth/login',
  loginFailed: 'GET /auth/loginfail',
  me: 'GET /auth/me',
  updatePreferences: 'PUT /auth/me/preferences',
  logOut: 'POST /auth/logout',
  changePassword: 'POST /auth/change-password',
  switchRestaurant: 'POST /auth/switch-restaurant',
  forgotPassword: 'POST /auth/forgot-password',
  resetPassword: 'POST /auth/reset-password',
});
