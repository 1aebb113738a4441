import { z } from 'zod';
import { ZId, ZOptionalText, ZPageQuery, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';
import { GUEST_TOKEN_HEADER } from './orders';
import { REVIEW_COMMENT_MAX, REVIEW_GUEST_NAME_MAX, REVIEW_RATINGS } from './values/reviews';

export { REVIEW_COMMENT_MAX, REVIEW_GUEST_NAME_MAX, REVIEW_RATINGS };

/**
 * Reviews: a guest rates their order once it is served or completed (one review per order), with
 * the order's guestToken as their credential; staff holding reviews.view read the restaurant's.
 * Comments are stored exactly as written (plain text, never HTML): whoever shows one shows it as text.
 */

export const ZRating = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number of stars' })
  .min(1, { message: 'must be at least 1' })
  .max(5, { message: 'must be at most 5' });

export const ZReview = z.object({
  id: ZId,
  orderId: ZId,
  orderNumber: z.number().int(),
  tableNumber: z.number().int(),
  rating: z.number().int().min(1).max(5),
  /** As the guest wrote it (plain text; line breaks kept); null without one. */
  comment: z.string().nullable(),
  guestName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TReview = z.infer<typeof ZReview>;

/** The order's guestToken is the guest's credential; "" for comment or guestName means none. */
export const ZCreateReviewRequest = z
  .object({
    orderId: ZId,
    guestToken: z.string().min(1, { message: 'is required' }).max(200),
    rating: ZRating,
    comment: ZOptionalText(REVIEW_COMMENT_MAX),
    guestName: ZOptionalText(REVIEW_GUEST_NAME_MAX),
  })
  .strict();
export type TCreateReviewRequest = z.infer<typeof ZCreateReviewRequest>;

export const ZReviewListQuery = ZPageQuery.extend({
  rating: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number of stars' })
    .min(1, { message: 'must be at least 1' })
    .max(5, { message: 'must be at most 5' })
    .optional(),
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuery>;

/** How many reviews gave each number of stars. */
export const ZRatingDistribution = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type TRatingDistribution = z.infer<typeof ZRatingDistribution>;

/**
 * One page of reviews, newest first. `averageRating` (one decimal, null without reviews), `count`
 * and `distribution` cover every review of the restaurant; `total` counts those the filter keeps.
 */
export const ZReviewPage = z.object({
  averageRating: z.number().nullable(),
  count: z.number().int(),
  distribution: ZRatingDistribution,
  items: z.array(ZReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TReviewPage = z.infer<typeof ZReviewPage>;

export const ZOrderIdParams = z.object({ orderId: ZId });

/** Whether the guest's order was reviewed: its review, or null while it has none. */
export const ZOrderReview = z.object({ review: ZReview.nullable() });
export type TOrderReview = z.infer<typeof ZOrderReview>;

export const reviewsEndpoints = {
  createReview: endpoint({
    method: 'POST',
    path: '/reviews',
    tag: 'reviews',
    summary: 'Review an order (a guest, once it is served or completed)',
    description:
      "A guest sends their order's guestToken in the body. One review per order: a second answers 409 DUPLICATE. An order not yet served answers 422. An unknown order, or a token that is not the order's, answers 404.",
    access: access.guest({ in: 'body', name: 'guestToken' }),
    body: ZCreateReviewRequest,
    status: 201,
    response: ZReview,
    errors: [409, 422],
  }),
  getOrderReview: endpoint({
    method: 'GET',
    path: '/reviews/order/:orderId',
    tag: 'reviews',
    summary: "An order's review, if any",
    description: `A guest sends the ${GUEST_TOKEN_HEADER} header of their order; staff read any order of their restaurant's. Answers its review, or null while it has none.`,
    access: access.guest({ in: 'header', name: GUEST_TOKEN_HEADER }, 'reviews.view'),
    params: ZOrderIdParams,
    response: ZOrderReview,
  }),
  listReviews: endpoint({
    method: 'GET',
    path: '/reviews/restaurant/:restaurantId',
    restaurantParam: 'restaurantId',
    tag: 'reviews',
    summary: "The restaurant's reviews, newest first, with the average and the distribution",
    access: access.permission('reviews.view'),
    params: ZRestaurantParams,
    query: ZReviewListQuery,
    response: ZReviewPage,
  }),
};
