import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DownloadIcon, ReceiptIcon, SearchIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { exportReceiptsCsvUrl } from '../api/export-receipts-csv';
import { useReceipts } from '../api/get-receipts';
import { PaymentsAreaTabs } from '../components/payments-area-tabs';
import { PeriodPicker } from '../components/period-picker';
import { ReceiptSearchField } from '../components/receipt-search-field';
import { ReceiptsList, ReceiptsListSkeleton } from '../components/receipts-list';
import { useBusinessDay } from '../components/use-business-day';
import {
  type PeriodChoice,
  type PeriodRange,
  readPeriod,
  resolvePeriod,
  writePeriod,
} from '../model/payment-period';
import {
  RECEIPTS_PAGE_SIZE,
  type ReceiptListFilters,
  readReceiptListFilters,
  writeReceiptListFilters,
} from '../model/receipt-list';

/** The period (business days), the search and the page live in the URL, as on the Payments screen. */
function useReceiptsView(today: string) {
  const [params, setParams] = useSearchParams();
  const choice = readPeriod(params);
  const range = resolvePeriod(choice, today);
  const filters = readReceiptListFilters(params);
  const shown = range.ok ? { from: range.from, to: range.to } : undefined;
  const setPeriod = useCallback(
    (change: Partial<PeriodChoice>) =>
      setParams((current) => writePeriod(current, change, shown), { replace: true }),
    [setParams, shown],
  );
  const setFilters = useCallback(
    (change: Partial<ReceiptListFilters>) =>
      setParams((current) => writeReceiptListFilters(current, change), {
        // Pages are worth a history entry; each search is not.
        replace: change.page === undefined,
      }),
    [setParams],
  );
  return { choice, range, filters, setPeriod, setFilters };
}

function ReceiptsSection({
  range,
  filters,
  onFilters,
}: {
  range: PeriodRange & { ok: true };
  filters: ReceiptListFilters;
  onFilters: (change: Partial<ReceiptListFilters>) => void;
}) {
  const { restaurant } = useCurrentSession();
  const receipts = useReceipts({
    from: range.from,
    to: range.to,
    q: filters.q || undefined,
    page: filters.page,
    pageSize: RECEIPTS_PAGE_SIZE,
  });
  const data = receipts.data;
  const { pageCount, first, last } = pageWindowOf(data);

  let content: ReactNode;
  if (receipts.isPending) {
    content = <ReceiptsListSkeleton />;
  } else if (receipts.isError && !data) {
    content = (
      <QueryError
        title={t('payments.receipts.loadError')}
        error={receipts.error}
        retrying={receipts.isFetching}
        onRetry={() => void receipts.refetch()}
      />
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={t('payments.receipts.emptyPage')}
        description={t('payments.receipts.emptyPageDescription', { count: data.total })}
        action={
          <Button variant="secondary" onClick={() => onFilters({ page: 1 })}>
            {t('payments.receipts.firstPage')}
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    content = filters.q ? (
      <EmptyState
        icon={<SearchIcon />}
        title={t('payments.receipts.noMatch', { q: filters.q })}
        description={t('payments.receipts.noMatchDescription')}
        action={
          <Button variant="secondary" onClick={() => onFilters({ q: '' })}>
            {t('payments.receipts.clearSearch')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<ReceiptIcon />}
        title={t('payments.receipts.emptyTitle')}
        description={t('payments.receipts.emptyDescription')}
      />
    );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {receipts.isError ? (
          <QueryError
            title={t('payments.receipts.refreshError')}
            error={receipts.error}
            retrying={receipts.isFetching}
            onRetry={() => void receipts.refetch()}
          />
        ) : null}
        <div
          aria-busy={receipts.isFetching || undefined}
          className={cn('transition-opacity', receipts.isPlaceholderData && 'opacity-60')}
        >
          <ReceiptsList receipts={data.items} timezone={restaurant.timezone} />
        </div>
        <Pagination
          label={t('payments.receipts.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={(page) => {
            onFilters({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="receipts-list-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="receipts-list-title" className="text-lg font-semibold text-ink">
          {t('payments.receipts.listTitle')}
        </h2>
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="receipts-count">
          {data
            ? data.total === 0
              ? t('payments.receipts.countNone')
              : pageCount > 1
                ? t('payments.receipts.countPaged', { count: data.total, first, last })
                : t('payments.receipts.count', { count: data.total })
            : '\u00a0'}
        </p>
      </div>
      {content}
    </section>
  );
}

function ReceiptsView({ today }: { today: string }) {
  const { choice, range, filters, setPeriod, setFilters } = useReceiptsView(today);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
          <PeriodPicker choice={choice} range={range} today={today} onChange={setPeriod} />
          <ReceiptSearchField value={filters.q} onChange={(q) => setFilters({ q })} />
        </div>
        {range.ok ? (
          <a
            href={exportReceiptsCsvUrl({ from: range.from, to: range.to })}
            download
            className={buttonClassName('secondary', 'self-start lg:mt-6')}
            data-testid="receipts-csv"
          >
            <DownloadIcon />
            {t('payments.receipts.downloadCsv')}
          </a>
        ) : null}
      </div>
      {range.ok ? (
        <ReceiptsSection range={range} filters={filters} onFilters={setFilters} />
      ) : (
        <EmptyState icon={<SearchIcon />} title={t('payments.period.choose')} description={range.message} />
      )}
    </div>
  );
}

/** Receipts and credit notes of chosen business days: searched, paged, and the accountant's CSV. */
export function ReceiptsScreen() {
  const { today } = useBusinessDay();
  return (
    <>
      <PageHeader title={t('payments.receipts.title')} description={t('payments.receipts.description')} />
      <PaymentsAreaTabs />
      {today ? <ReceiptsView today={today} /> : <Loading />}
    </>
  );
}
