import { routesOf } from '../endpoint';
import type { reviewsEndpoints } from '../reviews';

/** The reviews endpoints' routes without their schemas (see `Route`). */

export const reviewsRoutes = routesOf<typeof reviewsEndpoints>({
  createReview: 'POST /reviews',
  getOrderReview: 'GET /reviews/order/:orderId',
  listReviews: 'GET /reviews/restaurant/:restaurantId',
});
