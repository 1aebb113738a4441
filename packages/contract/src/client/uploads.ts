import { routesOf } from '../endpoint';
import type { uploadsEndpoints } from '../uploads';

/** The uploads endpoints' routes without their schemas (see `Route`). */

export const uploadsRoutes = routesOf<typeof uploadsEndpoints>({
  uploadImage: 'POST /api/uploads',
  image: 'GET /uploads/:owner/:file',
});
