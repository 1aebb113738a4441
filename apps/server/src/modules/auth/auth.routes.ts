import { authEndpoints } from '@tavolo/contract/auth';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../http/authenticate';
import type { RouteRegistrar } from '../../http/route';
import {
  changePassword,
  changePreferences,
  describeSession,
  logIn,
  logOut,
  registerOwner,
  requestPasswordReset,
  resetPassword,
  switchRestaurant,
} from './auth.service';
import { sendSession } from './session-reply';

export function registerAuthRoutes(route: RouteRegistrar, config: Config) {
  route(authEndpoints.register, async (ctx, request, reply) =>
    sendSession(config, request, reply, await registerOwner(ctx, request.body), 201),
  );

  route(authEndpoints.logIn, async (ctx, request, reply) => {
    const userType = request.query.staff ? 'staff' : 'owner';
    return sendSession(config, request, reply, await logIn(ctx, { ...request.body, userType }), 200);
  });

  route(authEndpoints.loginFailed, () => ({
    error: { code: 'LOGIN_FAILED' as const, message: 'Incorrect e-mail or password' },
  }));

  route(authEndpoints.me, (ctx) => describeSession(ctx));
  route(authEndpoints.updatePreferences, (ctx, { body }) => changePreferences(ctx, body));

  route(authEndpoints.logOut, async (ctx, _request, reply) => {
    await logOut(ctx);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { status: 'ok' as const };
  });

  route(authEndpoints.changePassword, async (ctx, { body }) => {
    await changePassword(ctx, body);
    return { status: 'ok' as const };
  });
  route(authEndpoints.switchRestaurant, async (ctx, { body }) => {
    const session = await switchRestaurant(ctx, body);
    return { ...session, expiresAt: session.expiresAt.toISOString() };
  });
  route(authEndpoints.forgotPassword, async (ctx, request) => {
    await requestPasswordReset(ctx, { ...request.body, userType: request.query.staff ? 'staff' : 'owner' });
    return { status: 'accepted' as const };
  });

  route(authEndpoints.resetPassword, async (ctx, request) => {
    await resetPassword(ctx, request.body);
    return { status: 'ok' as const };
  });
}
