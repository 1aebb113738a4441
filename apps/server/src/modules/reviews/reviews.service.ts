import type { TOrderStatus } from '@tavolo/contract/orders';
import type {
  TCreateReviewRequest,
  TOrderReview,
  TReview,
  TReviewListQuery,
  TReviewPage,
} from '@tavolo/contract/reviews';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import { findGuestOrder, findOrderRow } from '../orders/orders.service';
import { averageRatingOf } from './average-rating';
import {
  countReviewsByRating,
  findReviewOfOrder,
  findReviews,
  insertReviewOnce,
  sumRatings,
  toReview,
} from './reviews.repository';

/** PRODUCT.md §7: reviews are accepted once the order is served or completed. */
const REVIEWABLE: readonly TOrderStatus[] = ['served', 'completed'];

/** Empty text counts as none (forms send "" for a field left blank). */
const textOrNull = (value: string | undefined) => (value ? value : null);

/**
 * A guest reviews their order, once: the token in the body is their whole claim, so staff (who
 * hold no order's token) cannot review. The comment is stored as written, never as HTML.
 */
export async function createReview(ctx: ServiceContext, input: TCreateReviewRequest): Promise<TReview> {
  const order = await findGuestOrder(ctx.db, { id: input.orderId, guestToken: input.guestToken });
  if (!REVIEWABLE.includes(order.status)) {
    throw new AppError(
      'UNPROCESSABLE',
      `This order can be reviewed once it has been served (it is ${order.status})`,
    );
  }
  const row = await insertReviewOnce(ctx.db, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    rating: input.rating,
    comment: textOrNull(input.comment),
    guestName: textOrNull(input.guestName),
  });
  if (!row) throw new AppError('DUPLICATE', 'This order has already been reviewed');
  return toReview({ ...row, orderNumber: order.number, tableNumber: order.tableNumber });
}

/** Whether the guest's order has a review yet (their order page shows the thank-you then). */
export async function getOrderReview(
  ctx: ServiceContext,
  input: { orderId: string; guestToken: string | undefined },
): Promise<TOrderReview> {
  // A guest names their order with its token; staff (reviews.view, checked by the route) read
  // any order of their restaurant's.
  const order =
    input.guestToken !== undefined
      ? await findGuestOrder(ctx.db, { id: input.orderId, guestToken: input.guestToken })
      : ctx.principal
        ? await findOrderRow(ctx.db, ctx.principal.restaurantId, input.orderId)
        : undefined;
  if (!order) throw notFound('Order');
  // The restaurant is the one the guest's token named: no further lookup.
  const row = await findReviewOfOrder(ctx.db, order.restaurantId, order.id);
  return { review: row ? toReview(row) : null };
}

/** The session's restaurant's reviews: a page of them, and the average and distribution of all. */
export async function listReviews(ctx: StaffContext, query: TReviewListQuery): Promise<TReviewPage> {
  const { db, principal } = ctx;
  const { restaurantId } = principal;
  const [page, distribution] = await Promise.all([
    findReviews(
      db,
      restaurantId,
      { rating: query.rating },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    ),
    countReviewsByRating(db, restaurantId),
  ]);
  let count = 0;
  let sum = 0;
  for (const [stars, n] of Object.entries(distribution)) {
    count += n;
    sum += Number(stars) * n;
  }
  return {
    averageRating: averageRatingOf(sum, count),
    count,
    distribution,
    items: page.rows.map(toReview),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The restaurant's ratings summed: of every review, and of those before `before` (the average as it
 * stood then), for the Overview.
 */
export function sumRestaurantRatings(db: Db, restaurantId: string, before: Date) {
  return sumRatings(db, restaurantId, before);
}
