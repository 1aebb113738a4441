import { z } from 'zod';

/** Every error code the API can answer with; the web app switches on these. */
export const ERROR_CODES = [
  'MALFORMED_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'LOGIN_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'DUPLICATE',
  'CONFLICT',
  'INVALID_TRANSITION',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_REQUIRED',
  'IDEMPOTENCY_MISMATCH',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  'INVALID_SIGNATURE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZErrorResponse = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    /** Field path (dot-joined) → what is wrong with it. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
