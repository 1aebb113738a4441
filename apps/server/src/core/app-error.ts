import type { TErrorCode } from '@tavolo/contract/errors';

/** The one error type services throw; the error handler turns it into PRODUCT.md's error shape. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 429's Retry-After: seconds until the caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', 403, message);
export const unauthenticated = (message = 'Sign in to continue') =>
  new AppError('UNAUTHENTICATED', 401, message);
