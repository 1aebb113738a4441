import { routesOf } from '../endpoint';
import type { reviewsEndpoints } from '../reviews';

/** The reviews endpoints' routes and constants without their schemas (see `Route`). */

export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_GUEST_NAME_MAX = 80;

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;

export const reviewsRoutes = routesOf<typeof reviewsEndpoints>({
  createReview: 'POST /reviews',
  getOrderReview: 'GET /reviews/order/:orderId',
  listReviews: 'GET /reviews/restaurant/:restaurantId',
});
