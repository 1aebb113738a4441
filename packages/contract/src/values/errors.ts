// The error codes, without zod: errors.ts builds its schemas on them and pages read them here. Not in
// client/errors.ts, which imports errors.ts for its types: errors.ts would import it back.

/** Every error code the API can answer with; the web app switches on these. */
export const ERROR_CODES = [
  'MALFORMED_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'LOGIN_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'DUPLICATE',
  'CONFLICT',
  'INVALID_TRANSITION',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_REQUIRED',
  'SPLIT_STALE',
  'LINE_STARTED',
  'UNITS_PAID',
  'APPROVAL_REQUIRED',
  'APPROVAL_REFUSED',
  'IDEMPOTENCY_MISMATCH',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  'INVALID_SIGNATURE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
