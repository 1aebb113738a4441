import { routesOf } from '../endpoint';
import type { uploadsEndpoints } from '../uploads';

/** The uploads endpoints' routes and constants without their schemas (see `Route`). */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadsRoutes = routesOf<typeof uploadsEndpoints>({
  uploadImage: 'POST /api/uploads',
  image: 'GET /uploads/:owner/:file',
});
