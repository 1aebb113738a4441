import { lazy, Suspense, useId } from 'react';
import { Card } from '../../../components/ui/card';
import { ChartBoundary, ChartFigures, ChartSkeleton } from '../../../components/ui/chart-frame';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { ChartPoint } from '../model/payment-charts';

// recharts comes with this import only: its own chunk, fetched when a chart first shows.
const RevenueChart = lazy(() =>
  import('./revenue-chart').then((module) => ({ default: module.RevenueChart })),
);

/**
 * A chart with its text alternative: a one-sentence summary that names the figure, and a table of
 * every bar behind "Show the figures" (the drawing itself is hidden from screen readers).
 */
export function ChartPanel({
  title,
  summary,
  points,
  currency,
  layout,
  firstColumn,
}: {
  title: string;
  summary: string;
  points: readonly ChartPoint[];
  currency: string;
  layout: 'days' | 'methods';
  firstColumn: string;
}) {
  const id = useId();
  const height = layout === 'days' ? 240 : Math.max(120, points.length * 56);
  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-3">
      <figure
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        className="flex flex-col gap-3"
      >
        <figcaption className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
            {title}
          </h2>
          <p id={`${id}-summary`} className="text-sm text-ink-muted">
            {summary}
          </p>
        </figcaption>
        {points.length === 0 ? (
          <p className="rounded-lg bg-surface px-4 py-6 text-center text-sm text-ink-muted">
            {t('payments.charts.empty')}
          </p>
        ) : (
          <div aria-hidden="true" className="min-w-0" data-testid={`chart-${layout}`}>
            <ChartBoundary>
              <Suspense fallback={<ChartSkeleton height={height} />}>
                <RevenueChart points={points} currency={currency} layout={layout} />
              </Suspense>
            </ChartBoundary>
          </div>
        )}
        {points.length > 0 ? (
          <ChartFigures
            caption={title}
            columns={[firstColumn, t('payments.charts.revenueColumn'), t('payments.charts.countColumn')]}
            rows={points.map((point) => ({
              key: point.key,
              label: point.label,
              amount: formatMoney(point.totalMinor, currency),
              count: point.count,
            }))}
          />
        ) : null}
      </figure>
    </Card>
  );
}
