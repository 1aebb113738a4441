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
 * - `permission`: signed in and holding at least one of `anyOf` (owners hold every permission).
 * - `guest`: a guest presenting `credential` (checked by the service), or — when the credential is
 *   absent and `staffAnyOf` is not empty — a signed-in member holding one of those permissions.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; anyOf: readonly TPermission[] }
  | { kind: 'guest'; credential: GuestCredential; staffAnyOf: readonly TPermission[] };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  permission: <const P extends TPermission>(...anyOf: [P, ...P[]]) =>
    ({ kind: 'permission', anyOf }) as const,
  guest: <const P extends TPermission>(credential: GuestCredential, ...staffAnyOf: P[]) =>
    ({ kind: 'guest', credential, staffAnyOf }) as const,
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

export type Endpoint = {
  method: HttpMethod;
  /** Fastify style: `/api/menu/:id`. A `:restaurantId` must be the session's restaurant (else 404). */
  path: `/${string}`;
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
};

/** Declares an endpoint, keeping its literal types (the access kind, the schemas) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodObject ? z.input<E['params']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** The endpoint's path with its `:params` filled in (each one URL-encoded). */
export function pathOf(definition: Endpoint, params?: Record<string, string | number>): string {
  return definition.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path}: missing the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
