import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../http/authenticate';
import type { NewSession } from './auth.service';

/**
 * Answers a new session as login does (PRODUCT.md §1): the HttpOnly cookie, and the token in the
 * body only for API clients that did not ask for `X-Session-Transport: cookie`. Sign-up, login and a
 * shared device's switch answer through it.
 */
export function sendSession(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  status: number,
) {
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
