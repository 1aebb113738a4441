import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DownloadIcon, HistoryIcon, ReceiptIcon, SearchIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { exportOrdersCsvUrl } from '../api/export-orders-csv';
import { useOrders } from '../api/get-orders';
import { OrderDetailsDialog } from '../components/order-dialogs';
import { PastOrdersFiltersBar } from '../components/past-orders-filters-bar';
import { PastOrdersList } from '../components/past-orders-list';
import {
  DEFAULT_PAST_ORDER_FILTERS,
  hasPastOrderFilters,
  type PastOrderFilters,
  readPastOrderFilters,
  toListFilters,
  writePastOrderFilters,
} from '../model/past-order-filters';

/** Filters and the page live in the URL: a reload, a shared link or Back finds the same list. */
function usePastOrderFilters(): [PastOrderFilters, (change: Partial<PastOrderFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readPastOrderFilters(params);
  const update = useCallback(
    (change: Partial<PastOrderFilters>) =>
      setParams((current) => writePastOrderFilters(current, change), {
        // Pages are worth a history entry; each filter tweak is not.
        replace: change.page === undefined,
      }),
    [setParams],
  );
  return [filters, update];
}

export function PastOrdersScreen() {
  const { restaurant } = useCurrentSession();
  const [filters, setFilters] = usePastOrderFilters();
  const listFilters = toListFilters(filters);
  const orders = useOrders(listFilters);
  const [opened, setOpened] = useState<TOrder | null>(null);
  const { page: _page, pageSize: _pageSize, ...exportFilters } = listFilters;
  const csvUrl = exportOrdersCsvUrl(restaurant.id, exportFilters);

  const data = orders.data;
  const total = data?.total ?? 0;
  const { pageCount, first, last } = pageWindowOf(data);
  const filtered = hasPastOrderFilters(filters);

  let content: ReactNode;
  if (orders.isPending) {
    content = <Loading />;
  } else if (orders.isError && !data) {
    content = (
      <QueryError
        title={t('orders.loadFailed')}
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    // The page asked for is past the end (orders were filtered away meanwhile).
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={t('orders.past.pageEmpty')}
        description={t('orders.past.pageEmptyHint', { count: data.total })}
        action={
          <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
            {t('orders.past.firstPage')}
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    content = filtered ? (
      <EmptyState
        icon={<SearchIcon />}
        title={t('orders.past.noMatch')}
        description={t('orders.past.noMatchHint')}
        action={
          <Button
            variant="secondary"
            onClick={() => setFilters({ ...DEFAULT_PAST_ORDER_FILTERS, page: undefined })}
          >
            {t('orders.filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<HistoryIcon />}
        title={t('orders.past.none')}
        description={t('orders.past.noneHint')}
        action={
          <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
            <ReceiptIcon />
            {t('orders.past.openLiveBoard')}
          </Link>
        }
      />
    );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {orders.isError ? (
          <QueryError
            title={t('orders.past.latestLoadFailed')}
            error={orders.error}
            retrying={orders.isFetching}
            onRetry={() => void orders.refetch()}
          />
        ) : null}
        <div
          aria-busy={orders.isFetching || undefined}
          className={cn('transition-opacity', orders.isPlaceholderData && 'opacity-60')}
        >
          <PastOrdersList orders={data.items} timezone={restaurant.timezone} onOpen={setOpened} />
        </div>
        <Pagination
          label={t('orders.past.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={(page) => {
            setFilters({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('orders.pastOrders')}
        description={t('orders.past.description')}
        actions={
          <>
            <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
              <ReceiptIcon />
              {t('orders.past.liveBoard')}
            </Link>
            <a href={csvUrl} download className={buttonClassName('secondary')} data-testid="export-csv">
              <DownloadIcon />
              {t('orders.past.exportCsv')}
            </a>
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <PastOrdersFiltersBar filters={filters} onChange={setFilters} />
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="past-orders-count">
          {data
            ? total === 0
              ? t('orders.past.countNone')
              : pageCount > 1
                ? t('orders.past.countShowing', { count: total, first, last })
                : t('orders.past.count', { count: total })
            : '\u00a0'}
        </p>
        {content}
      </div>
      <OrderDetailsDialog order={opened} onClose={() => setOpened(null)} />
    </>
  );
}
