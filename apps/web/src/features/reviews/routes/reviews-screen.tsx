import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon, StarIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { useReviews } from '../api/get-reviews';
import { ReviewSummary, ReviewSummarySkeleton } from '../components/review-summary';
import { ReviewsList, ReviewsListSkeleton } from '../components/reviews-list';
import {
  countLabel,
  REVIEWS_PAGE_SIZE,
  type ReviewListFilters,
  ratingFilterSegments,
  readReviewFilters,
  writeReviewFilters,
} from '../model/review-list';

/** The filter and the page live in the URL: a reload or a shared link finds the same view. */
function useReviewsView() {
  const [params, setParams] = useSearchParams();
  const filters = readReviewFilters(params);
  const setFilters = useCallback(
    (change: Partial<ReviewListFilters>) =>
      setParams((current) => writeReviewFilters(current, change), {
        // Pages are worth a history entry; a filter tweak is not.
        replace: change.page === undefined,
      }),
    [setParams],
  );
  return { filters, setFilters };
}

/** What guests said: the average and how the stars spread, and every review, newest first. */
export function ReviewsScreen() {
  const { restaurant } = useCurrentSession();
  const { filters, setFilters } = useReviewsView();
  const reviews = useReviews({
    rating: filters.rating ?? undefined,
    page: filters.page,
    pageSize: REVIEWS_PAGE_SIZE,
  });
  const data = reviews.data;
  const { pageCount } = pageWindowOf(data);

  let summary: ReactNode;
  let list: ReactNode;
  if (reviews.isPending) {
    summary = <ReviewSummarySkeleton />;
    list = <ReviewsListSkeleton />;
  } else if (reviews.isError && !data) {
    summary = null;
    list = (
      <QueryError
        title={t('reviews.screen.loadFailed')}
        error={reviews.error}
        retrying={reviews.isFetching}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else if (data) {
    summary = <ReviewSummary summary={data} />;
    if (data.count === 0) {
      list = (
        <EmptyState
          icon={<StarIcon />}
          title={t('reviews.screen.empty.title')}
          description={t('reviews.screen.empty.description')}
        />
      );
    } else if (data.items.length === 0 && data.total > 0) {
      list = (
        <EmptyState
          icon={<SearchIcon />}
          title={t('reviews.screen.pageEmpty.title')}
          description={t('reviews.screen.pageEmpty.description', { count: data.total })}
          action={
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              {t('reviews.screen.firstPage')}
            </Button>
          }
        />
      );
    } else if (data.items.length === 0) {
      list = (
        <EmptyState
          icon={<SearchIcon />}
          title={t('reviews.screen.noRating.title', { stars: filters.rating })}
          action={
            <Button variant="secondary" onClick={() => setFilters({ rating: null })}>
              {t('reviews.screen.showAll')}
            </Button>
          }
        />
      );
    } else {
      list = (
        <div className="flex flex-col gap-4">
          {reviews.isError ? (
            <QueryError
              title={t('reviews.screen.latestFailed')}
              error={reviews.error}
              retrying={reviews.isFetching}
              onRetry={() => void reviews.refetch()}
            />
          ) : null}
          <div
            aria-busy={reviews.isFetching || undefined}
            className={cn('transition-opacity', reviews.isPlaceholderData && 'opacity-60')}
          >
            <ReviewsList reviews={data.items} timezone={restaurant.timezone} />
          </div>
          <Pagination
            label={t('reviews.screen.pages')}
            page={data.page}
            pageCount={pageCount}
            onPageChange={(page) => setFilters({ page })}
          />
        </div>
      );
    }
  }

  return (
    <>
      <PageHeader title={t('reviews.screen.title')} description={t('reviews.screen.description')} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="min-w-0">{summary}</div>
        <section aria-labelledby="reviews-list-title" className="flex min-w-0 flex-col gap-4">
          <h2 id="reviews-list-title" className="sr-only">
            {t('reviews.screen.listHeading')}
          </h2>
          <SegmentedControl
            legend={t('reviews.filter.legend')}
            segments={ratingFilterSegments()}
            value={filters.rating ? String(filters.rating) : 'all'}
            onChange={(value) => setFilters({ rating: value === 'all' ? null : Number(value) })}
          />
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="reviews-count">
            {data && data.count > 0
              ? filters.rating
                ? t('reviews.screen.countWithStars', { count: data.total, stars: filters.rating })
                : countLabel(data.total)
              : '\u00a0'}
          </p>
          {list}
        </section>
      </div>
    </>
  );
}
