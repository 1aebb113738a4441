import { authEndpoints } from '@tavolo/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../http/authenticate';
import type { RouteRegistrar } from '../../http/route';
import {
  changePassword,
  changePreferences,
  describeSession,
  logIn,
  logOut,
  type NewSession,
  registerOwner,
  requestPasswordReset,
  resetPassword,
  switchRestaurant,
} from './auth.service';

export function registerAuthRoutes(route: RouteRegistrar, config: Config) {
  /** Sets the HttpOnly cookie; the body carries the token only for API clients that ask for it. */
  function sendSession(request: FastifyRequest, reply: FastifyReply, session: NewSession, status: number) {
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      expires: session.expiresAt,
    });
    const cookieOnly = request.headers['x-session-transport'] === 'cookie';
    return reply.status(status).send({
      ...(cookieOnly ? {} : { token: session.token }),
      restaurantId: session.restaurantId,
      userType: session.userType,
      staffId: session.staffId,
      expiresAt: session.expiresAt.toISOString(),
    });
  }

  route(authEndpoints.register, async (ctx, request, reply) =>
    sendSession(request, reply, await registerOwner(ctx, request.body), 201),
  );

  route(authEndpoints.logIn, async (ctx, request, reply) => {
    const userType = request.query.staff ? 'staff' : 'owner';
    return sendSession(request, reply, await logIn(ctx, { ...request.body, userType }), 200);
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
