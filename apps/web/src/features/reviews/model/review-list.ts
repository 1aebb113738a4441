import type { TRatingDistribution, TReview } from '@tavolo/contract/reviews';
import { REVIEW_RATINGS } from '@tavolo/contract/values/reviews';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

export const REVIEWS_PAGE_SIZE = 20;

/** The list's filter and page as the URL keeps them (rating null is "all"). */
export interface ReviewListFilters {
  rating: number | null;
  page: number;
}

export function readReviewFilters(params: URLSearchParams): ReviewListFilters {
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  return {
    rating: (REVIEW_RATINGS as readonly number[]).includes(rating) ? rating : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL after a change: "all" and page one are left out; a new filter goes back to page one. */
export function writeReviewFilters(
  current: URLSearchParams,
  change: Partial<ReviewListFilters>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if ('rating' in change) {
    if (change.rating) next.set('rating', String(change.rating));
    else next.delete('rating');
  }
  if (change.page !== undefined && change.page > 1) next.set('page', String(change.page));
  else next.delete('page');
  return next;
}

/** The rating filter's choices: all, then five stars down to one. */
export function ratingFilterSegments(): { value: string; label: string }[] {
  return [
    { value: 'all', label: t('reviews.filter.all') },
    ...[...REVIEW_RATINGS].reverse().map((stars) => ({ value: String(stars), label: `${stars} ★` })),
  ];
}

export interface DistributionBar {
  stars: number;
  count: number;
  /** Share of all reviews, 0–100, whole. */
  percent: number;
}

/** One bar per number of stars, five first; shares of the total (0 without reviews). */
export function distributionBars(distribution: TRatingDistribution): DistributionBar[] {
  const total = REVIEW_RATINGS.reduce((sum, stars) => sum + distribution[stars], 0);
  return [...REVIEW_RATINGS].reverse().map((stars) => ({
    stars,
    count: distribution[stars],
    percent: total === 0 ? 0 : Math.round((distribution[stars] / total) * 100),
  }));
}

/** Who wrote it: their name, or "A guest". */
export function reviewerOf(review: Pick<TReview, 'guestName'>): string {
  return review.guestName?.trim() || t('reviews.list.anonymous');
}

/** "4.3" from 4.3, "4.0" from 4: the average always with its one decimal. */
export function formatAverage(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale ?? formattingLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** "27 reviews", "1 review". */
export function countLabel(count: number): string {
  return t('reviews.count', { count });
}
