import type { TDashboardPeriod, TOrderSummary } from '@tavolo/contract/dashboard';
import type { TOrderStatus } from '@tavolo/contract/orders';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useOrderSummary } from '../api/get-order-summary';
import { formatDayRange, toStatusShares } from '../model/order-summary';
import { formatCount } from '../model/stat-change';

const STATUS_COLOURS: Record<TOrderStatus, string> = {
  pending: 'bg-amber-400',
  accepted: 'bg-sky-500',
  preparing: 'bg-indigo-500',
  ready: 'bg-teal-500',
  served: 'bg-violet-500',
  completed: 'bg-emerald-600',
  cancelled: 'bg-slate-400',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="text-lg font-semibold break-words text-ink tabular-nums">{value}</dd>
    </div>
  );
}

function SummaryBody({ summary }: { summary: TOrderSummary }) {
  const shares = toStatusShares(summary);
  const money = (minor: number) => formatMoney(minor, summary.currency);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t('overview.orders.count')} value={formatCount(summary.total)} />
        <Figure label={t('overview.orders.ordered')} value={money(summary.totalMinor)} />
        <Figure label={t('overview.orders.revenue')} value={money(summary.revenueMinor)} />
      </dl>
      {shares.length === 0 ? (
        <p className="rounded-lg bg-surface px-4 py-4 text-center text-sm text-ink-muted">
          {t('overview.orders.none')}
        </p>
      ) : (
        <>
          {/* The bar repeats the list below it: hidden from screen readers. */}
          <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
            {shares.map((share) => (
              <div
                key={share.status}
                className={cn('h-full', STATUS_COLOURS[share.status])}
                style={{ width: `${share.share * 100}%` }}
              />
            ))}
          </div>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label={t('overview.orders.byStatus')}>
            {shares.map((share) => (
              <li
                key={share.status}
                className="flex items-center justify-between gap-2"
                data-testid="status-count"
              >
                <span className="flex min-w-0 items-center gap-2 text-ink">
                  <span
                    aria-hidden="true"
                    className={cn('size-2.5 shrink-0 rounded-sm', STATUS_COLOURS[share.status])}
                  />
                  {share.label}
                </span>
                <span className="font-medium text-ink tabular-nums">{formatCount(share.count)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The period's orders: how many, what they came to, what was paid, and where they stand. */
export function OrderSummaryCard({ period }: { period: TDashboardPeriod }) {
  const summary = useOrderSummary(period);
  const data = summary.data;
  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-3" data-testid="order-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-base font-semibold text-ink">{t('overview.orders.title')}</h3>
        {data ? <p className="text-sm text-ink-muted">{formatDayRange(data.from, data.to)}</p> : null}
      </div>
      {summary.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p className="sr-only">{t('overview.orders.loading')}</p>
          <div aria-hidden="true" className="h-12 rounded-lg bg-slate-100 motion-safe:animate-pulse" />
          <div aria-hidden="true" className="h-3 rounded-full bg-slate-100 motion-safe:animate-pulse" />
          <div aria-hidden="true" className="h-16 rounded-lg bg-slate-100 motion-safe:animate-pulse" />
        </div>
      ) : !data ? (
        <QueryError
          title={t('overview.orders.loadError')}
          error={summary.error}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <div
          aria-busy={summary.isFetching || undefined}
          className={cn('transition-opacity', summary.isPlaceholderData && 'opacity-60')}
        >
          <SummaryBody summary={data} />
        </div>
      )}
    </Card>
  );
}
