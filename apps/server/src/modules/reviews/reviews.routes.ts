import { GUEST_TOKEN_HEADER } from '@tavolo/contract/orders';
import { reviewsEndpoints } from '@tavolo/contract/reviews';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { createReview, getOrderReview, listReviews } from './reviews.service';

export function registerReviewsRoutes(route: RouteRegistrar) {
  route(reviewsEndpoints.createReview, (ctx, { body }) => createReview(ctx, body));
  route(reviewsEndpoints.getOrderReview, (ctx, request) =>
    getOrderReview(ctx, {
      orderId: request.params.orderId,
      guestToken: headerOf(request, GUEST_TOKEN_HEADER),
    }),
  );
  route(reviewsEndpoints.listReviews, (ctx, { query }) => listReviews(ctx, query));
}
