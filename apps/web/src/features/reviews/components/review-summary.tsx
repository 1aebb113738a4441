import type { TReviewPage } from '@tavolo/contract/reviews';
import { Card } from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { t } from '../../../lib/i18n/i18n';
import { countLabel, distributionBars, formatAverage } from '../model/review-list';

/** The average with its stars, how many reviews, and how the stars are spread. */
export function ReviewSummary({
  summary,
}: {
  summary: Pick<TReviewPage, 'averageRating' | 'count' | 'distribution'>;
}) {
  const { averageRating, count } = summary;
  const bars = distributionBars(summary.distribution);
  return (
    <Card className="flex flex-col gap-5" data-testid="review-summary">
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-medium text-ink-muted">{t('reviews.summary.average')}</h2>
        {averageRating === null ? (
          <p className="text-2xl font-semibold text-ink">{t('reviews.summary.none')}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p
              className="text-4xl font-semibold tracking-tight text-ink tabular-nums"
              data-testid="average-rating"
            >
              {formatAverage(averageRating)}
            </p>
            <Stars rating={averageRating} starClassName="size-6" />
          </div>
        )}
        <p className="text-sm text-ink-muted" data-testid="review-count">
          {countLabel(count)}
        </p>
      </div>
      <ul aria-label={t('reviews.summary.byStars')} className="flex flex-col gap-2">
        {bars.map((bar) => (
          <li key={bar.stars} className="flex items-center gap-3 text-sm" data-testid="distribution-bar">
            <span className="sr-only">
              {t('reviews.summary.bar', { stars: bar.stars, count: bar.count, percent: bar.percent })}
            </span>
            <span aria-hidden="true" className="w-9 shrink-0 text-ink-muted tabular-nums">
              {bar.stars} ★
            </span>
            <span
              aria-hidden="true"
              className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100"
            >
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${bar.percent}%` }} />
            </span>
            <span aria-hidden="true" className="w-10 shrink-0 text-right text-ink tabular-nums">
              {bar.count}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function ReviewSummarySkeleton() {
  return (
    <Card aria-hidden="true" className="flex flex-col gap-4" data-testid="review-summary-skeleton">
      <div className="h-4 w-28 rounded bg-slate-100 motion-safe:animate-pulse" />
      <div className="h-10 w-40 rounded bg-slate-100 motion-safe:animate-pulse" />
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-3 w-full rounded bg-slate-100 motion-safe:animate-pulse" />
      ))}
    </Card>
  );
}
