import { restaurantsRoutes } from '@tavolo/contract/client/restaurants';
import { urlOf } from '../../../lib/api-client';

/**
 * Where all of a restaurant's data downloads from, as a zip (owners). A plain link (not fetch), so
 * the browser saves the attachment itself as it streams, with the session cookie.
 */
export function exportRestaurantUrl(restaurantId: string): string {
  return urlOf(restaurantsRoutes.exportRestaurant, { params: { id: restaurantId } });
}
