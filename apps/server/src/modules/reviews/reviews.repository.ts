import type { TRatingDistribution, TReview } from '@tavolo/contract/reviews';
import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ReviewRow } from '../../db/rows';
import { dashboardRatings, orders, reviews } from '../../db/schema';

/** A review with what lists show beside it: its order's number and table. */
export type ReviewWithOrderRow = ReviewRow & { orderNumber: number; tableNumber: number };

export function toReview(row: ReviewWithOrderRow): TReview {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    tableNumber: row.tableNumber,
    rating: row.rating,
    comment: row.comment,
    guestName: row.guestName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Inserts the order's review unless it has one: a second (or racing) insert finds the unique
 * index taken and returns nothing, never a second row.
 */
export async function insertReviewOnce(
  db: Db,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.orderId })
    .returning();
  return row;
}

const withOrderColumns = { review: reviews, orderNumber: orders.number, tableNumber: orders.tableNumber };
const flatten = (r: { review: ReviewRow; orderNumber: number; tableNumber: number }) => ({
  ...r.review,
  orderNumber: r.orderNumber,
  tableNumber: r.tableNumber,
});

/** The review of one of the restaurant's orders. */
export async function findReviewOfOrder(
  db: Db,
  restaurantId: string,
  orderId: string,
): Promise<ReviewWithOrderRow | undefined> {
  const [row] = await db
    .select(withOrderColumns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.restaurantId, restaurantId), eq(reviews.orderId, orderId)));
  return row && flatten(row);
}

/** One page of the restaurant's reviews, newest first, and how many the filter keeps. */
export async function findReviews(
  db: Db,
  restaurantId: string,
  filters: { rating?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewWithOrderRow[]; total: number }> {
  const conditions: SQL[] = [eq(reviews.restaurantId, restaurantId)];
  if (filters.rating !== undefined) conditions.push(eq(reviews.rating, filters.rating));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(withOrderColumns)
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows: rows.map(flatten), total: totals?.total ?? 0 };
}

/** How many reviews gave each number of stars (every review of the restaurant). */
export async function countReviewsByRating(db: Db, restaurantId: string): Promise<TRatingDistribution> {
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.restaurantId, restaurantId))
    .groupBy(reviews.rating);
  const distribution: TRatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) distribution[row.rating as keyof TRatingDistribution] = Number(row.count);
  return distribution;
}

/**
 * The restaurant's ratings summed: of every review (the rollup row the reviews trigger keeps), and
 * of those created before `before` (the average as it stood then: the rollup less the reviews since,
 * a short covered range however long the history). Integers, so the average is rounded without
 * floating error.
 */
export async function sumRatings(
  db: Db,
  restaurantId: string,
  before: Date,
): Promise<{ count: number; sum: number; countBefore: number; sumBefore: number }> {
  const [[total], [since]] = await Promise.all([
    db
      .select({ count: dashboardRatings.ratingCount, sum: dashboardRatings.ratingSum })
      .from(dashboardRatings)
      .where(eq(dashboardRatings.restaurantId, restaurantId)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      })
      .from(reviews)
      .where(and(eq(reviews.restaurantId, restaurantId), gte(reviews.createdAt, before))),
  ]);
  const count = Number(total?.count ?? 0);
  const sum = Number(total?.sum ?? 0);
  return {
    count,
    sum,
    countBefore: count - Number(since?.count ?? 0),
    sumBefore: sum - Number(since?.sum ?? 0),
  };
}
