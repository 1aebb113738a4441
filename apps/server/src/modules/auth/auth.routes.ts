import {
  ZAcceptedResponse,
  ZForgotPasswordRequest,
  ZLoginQuery,
  ZLoginRequest,
  ZMeResponse,
  ZOkResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
} from '@tavolo/contract/auth';
import { ZErrorResponse } from '@tavolo/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { createAuthenticate, principalOf, SESSION_COOKIE } from '../../http/auth';
import {
  describeSession,
  logIn,
  logOut,
  type NewSession,
  registerOwner,
  requestPasswordReset,
  resetPassword,
} from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, config, mailer } = deps;
  const authenticate = createAuthenticate(db);
  const tags = ['auth'];

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

  app.post(
    '/auth/register',
    { schema: { tags, body: ZRegisterRequest, response: { 201: ZSessionResponse } } },
    async (request, reply) =>
      sendSession(request, reply, await registerOwner({ db, config, input: request.body }), 201),
  );

  app.post(
    '/auth/login',
    { schema: { tags, querystring: ZLoginQuery, body: ZLoginRequest, response: { 200: ZSessionResponse } } },
    async (request, reply) => {
      const userType = request.query.staff ? 'staff' : 'owner';
      const session = await logIn({ db, config, input: request.body, userType, ip: request.ip });
      return sendSession(request, reply, session, 200);
    },
  );

  app.get(
    '/auth/loginfail',
    { schema: { tags, response: { 401: ZErrorResponse } } },
    async (_request, reply) =>
      reply.status(401).send({ error: { code: 'LOGIN_FAILED', message: 'Incorrect e-mail or password' } }),
  );

  app.get(
    '/auth/me',
    { onRequest: authenticate, schema: { tags, response: { 200: ZMeResponse } } },
    (request) => describeSession({ db, principal: principalOf(request) }),
  );

  app.post(
    '/auth/logout',
    { onRequest: authenticate, schema: { tags, response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await logOut({ db, principal: principalOf(request) });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        querystring: ZLoginQuery,
        body: ZForgotPasswordRequest,
        response: { 202: ZAcceptedResponse },
      },
    },
    async (request, reply) => {
      const userType = request.query.staff ? 'staff' : 'owner';
      await requestPasswordReset({ db, config, mailer, input: request.body, userType, ip: request.ip });
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags, body: ZResetPasswordRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await resetPassword({ db, config, input: request.body, ip: request.ip });
      return { status: 'ok' as const };
    },
  );
};
