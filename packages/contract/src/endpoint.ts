import type { z } from 'zod';
import type { TPermission } from './permissions';

/**
 * The endpoint table: each call's method, path, who may make it and its schemas, declared once.
 * The server registers its routes from it and the web's client builds its requests from it, so a
 * path or a schema cannot drift between the two.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a guest shows the token that stands in for a session (a table's code, an order's token). */
export type GuestCredential = { in: 'body' | 'header' | 'query'; name: string };

/**
 * Who may call an endpoint:
 * - `public`: anyone; no session is read.
 * - `signed-in`: any signed-in owner or staff member of the session's restaurant.
 * - `owner`: a signed-in owner (staff get 403): what belongs to the owner's account, not to a role.
 * - `permission`: signed in and holding at least one of `anyOf` (owners hold every permission).
 * - `guest`: a guest presenting `credential` (checked by the service), or — when the credential is
 *   absent and `staffAnyOf` is not empty — a signed-in member holding one of those permissions.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'owner' }
  | { kind: 'permission'; anyOf: readonly TPermission[] }
  | { kind: 'guest'; credential: GuestCredential; staffAnyOf: readonly TPermission[] };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  owner: { kind: 'owner' },
  permission: <const P extends TPermission>(...anyOf: [P, ...P[]]) =>
    ({ kind: 'permission', anyOf }) as const,
  guest: <const P extends TPermission>(credential: GuestCredential, ...staffAnyOf: P[]) =>
    ({ kind: 'guest', credential, staffAnyOf }) as const,
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** Error statuses an endpoint declares beyond those its access and inputs imply (see errorStatusesOf). */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

export type Endpoint = {
  method: HttpMethod;
  /** Fastify style: `/api/menu/:id`. */
  path: `/${string}`;
  /**
   * The path parameter that names the session's restaurant, which it must equal (else 404):
   * `restaurantId` when the path has one. Where a path shares its shape with one naming another
   * entity (`GET /api/categories/{id}` lists a restaurant's, `PUT` changes one), it is `id`.
   */
  restaurantParam?: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204 | 401;
  /** The success body's schema (JSON); absent when `produces` names another media type or for 204. */
  response?: z.ZodType;
  /** Media type of a success answer that is not JSON (an image, CSV, an event stream). */
  produces?: string;
  /** Media type of a request body that is not JSON (an upload). */
  consumes?: 'multipart/form-data';
  /** Accepts an Idempotency-Key header: a retry with the same key replays the first answer. */
  idempotent?: true;
  /** Conflicts, unprocessable input, rate limits… that the service may answer. */
  errors?: readonly DeclaredErrorStatus[];
};

/** Declares an endpoint, keeping its literal types (the access kind, the schemas) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/**
 * An endpoint's method and path without its schemas: what a client needs to call it. The
 * `client/*` modules hold these tables, so that a page can call the API without loading zod and
 * every schema. Its type still names the whole endpoint, which types the call's params, body and
 * answer.
 */
export type Route<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the endpoint's type. */
  readonly endpoint?: E;
};

/** The endpoint a route (or an endpoint itself) stands for. */
export type EndpointOf<R extends Route> = R extends Endpoint ? R : R extends Route<infer E> ? E : never;

/**
 * A table of routes from lines like `'POST /api/orders'`, one per endpoint of `T`: the type
 * checker holds each line to the endpoint's method and path, and wants every endpoint. Marked free of
 * side effects so that a bundle drops the tables it never reads.
 */
/* @__NO_SIDE_EFFECTS__ */
export function routesOf<T extends Record<string, Endpoint>>(
  table: {
    [K in keyof T]: `${T[K]['method']} ${T[K]['path']}`;
  },
): { [K in keyof T]: Route<T[K]> } {
  const routes: Record<string, Route> = {};
  for (const [name, line] of Object.entries<string>(table)) {
    const [method, path] = line.split(' ') as [HttpMethod, `/${string}`];
    routes[name] = { method, path };
  }
  return routes as { [K in keyof T]: Route<T[K]> };
}

// Each takes an endpoint or its route (see `Route`).
export type ParamsOf<E extends Route> = EndpointOf<E>['params'] extends z.ZodObject
  ? z.input<EndpointOf<E>['params']>
  : undefined;
export type QueryOf<E extends Route> = EndpointOf<E>['query'] extends z.ZodType
  ? z.input<EndpointOf<E>['query']>
  : undefined;
export type BodyOf<E extends Route> = EndpointOf<E>['body'] extends z.ZodType
  ? z.input<EndpointOf<E>['body']>
  : undefined;
export type ResponseOf<E extends Route> = EndpointOf<E>['response'] extends z.ZodType
  ? z.output<EndpointOf<E>['response']>
  : undefined;

/** The path parameter that must be the session's restaurant, if the endpoint has one. */
export function restaurantParamOf(definition: Endpoint): string | undefined {
  if (definition.restaurantParam) return definition.restaurantParam;
  return definition.path.includes(':restaurantId') ? 'restaurantId' : undefined;
}

/**
 * Every error status the endpoint can answer: 400 for any request, 401/403 by its access, 404 for a
 * path naming something, 409/422 for an Idempotency-Key, 413/415 for a body, and what it declares.
 */
export function errorStatusesOf(definition: Endpoint): number[] {
  const { access: who } = definition;
  const bodyMethod = definition.method !== 'GET';
  const session =
    who.kind === 'signed-in' ||
    who.kind === 'owner' ||
    who.kind === 'permission' ||
    (who.kind === 'guest' && who.staffAnyOf.length > 0);
  // Any request may carry a header the server cannot read (a control character): 400.
  const statuses = new Set<number>([...(definition.errors ?? []), 400]);
  if (session) statuses.add(401);
  // Permissions, and the cross-origin check on cookie-authenticated writes.
  if (
    who.kind === 'permission' ||
    who.kind === 'owner' ||
    (who.kind === 'guest' && who.staffAnyOf.length > 0) ||
    (session && bodyMethod)
  )
    statuses.add(403);
  if (definition.params || who.kind === 'guest') statuses.add(404);
  // A key still in use by its first request (409), or sent again with another request (422).
  if (definition.idempotent) {
    statuses.add(409);
    statuses.add(422);
  }
  if (bodyMethod) {
    statuses.add(413);
    statuses.add(415);
  }
  statuses.delete(definition.status ?? 200);
  return [...statuses].sort((a, b) => a - b);
}

/** The endpoint's path with its `:params` filled in (each one URL-encoded). */
export function pathOf(definition: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return definition.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path}: missing the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
