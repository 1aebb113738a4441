import { routesOf } from '../endpoint';
import type { paymentsEndpoints } from '../payments';

/** The payments endpoints' routes without their schemas (see `Route`). */

export const paymentsRoutes = routesOf<typeof paymentsEndpoints>({
  listPayments: 'GET /api/payments/restaurant/:restaurantId',
  paymentStats: 'GET /api/payments/stats/:restaurantId',
  orderPayments: 'GET /api/orders/:id/payments',
  refundPayment: 'POST /api/payments/:id/refund',
  startCheckout: 'POST /api/orders/:id/checkout',
  sandboxCheckout: 'GET /api/payments/sandbox/:paymentId',
  sandboxComplete: 'POST /api/payments/sandbox/:paymentId/complete',
  paymentWebhook: 'POST /api/payments/webhooks/:provider',
});
