import { z } from 'zod';
import { ERROR_CODES } from './values/errors';

export { ERROR_CODES } from './values/errors';

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
