import { authRoutes } from '@tavolo/contract/client/auth';
import { devicesRoutes } from '@tavolo/contract/client/devices';
import type { TApiError } from '@tavolo/contract/client/errors';
import {
  type BodyOf,
  type Endpoint,
  type EndpointOf,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type ResponseOf,
  type Route,
} from '@tavolo/contract/endpoint';
import type { TErrorCode } from '@tavolo/contract/errors';
import { RELEASE_HEADER } from '@tavolo/contract/values/health';
import type { z } from 'zod';
import { dropEmptyStrings, HttpError } from './http-error';
import { activeLanguage, t } from './i18n/i18n';
import { releaseWatch } from './release';

export { dropEmptyStrings, HttpError };

export const DEFAULT_TIMEOUT_MS = 30_000;

export type RequestErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

/** The request never produced a usable answer: no network, too slow, or an unreadable body. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An error whose message is written for the person using the app. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

let onUnauthorized: (() => void) | undefined;

/**
 * The app registers what a lapsed session means (clear it, go to /login). Calls of the auth
 * endpoints are exempt: a 401 there is an answer (wrong password, not signed in), not a lapsed
 * session.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

let onReach: ((reached: boolean) => void) | undefined;

/**
 * Hears whether each request got through: an answer came (true), or none did — no network, a
 * timeout, a broken-off body, or a gateway saying the server behind it is away (false). The
 * dashboard counts a run of these as "offline" (lib/staff-connection.ts).
 */
export function setReachListener(listener: ((reached: boolean) => void) | undefined): void {
  onReach = listener;
}

/** A proxy's answers for a server it cannot reach (one restarting behind it, say). */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses (and types) the successful answer; a mismatch is a PARSING_ERROR. */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sees the answer's status and headers before its body is read (the guest's menu: where it came from). */
  onResponse?: (response: Response) => void;
}

type QueryValues = RequestOptions<unknown>['query'];

function buildUrl(path: string, query: QueryValues): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

// A shared device's switch answers a wrong PIN with 401 too: an answer, not a lapsed session.
const AUTH_PATHS: ReadonlySet<string> = new Set(
  [...Object.values(authRoutes), devicesRoutes.switchUser].map((route) => route.path),
);

/**
 * A non-2xx answer as an HttpError (its body parsed when it is JSON). A 401 outside the auth
 * endpoints also reports the lapsed session. Shared with calls that cannot use fetch (uploads with
 * progress).
 */
export function toHttpError(path: string, status: number, text: string): HttpError {
  const parsed = text ? parseJson(text) : { ok: true as const, value: null };
  const error = new HttpError(status, parsed.ok ? parsed.value : text);
  if (status === 401 && !AUTH_PATHS.has(path)) onUnauthorized?.();
  return error;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, query, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(dropEmptyStrings(body));
  }

  // Our own timer rather than AbortSignal.timeout: it tells a timeout apart from a caller's abort.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) abortFromCaller();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) {
        onReach?.(false);
        throw new RequestError('TIMEOUT_ERROR', 'The server took too long to answer.', { cause: error });
      }
      if (signal?.aborted) throw error;
      onReach?.(false);
      throw new RequestError('FETCH_ERROR', 'Could not reach the server.', { cause: error });
    }
    // Every answer names the release its server serves: a page older than it offers to reload.
    releaseWatch.note(response.headers.get(RELEASE_HEADER));
    options.onResponse?.(response);

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (timedOut) {
        onReach?.(false);
        throw new RequestError('TIMEOUT_ERROR', 'The server took too long to answer.', { cause: error });
      }
      if (signal?.aborted) throw error;
      onReach?.(false);
      throw new RequestError('FETCH_ERROR', 'The connection broke off.', { cause: error });
    }
    onReach?.(!GATEWAY_STATUSES.has(response.status));

    if (!response.ok) throw toHttpError(path, response.status, text);

    let value: unknown;
    if (text !== '') {
      const parsed = parseJson(text);
      if (!parsed.ok) {
        throw new RequestError('PARSING_ERROR', 'The server sent an unreadable answer.', {
          cause: parsed.error,
        });
      }
      value = parsed.value;
    }
    if (!schema) return value as T;
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new RequestError('PARSING_ERROR', 'The server sent an unexpected answer.', {
        cause: result.error,
      });
    }
    return result.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** What a call of `endpoint` carries besides its method and path, typed from its schemas. */
export type EndpointCall<E extends Endpoint> = {
  /** Fills the path's `:params` (each one URL-encoded). */
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  onResponse?: (response: Response) => void;
} & (ParamsOf<E> extends undefined ? unknown : { params: ParamsOf<E> }) &
  (BodyOf<E> extends undefined ? unknown : { body: BodyOf<E> });

// The options may be left out only when the endpoint needs neither params nor a body.
type EndpointCallArgs<E extends Endpoint> =
  object extends EndpointCall<E> ? [call?: EndpointCall<E>] : [call: EndpointCall<E>];

/** The endpoint's address with its params filled in and its query encoded: for links and streams. */
export function urlOf<R extends Route>(
  route: R,
  { params, query }: { params?: ParamsOf<EndpointOf<R>>; query?: QueryOf<EndpointOf<R>> } = {},
): string {
  return buildUrl(pathOf(route, params as Record<string, string> | undefined), query as QueryValues);
}

/**
 * Calls an endpoint of the contract: method and path come from its route (`client/*`), so neither
 * can drift from what the server declares, and its schemas type the call. The answer is parsed
 * only when given the whole endpoint (its response schema, loaded with the screen that wants it):
 * the routes leave zod and the schemas out of the first pages, and the server already answers
 * through those schemas.
 */
export function callEndpoint<R extends Route>(
  route: R,
  ...[call]: EndpointCallArgs<EndpointOf<R>>
): Promise<ResponseOf<EndpointOf<R>>> {
  const { params, query, body, headers, signal, timeoutMs, onResponse } = (call ??
    {}) as EndpointCall<Endpoint>;
  return apiRequest(pathOf(route, params as Record<string, string> | undefined), {
    method: route.method,
    query: query as QueryValues,
    body,
    headers,
    signal,
    timeoutMs,
    onResponse,
    schema: (route as Partial<Endpoint>).response as z.ZodType<ResponseOf<EndpointOf<R>>> | undefined,
  });
}

/**
 * What a screen says for an error code where it knows the case better than the general words (a
 * CONFLICT on deleting a table: it still has open orders). Used outside English only.
 */
export type ErrorWording = Partial<Record<TErrorCode, () => string>>;

/**
 * The API's error in the person's language. The server words its errors in English and for the case
 * at hand ("Table 4 already exists"): in English they are shown as they come; in another language,
 * the screen's wording for the code, else what the code means in general.
 */
function describeApiError({ code, message, outOfStock }: TApiError, wording?: ErrorWording): string {
  if (activeLanguage() === 'en') return message;
  const own = wording?.[code];
  if (own) return own();
  switch (code) {
    case 'UNAUTHENTICATED':
      return t('lib.apiError.signIn');
    case 'LOGIN_FAILED':
      return t('lib.apiError.loginFailed');
    case 'FORBIDDEN':
      return t('lib.apiError.forbidden');
    case 'NOT_FOUND':
      return t('lib.apiError.notFound');
    case 'DUPLICATE':
      return t('lib.apiError.duplicate');
    case 'CONFLICT':
    case 'INVALID_TRANSITION':
    case 'SPLIT_STALE':
      return t('lib.apiError.conflict');
    case 'INSUFFICIENT_FUNDS':
      return t('lib.apiError.insufficientFunds');
    case 'PAYMENT_REQUIRED':
      return t('lib.apiError.paymentRequired');
    case 'OUT_OF_STOCK':
      // What is left of each dish short, from the answer's figures rather than its English.
      return outOfStock?.length
        ? outOfStock
            .map((dish) => t('lib.apiError.onlyLeft', { name: dish.name, count: dish.remaining }))
            .join(' ')
        : t('lib.apiError.outOfStock');
    case 'PAYLOAD_TOO_LARGE':
      return t('lib.apiError.tooLarge');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return t('lib.upload.wrongType');
    case 'REQUEST_TIMEOUT':
      return t('lib.error.timeout');
    case 'RATE_LIMITED':
      return t('lib.apiError.rateLimited');
    case 'INVALID_TOKEN':
      return t('lib.apiError.invalidToken');
    case 'UNAVAILABLE':
    case 'INTERNAL':
      return t('lib.error.server');
    default:
      // MALFORMED_REQUEST, VALIDATION_FAILED, UNPROCESSABLE and the request's other faults.
      return t('lib.apiError.invalid');
  }
}

/** A sentence a person can act on, for any failure of `apiRequest`. */
export function getErrorMessage(error: unknown, wording?: ErrorWording): string {
  if (error instanceof RequestError) {
    switch (error.kind) {
      case 'FETCH_ERROR':
        return t('lib.error.unreachable');
      case 'TIMEOUT_ERROR':
        return t('lib.error.timeout');
      case 'PARSING_ERROR':
        return t('lib.error.unexpectedAnswer');
    }
  }
  if (error instanceof HttpError) {
    if (error.apiError) return describeApiError(error.apiError, wording);
    if (error.status >= 500) return t('lib.error.server');
    return t('lib.error.status', { status: error.status });
  }
  if (error instanceof UserFacingError) return error.message;
  return t('lib.error.unknown');
}
