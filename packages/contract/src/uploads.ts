import { z } from 'zod';
import { access, endpoint } from './endpoint';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './values/uploads';

export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES };

export const ZUploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/**
 * An image's URL, as an upload answered it: `/uploads/<restaurantId>/<uuid>.webp`. The first part
 * is not called restaurantId: images are public (a guest's menu shows them), not the session's.
 */
export const ZImageParams = z.object({
  owner: z.string().meta({ description: 'The id of the restaurant the image belongs to' }),
  file: z.string().meta({ description: 'The image: `<uuid>.webp`' }),
});

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
  image: endpoint({
    method: 'GET',
    path: '/uploads/:owner/:file',
    tag: 'uploads',
    summary: 'An uploaded image (the `url` its upload answered)',
    description:
      'WebP bytes. An image never changes under its URL: cached for a year, with an ETag (304 on If-None-Match).',
    access: access.public,
    params: ZImageParams,
    produces: 'image/webp',
  }),
};
