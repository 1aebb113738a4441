import { routesOf } from '../endpoint';
import type { ordersEndpoints } from '../orders';

/** The orders endpoints' routes without their schemas (see `Route`). */

export const ordersRoutes = routesOf<typeof ordersEndpoints>({
  placeOrder: 'POST /api/orders',
  getOrder: 'GET /api/orders/:id',
  listOrders: 'GET /api/orders/restaurant/:restaurantId',
  exportOrdersCsv: 'GET /api/orders/restaurant/:restaurantId/export.csv',
  updateOrderStatus: 'PUT /api/orders/:id/status',
  restaurantStream: 'GET /api/orders/stream',
  guestOrderStream: 'GET /api/orders/:id/stream',
  recordPayment: 'POST /api/orders/:id/payments',
});
