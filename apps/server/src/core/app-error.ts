import type { TErrorCode, TErrorResponse } from '@tavolo/contract/errors';

/**
 * The one table of what each error code answers: a service throws a code, and the status follows
 * from it, so one code never goes out with two statuses.
 */
export const ERROR_STATUSES = {
  MALFORMED_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  APPROVAL_REQUIRED: 403,
  APPROVAL_REFUSED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  DUPLICATE: 409,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  INSUFFICIENT_FUNDS: 409,
  PAYMENT_REQUIRED: 409,
  SPLIT_STALE: 409,
  LINE_STARTED: 409,
  UNITS_PAID: 409,
  OUT_OF_STOCK: 409,
  DAY_CLOSED: 409,
  DAY_HAS_OPEN_BILLS: 409,
  BACKUP_RUNNING: 409,
  BACKUPS_UNAVAILABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<TErrorCode, number>;

export type ErrorStatus = (typeof ERROR_STATUSES)[TErrorCode];

/** The figures an error's body carries beside its message, for a client to word it in its language. */
export type ErrorDetails = Pick<TErrorResponse['error'], 'outOfStock' | 'itemsTaken'>;

/** The one error type services throw; the error handler turns it into PRODUCT.md's error shape. */
export class AppError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 429's Retry-After: seconds until the caller may try again. */
    readonly retryAfterSeconds?: number,
    /** An OUT_OF_STOCK's dishes short (`outOfStock`), a bill's items taken (`itemsTaken`). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUSES[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue') => new AppError('UNAUTHENTICATED', message);
