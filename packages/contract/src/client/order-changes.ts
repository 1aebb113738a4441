import { routesOf } from '../endpoint';
import type { orderChangesEndpoints } from '../order-changes';

/** The order changes' routes without their schemas (see `Route`). */

export const orderChangesRoutes = routesOf<typeof orderChangesEndpoints>({
  changeOrderLine: 'PUT /api/orders/:id/lines/:lineIndex',
  voidOrderLine: 'POST /api/orders/:id/lines/:lineIndex/void',
  discountOrder: 'POST /api/orders/:id/discounts',
  moveOrder: 'POST /api/orders/:id/move',
});
