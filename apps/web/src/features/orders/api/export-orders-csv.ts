import { type OrderListFilters, orderListSearch } from './get-orders';

/**
 * Where the CSV of the filtered orders downloads from. A plain link (not fetch) so the browser
 * saves the attachment itself, with the session cookie.
 */
export function exportOrdersCsvUrl(
  restaurantId: string,
  filters: Omit<OrderListFilters, 'page' | 'pageSize'>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(orderListSearch(filters))) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/orders/restaurant/${encodeURIComponent(restaurantId)}/export.csv${search ? `?${search}` : ''}`;
}
