import { ordersRoutes } from '@tavolo/contract/client/orders';
import { urlOf } from '../../../lib/api-client';
import { type OrderListFilters, orderListSearch } from './get-orders';

/**
 * Where the CSV of the filtered orders downloads from. A plain link (not fetch) so the browser
 * saves the attachment itself, with the session cookie.
 */
export function exportOrdersCsvUrl(
  restaurantId: string,
  filters: Omit<OrderListFilters, 'page' | 'pageSize'>,
): string {
  return urlOf(ordersRoutes.exportOrdersCsv, {
    params: { restaurantId },
    query: orderListSearch(filters),
  });
}
