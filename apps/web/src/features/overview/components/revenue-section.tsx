import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Card } from '../../../components/ui/card';
import { ChartBoundary, ChartFigures, ChartSkeleton } from '../../../components/ui/chart-frame';
import { EmptyState } from '../../../components/ui/empty-state';
import { SparkIcon } from '../../../components/ui/icons';
import { QueryError } from '../../../components/ui/query-error';
import { SelectField } from '../../../components/ui/select-field';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useRevenueChart } from '../api/get-revenue-chart';
import { listYears, yearInTimeZone } from '../model/overview-view';
import { isQuietYear, summarizeYear, toMonthPoints } from '../model/revenue-months';

// recharts comes with this import only: its own chunk, fetched when the chart first shows.
const MonthChart = lazy(() => import('./month-chart').then((module) => ({ default: module.MonthChart })));

// The chart's height (month-chart.tsx), without importing that module here: it would bring recharts.
const CHART_HEIGHT = 240;

/** Revenue by month for a year the owner picks; without a pick, the server's current year. */
export function RevenueSection({
  year,
  onYear,
}: {
  year: number | null;
  onYear: (year: number | null) => void;
}) {
  const { restaurant } = useCurrentSession();
  const id = useId();
  const chart = useRevenueChart(year);
  const currentYear = yearInTimeZone(restaurant.timezone);
  const shownYear = year ?? chart.data?.year ?? currentYear;
  const years = listYears(currentYear, shownYear);

  let body: ReactNode;
  if (chart.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p className="sr-only">{t('overview.revenue.loading')}</p>
        <div className="h-5 w-3/4 rounded bg-slate-100 motion-safe:animate-pulse" aria-hidden="true" />
        <ChartSkeleton height={CHART_HEIGHT} />
      </div>
    );
  } else if (!chart.data) {
    body = (
      <QueryError
        title={t('overview.revenue.loadError')}
        error={chart.error}
        retrying={chart.isFetching}
        onRetry={() => void chart.refetch()}
      />
    );
  } else if (isQuietYear(chart.data)) {
    // The server's default year is the restaurant's current one: nothing yet, ever.
    const current = year === null || chart.data.year >= currentYear;
    body = current ? (
      <EmptyState
        icon={<SparkIcon />}
        title={t('overview.revenue.emptyTitle')}
        description={t('overview.revenue.emptyDescription')}
      />
    ) : (
      <p className="rounded-lg bg-surface px-4 py-6 text-center text-sm text-ink-muted">
        {t('overview.revenue.quietYear', { year: String(chart.data.year) })}
      </p>
    );
  } else {
    const { currency } = chart.data;
    const points = toMonthPoints(chart.data);
    body = (
      <figure
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        aria-busy={chart.isFetching || undefined}
        className={cn('flex flex-col gap-3 transition-opacity', chart.isPlaceholderData && 'opacity-60')}
      >
        <figcaption id={`${id}-summary`} className="text-sm text-ink-muted">
          {summarizeYear(points, currency, chart.data.year)}
        </figcaption>
        <div aria-hidden="true" className="min-w-0" data-testid="chart-months">
          <ChartBoundary>
            <Suspense fallback={<ChartSkeleton height={CHART_HEIGHT} />}>
              <MonthChart points={points} currency={currency} />
            </Suspense>
          </ChartBoundary>
        </div>
        <ChartFigures
          caption={t('overview.revenue.caption', { year: String(chart.data.year) })}
          columns={[
            t('overview.revenue.monthColumn'),
            t('overview.revenue.revenueColumn'),
            t('overview.revenue.ordersColumn'),
          ]}
          rows={points.map((point) => ({
            key: point.key,
            label: point.name,
            amount: formatMoney(point.revenueMinor, currency),
            count: point.orders,
          }))}
        />
      </figure>
    );
  }

  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-3" data-testid="revenue-section">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
            {t('overview.revenue.title')}
          </h2>
          <SelectField
            className="w-32"
            label={t('overview.revenue.year')}
            value={String(shownYear)}
            options={years.map((option) => ({ value: String(option), label: String(option) }))}
            onChange={(event) => {
              const picked = Number(event.target.value);
              // The current year is the server's default: no need to name it.
              onYear(year === null && picked === chart.data?.year ? null : picked);
            }}
          />
        </div>
        {body}
      </section>
    </Card>
  );
}
