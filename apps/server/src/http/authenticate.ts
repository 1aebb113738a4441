import type { Access } from '@tavolo/contract/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../core/app-error';
import type { Principal, PrincipalResolver } from '../core/principal';

export const SESSION_COOKIE = 'tavolo_session';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (the contract's declaration); every /api and /auth route has one. */
    access?: Access;
    /** The contract's tag of the route's endpoint (what part of the API it belongs to). */
    tag?: string;
  }
}

export function readToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  // The scheme's name is case-insensitive (RFC 9110 §11.1).
  if (header && /^bearer /i.test(header)) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host of an Origin header; "null" and other non-URLs have none, so they never match. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * A write that a cookie authenticates must come from our own origin. SameSite=Lax already stops
 * cross-site form posts; this also stops same-site subdomains. (A shared device's switch, which its
 * device cookie authenticates, asks it too.)
 */
export function refuseCrossOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin && hostOf(origin) !== request.headers.host) throw forbidden('Cross-origin request refused');
}

/** The credential a guest presented in place of a session, as the route declares it, if any. */
export function guestCredentialOf(
  request: FastifyRequest,
  access: Extract<Access, { kind: 'guest' }>,
): string | undefined {
  const { in: where, name } = access.credential;
  const source =
    where === 'header' ? request.headers : where === 'query' ? request.query : (request.body ?? undefined);
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  // A repeated header is no credential (the service reads one string too).
  return typeof value === 'string' ? value : undefined;
}

/**
 * A credential in the body is only known once the body is validated (a body that is neither a
 * guest's nor staff's is a 400 first); every other declaration is decided before the body is read.
 */
export function decidesAfterValidation(access: Access | undefined): boolean {
  return access?.kind === 'guest' && access.credential.in === 'body';
}

/** Whether a signed-in member holds what a declaration asks of staff (the one rule, also for streams). */
export function holdsAccess(principal: Principal, access: Access): boolean {
  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'owner':
      return principal.userType === 'owner';
    case 'permission':
      return access.anyOf.some((permission) => principal.permissions.has(permission));
    case 'guest':
      return access.staffAnyOf.some((permission) => principal.permissions.has(permission));
  }
}

/**
 * The one access check, run on every request before its handler, by the route's declaration:
 * 401 without a live session where one is needed, 403 without the permission. A guest route lets
 * a guest through (its service checks the guest's token) and asks staff for their session.
 */
export function createAuthorize(resolvePrincipal: PrincipalResolver) {
  async function signIn(request: FastifyRequest): Promise<Principal> {
    const presented = readToken(request);
    const principal = presented ? await resolvePrincipal(presented.token, presented.via) : null;
    if (!principal) throw unauthenticated();
    if (principal.via === 'cookie') refuseCrossOrigin(request);
    request.principal = principal;
    return principal;
  }

  return async function authorize(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    if (access.kind === 'guest') {
      if (guestCredentialOf(request, access) !== undefined || access.staffAnyOf.length === 0) return;
    }
    const principal = await signIn(request);
    if (holdsAccess(principal, access)) return;
    throw access.kind === 'owner' ? forbidden('Only the owner can do this') : forbidden();
  };
}
