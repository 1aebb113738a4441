import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ZUploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
