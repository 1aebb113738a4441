import { useQueryClient } from '@tanstack/react-query';
import type { TDashboardOverview } from '@tavolo/contract/dashboard';
import { useEffect, useRef } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { formatCalendarDate, formatMoney } from '../../../lib/format';
import { kitchenStatsQueryKey } from '../../../lib/get-kitchen-stats';
import { t } from '../../../lib/i18n/i18n';
import { type LiveOrderActivity, useLiveOrderActivity } from '../../../lib/live-order-activity';
import { dashboardQueryKey } from '../api/dashboard-query-keys';
import { useOverview } from '../api/get-overview';
import {
  compareDayOf,
  compareDayValues,
  describeChange,
  formatCount,
  formatRating,
} from '../model/stat-change';
import { STAT_GRID, StatCard, StatCardsSkeleton } from './stat-card';

// A burst of order events (a table of six ordering, a payment and its move) refreshes once.
const REFRESH_DELAY_MS = 1_500;

/**
 * The live order connection changed the board: today's figures (and the period's) have moved, so
 * the dashboard's queries and today's prep times (kept under the kitchen's key) reload, a moment
 * after the last change.
 */
function useRefreshOnOrderActivity(activity: LiveOrderActivity | null) {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const revision = activity?.revision;
  const seen = useRef(revision);
  useEffect(() => {
    if (revision === undefined || revision === seen.current) return;
    seen.current = revision;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey(restaurant.id) });
      void queryClient.invalidateQueries({ queryKey: kitchenStatsQueryKey(restaurant.id) });
    }, REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, queryClient, restaurant.id]);
}

function LiveBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600 motion-safe:animate-pulse" />
      {t('overview.today.live')}
    </span>
  );
}

function TodayCards({
  overview,
  activity,
}: {
  overview: TDashboardOverview;
  activity: LiveOrderActivity | null;
}) {
  const { currency } = overview;
  const compareDay = compareDayOf(overview.compareDate);
  const money = (minor: number) => formatMoney(minor, currency);
  const moneyChange = (figure: TDashboardOverview['revenueMinor'], asAmount = false) =>
    describeChange(figure, { kind: 'money', currency, compareDay, asAmount });
  const countChange = (figure: TDashboardOverview['orders']) =>
    describeChange(figure, { kind: 'count', compareDay });
  // The board's own count, straight from the live connection, when there is one.
  const active = activity?.activeOrders ?? overview.activeOrders.value;
  const rating = formatRating(overview.averageRating.value);
  const { count: reviews } = overview.averageRating;

  return (
    <div className={STAT_GRID}>
      <StatCard
        label={t('overview.today.revenue')}
        value={money(overview.revenueMinor.value)}
        change={moneyChange(overview.revenueMinor)}
        hint={
          overview.taxMinor.value !== 0
            ? t('overview.today.taxHint', { amount: money(overview.taxMinor.value) })
            : undefined
        }
      />
      <StatCard
        label={t('overview.today.orders')}
        value={formatCount(overview.orders.value)}
        change={countChange(overview.orders)}
      />
      <StatCard
        label={t('overview.today.averageOrder')}
        value={money(overview.averageOrderMinor.value)}
        change={moneyChange(overview.averageOrderMinor)}
      />
      <StatCard
        label={t('overview.today.activeOrders')}
        value={formatCount(active)}
        badge={activity?.live ? <LiveBadge /> : null}
        change={countChange({ value: active, previous: overview.activeOrders.previous })}
        hint={
          overview.pendingOrders.value > 0
            ? t('overview.today.waiting', { count: overview.pendingOrders.value })
            : undefined
        }
      />
      <StatCard
        label={t('overview.today.rating')}
        value={rating === null ? t('overview.today.noReviews') : `${rating} ★`}
        change={
          rating === null
            ? null
            : describeChange(
                { value: overview.averageRating.value ?? 0, previous: overview.averageRating.previous },
                { kind: 'rating', compareDay: 'week' },
              )
        }
        hint={rating === null ? undefined : t('overview.today.reviews', { count: reviews })}
      />
      {overview.walletBalanceMinor ? (
        <StatCard
          label={t('overview.today.walletBalance')}
          value={money(overview.walletBalanceMinor.value)}
          change={describeChange(overview.walletBalanceMinor, {
            kind: 'money',
            currency,
            compareDay: 'week',
            asAmount: true,
          })}
        />
      ) : null}
    </div>
  );
}

/** Today's figures, each against the same weekday last week; active orders follow the live board. */
export function TodayStats() {
  const activity = useLiveOrderActivity();
  const overview = useOverview({ poll: activity === null });
  useRefreshOnOrderActivity(activity);
  const data = overview.data;

  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="today-heading" className="text-lg font-semibold text-ink">
          {t('overview.today.title')}
        </h2>
        {data ? (
          <p className="text-sm text-ink-muted">
            {t('overview.today.comparedWith', {
              date: formatCalendarDate(data.date),
              ...compareDayValues(compareDayOf(data.compareDate), 'long'),
            })}
          </p>
        ) : null}
      </div>
      {overview.isPending ? (
        <div aria-busy="true">
          <p className="sr-only">{t('overview.today.loading')}</p>
          <StatCardsSkeleton count={6} />
        </div>
      ) : !data ? (
        <QueryError
          title={t('overview.today.loadError')}
          error={overview.error}
          retrying={overview.isFetching}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <div
          aria-busy={overview.isFetching || undefined}
          className={cn(overview.isError && 'flex flex-col gap-3')}
        >
          {overview.isError ? (
            <QueryError
              title={t('overview.today.refreshError')}
              error={overview.error}
              retrying={overview.isFetching}
              onRetry={() => void overview.refetch()}
            />
          ) : null}
          <TodayCards overview={data} activity={activity} />
          {/* Why the revenue here and the day report's gross sales may differ: said, not left to guess. */}
          <p className="mt-2 text-xs text-ink-muted" data-testid="revenue-caption">
            {t('overview.today.revenueCaption')}
          </p>
        </div>
      )}
    </section>
  );
}
