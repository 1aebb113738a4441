import { z } from 'zod';
import { access, endpoint } from './endpoint';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ZUploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

export const uploadsEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/uploads',
    tag: 'uploads',
    summary: 'Upload an image (menu photo, logo, banner)',
    description: 'Multipart field `file`: a JPEG, PNG or WebP image of at most 5 MB.',
    // Photos and banners belong to the menu and the restaurant's profile; nobody else uploads.
    access: access.permission('menu.manage', 'settings.manage'),
    consumes: 'multipart/form-data',
    status: 201,
    response: ZUploadResponse,
    errors: [422],
  }),
};
