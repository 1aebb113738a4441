import type { TReview } from '@tavolo/contract/reviews';
import { Card } from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { reviewerOf } from '../model/review-list';

/**
 * Reviews as cards, newest first. A comment is the guest's plain text: React writes it as text
 * (never as markup), and its line breaks are kept.
 */
export function ReviewsList({ reviews, timezone }: { reviews: TReview[]; timezone: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-label={t('reviews.list.label')}>
      {reviews.map((review) => (
        <li key={review.id} data-testid="review">
          <Card padding="compact" className="flex flex-col gap-2">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <div className="flex min-w-0 items-center gap-2">
                <Stars rating={review.rating} />
                <p className="min-w-0 truncate text-sm font-semibold text-ink">{reviewerOf(review)}</p>
              </div>
              <time dateTime={review.createdAt} className="shrink-0 text-xs text-ink-muted">
                {formatDateTime(review.createdAt, timezone)}
              </time>
            </div>
            {review.comment ? (
              <p className="text-sm break-words whitespace-pre-line text-ink" data-testid="review-comment">
                {review.comment}
              </p>
            ) : (
              <p className="text-sm text-ink-muted italic">{t('reviews.list.noComment')}</p>
            )}
            <p className="text-xs text-ink-muted tabular-nums">
              {t('reviews.list.orderAndTable', { order: review.orderNumber, table: review.tableNumber })}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3" data-testid="reviews-skeleton">
      {[0, 1, 2].map((row) => (
        <Card key={row} padding="compact" className="flex flex-col gap-2">
          <div className="h-4 w-32 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-4 w-full rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-3 w-24 rounded bg-slate-100 motion-safe:animate-pulse" />
        </Card>
      ))}
    </div>
  );
}
