import type { TPaymentListItem } from '@tavolo/contract/payments';
import { type ReactNode, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RefundPaymentDialog } from '../../../components/shared/refund-payment-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardIcon, SearchIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { todayInTimeZone } from '../../../lib/calendar-days';
import { cn } from '../../../lib/cn';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { usePaymentStats } from '../api/get-payment-stats';
import { usePayments } from '../api/get-payments';
import { ChartPanel } from '../components/chart-panel';
import { PaymentFiltersBar } from '../components/payment-filters-bar';
import { PaymentStatCards, PaymentStatCardsSkeleton } from '../components/payment-stat-cards';
import { PaymentsAreaTabs } from '../components/payments-area-tabs';
import { PaymentsList, PaymentsListSkeleton } from '../components/payments-list';
import { PeriodPicker } from '../components/period-picker';
import { summarizeDays, summarizeMethods, toDayPoints, toMethodPoints } from '../model/payment-charts';
import {
  PAYMENTS_PAGE_SIZE,
  type PaymentListFilters,
  readPaymentListFilters,
  writePaymentListFilters,
} from '../model/payment-list';
import {
  type PeriodChoice,
  type PeriodRange,
  readPeriod,
  resolvePeriod,
  writePeriod,
} from '../model/payment-period';

/** The period, the filters and the page live in the URL: a reload or a shared link finds the same view. */
function usePaymentsView(timezone: string) {
  const [params, setParams] = useSearchParams();
  const today = todayInTimeZone(timezone);
  const choice = readPeriod(params);
  const range = resolvePeriod(choice, today);
  const filters = readPaymentListFilters(params);
  const shown = range.ok ? { from: range.from, to: range.to } : undefined;
  const setPeriod = useCallback(
    (change: Partial<PeriodChoice>) =>
      setParams((current) => writePeriod(current, change, shown), { replace: true }),
    [setParams, shown],
  );
  const setFilters = useCallback(
    (change: Partial<PaymentListFilters>) =>
      setParams((current) => writePaymentListFilters(current, change), {
        // Pages are worth a history entry; each filter tweak is not.
        replace: change.page === undefined,
      }),
    [setParams],
  );
  return { today, choice, range, filters, setPeriod, setFilters };
}

function StatsSection({ range }: { range: PeriodRange & { ok: true } }) {
  const stats = usePaymentStats({ from: range.from, to: range.to });
  if (stats.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only">{t('payments.stats.loading')}</p>
        <PaymentStatCardsSkeleton />
      </div>
    );
  }
  if (stats.isError && !stats.data) {
    return (
      <QueryError
        title={t('payments.stats.loadError')}
        error={stats.error}
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const data = stats.data;
  const days = toDayPoints(data);
  const methods = toMethodPoints(data);
  return (
    <div
      className={cn('flex flex-col gap-4 transition-opacity', stats.isPlaceholderData && 'opacity-60')}
      aria-busy={stats.isFetching || undefined}
    >
      <PaymentStatCards stats={data} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ChartPanel
            title={t('payments.charts.byDay')}
            summary={summarizeDays(days, data.currency)}
            points={days}
            currency={data.currency}
            layout="days"
            firstColumn={t('payments.charts.dayColumn')}
          />
        </div>
        <ChartPanel
          title={t('payments.charts.byMethod')}
          summary={summarizeMethods(methods, data.currency)}
          points={methods}
          currency={data.currency}
          layout="methods"
          firstColumn={t('payments.charts.methodColumn')}
        />
      </div>
    </div>
  );
}

function PaymentsSection({
  range,
  filters,
  onFilters,
  onRefund,
}: {
  range: PeriodRange & { ok: true };
  filters: PaymentListFilters;
  onFilters: (change: Partial<PaymentListFilters>) => void;
  onRefund: (payment: TPaymentListItem) => void;
}) {
  const { restaurant } = useCurrentSession();
  const canManage = useCan('payments.manage');
  const payments = usePayments({
    from: range.from,
    to: range.to,
    method: filters.method || undefined,
    status: filters.status || undefined,
    page: filters.page,
    pageSize: PAYMENTS_PAGE_SIZE,
  });
  const data = payments.data;
  const filtered = filters.method !== '' || filters.status !== '';
  const { pageCount, first, last } = pageWindowOf(data);

  let content: ReactNode;
  if (payments.isPending) {
    content = <PaymentsListSkeleton />;
  } else if (payments.isError && !data) {
    content = (
      <QueryError
        title={t('payments.list.loadError')}
        error={payments.error}
        retrying={payments.isFetching}
        onRetry={() => void payments.refetch()}
      />
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={t('payments.list.emptyPage')}
        description={t('payments.list.emptyPageDescription', { count: data.total })}
        action={
          <Button variant="secondary" onClick={() => onFilters({ page: 1 })}>
            {t('payments.list.firstPage')}
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    content = filtered ? (
      <EmptyState
        icon={<SearchIcon />}
        title={t('payments.list.noMatch')}
        description={t('payments.list.noMatchDescription')}
        action={
          <Button variant="secondary" onClick={() => onFilters({ method: '', status: '' })}>
            {t('payments.list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<CardIcon />}
        title={t('payments.list.emptyTitle')}
        description={t('payments.list.emptyDescription')}
      />
    );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {payments.isError ? (
          <QueryError
            title={t('payments.list.refreshError')}
            error={payments.error}
            retrying={payments.isFetching}
            onRetry={() => void payments.refetch()}
          />
        ) : null}
        <div
          aria-busy={payments.isFetching || undefined}
          className={cn('transition-opacity', payments.isPlaceholderData && 'opacity-60')}
        >
          <PaymentsList
            payments={data.items}
            currency={restaurant.currency}
            timezone={restaurant.timezone}
            canManage={canManage}
            onRefund={onRefund}
          />
        </div>
        <Pagination
          label={t('payments.list.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={(page) => onFilters({ page })}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="payments-list-title" className="flex flex-col gap-4">
      <h2 id="payments-list-title" className="text-lg font-semibold text-ink">
        {t('payments.list.title')}
      </h2>
      <PaymentFiltersBar filters={filters} onChange={onFilters} />
      <p className="text-sm text-ink-muted" aria-live="polite" data-testid="payments-count">
        {data
          ? data.total === 0
            ? t('payments.list.countNone')
            : pageCount > 1
              ? t('payments.list.countPaged', { count: data.total, first, last })
              : t('payments.list.count', { count: data.total })
          : '\u00a0'}
      </p>
      {content}
    </section>
  );
}

export function PaymentsScreen() {
  const { restaurant } = useCurrentSession();
  const { today, choice, range, filters, setPeriod, setFilters } = usePaymentsView(restaurant.timezone);
  const [refunding, setRefunding] = useState<TPaymentListItem | null>(null);

  return (
    <>
      <PageHeader title={t('payments.screen.title')} description={t('payments.screen.description')} />
      <PaymentsAreaTabs />
      <div className="flex flex-col gap-6">
        <PeriodPicker choice={choice} range={range} today={today} onChange={setPeriod} />
        {range.ok ? (
          <>
            <StatsSection range={range} />
            <PaymentsSection range={range} filters={filters} onFilters={setFilters} onRefund={setRefunding} />
          </>
        ) : (
          <EmptyState icon={<SearchIcon />} title={t('payments.period.choose')} description={range.message} />
        )}
      </div>
      <RefundPaymentDialog
        payment={refunding}
        currency={restaurant.currency}
        onClose={() => setRefunding(null)}
      />
    </>
  );
}
