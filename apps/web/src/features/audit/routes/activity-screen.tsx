import type { TAuditEntry } from '@tavolo/contract/audit';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ActivityIcon, ReceiptIcon, SearchIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { todayInTimeZone } from '../../../lib/calendar-days';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { useActivity } from '../api/get-activity';
import { useActivitySummary } from '../api/get-activity-summary';
import { useStaffNames } from '../api/get-staff-names';
import { ActivityFilters, ActivityPeriodPicker } from '../components/activity-filters';
import { ActivityList, ActivityListSkeleton } from '../components/activity-list';
import { VoidsDiscountsSummary, VoidsDiscountsSummarySkeleton } from '../components/voids-discounts-summary';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityView,
  personOptions,
  readActivityView,
  resolveActivityRange,
  writeActivityView,
} from '../model/activity-view';

type Range = { from: string; to: string };

/** The period, the filters and the page live in the URL: a reload or a shared link finds the same view. */
function useActivityView(timezone: string) {
  const [params, setParams] = useSearchParams();
  const today = todayInTimeZone(timezone);
  const view = readActivityView(params);
  const range = resolveActivityRange(view, today);
  const shown = range.ok ? { from: range.from, to: range.to } : undefined;
  const setView = useCallback(
    (change: Partial<ActivityView>) =>
      setParams((current) => writeActivityView(current, change, shown), {
        // Pages are worth a history entry; each filter tweak is not.
        replace: change.page === undefined,
      }),
    [setParams, shown],
  );
  return { today, view, range, setView };
}

function SummarySection({ range, currency }: { range: Range; currency: string }) {
  const summary = useActivitySummary(range);
  if (summary.isPending) return <VoidsDiscountsSummarySkeleton />;
  if (summary.isError && !summary.data) {
    return (
      <QueryError
        title={t('audit.summary.loadError')}
        error={summary.error}
        retrying={summary.isFetching}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <div
      className={cn('transition-opacity', summary.isPlaceholderData && 'opacity-60')}
      aria-busy={summary.isFetching || undefined}
    >
      <VoidsDiscountsSummary summary={summary.data} currency={currency} />
    </div>
  );
}

function EntriesSection({
  range,
  view,
  onView,
}: {
  range: Range;
  view: ActivityView;
  onView: (change: Partial<ActivityView>) => void;
}) {
  const { restaurant, userId, name } = useCurrentSession();
  const entries = useActivity({
    ...range,
    kind: view.kind || undefined,
    staffId: view.staffId || undefined,
    page: view.page,
    pageSize: ACTIVITY_PAGE_SIZE,
  });
  const staff = useStaffNames();
  const summary = useActivitySummary(range);
  const data = entries.data;
  const people = useMemo(
    () =>
      personOptions(
        {
          staff: staff.data,
          seen: [
            { id: userId, name },
            ...(data?.items ?? []).flatMap((entry: TAuditEntry) => [entry.actor, entry.approvedBy]),
            ...(summary.data ? [...summary.data.voids.byStaff, ...summary.data.discounts.byStaff] : []).map(
              (row) => row.staff,
            ),
          ],
        },
        view.staffId,
      ),
    [staff.data, userId, name, data, summary.data, view.staffId],
  );
  const filtered = view.kind !== '' || view.staffId !== '';
  const { pageCount, first, last } = pageWindowOf(data);

  let content: ReactNode;
  if (entries.isPending) {
    content = <ActivityListSkeleton />;
  } else if (entries.isError && !data) {
    content = (
      <QueryError
        title={t('audit.list.loadError')}
        error={entries.error}
        retrying={entries.isFetching}
        onRetry={() => void entries.refetch()}
      />
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={t('audit.list.emptyPage')}
        description={t('audit.list.emptyPageDescription', { count: data.total })}
        action={
          <Button variant="secondary" onClick={() => onView({ page: 1 })}>
            {t('audit.list.firstPage')}
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    content = filtered ? (
      <EmptyState
        icon={<SearchIcon />}
        title={t('audit.list.noMatch')}
        description={t('audit.list.noMatchDescription')}
        action={
          <Button variant="secondary" onClick={() => onView({ kind: '', staffId: '' })}>
            {t('audit.list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<ActivityIcon />}
        title={t('audit.list.emptyTitle')}
        description={t('audit.list.emptyDescription')}
      />
    );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {entries.isError ? (
          <QueryError
            title={t('audit.list.refreshError')}
            error={entries.error}
            retrying={entries.isFetching}
            onRetry={() => void entries.refetch()}
          />
        ) : null}
        <div
          aria-busy={entries.isFetching || undefined}
          className={cn('transition-opacity', entries.isPlaceholderData && 'opacity-60')}
        >
          <ActivityList entries={data.items} currency={restaurant.currency} timezone={restaurant.timezone} />
        </div>
        <Pagination
          label={t('audit.list.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={(page) => onView({ page })}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="activity-list-title" className="flex flex-col gap-4">
      <h2 id="activity-list-title" className="text-lg font-semibold text-ink">
        {t('audit.list.title')}
      </h2>
      <ActivityFilters view={view} people={people} onChange={onView} />
      <p className="text-sm text-ink-muted" aria-live="polite" data-testid="activity-count">
        {data
          ? data.total === 0
            ? t('audit.list.countNone')
            : pageCount > 1
              ? t('audit.list.countPaged', { count: data.total, first, last })
              : t('audit.list.count', { count: data.total })
          : '\u00a0'}
      </p>
      {content}
    </section>
  );
}

/** The audit log: who changed, voided, discounted, cancelled, paid, refunded or closed what. */
export function ActivityScreen() {
  const { restaurant } = useCurrentSession();
  const { today, view, range, setView } = useActivityView(restaurant.timezone);
  const days = range.ok ? { from: range.from, to: range.to } : null;
  return (
    <>
      <PageHeader
        title={t('audit.screen.title')}
        description={t('audit.screen.description')}
        actions={
          <Link to="/dashboard/orders" className={cn(buttonClassName('secondary'), 'whitespace-nowrap')}>
            <ReceiptIcon />
            {t('audit.screen.liveBoard')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <ActivityPeriodPicker view={view} range={range} today={today} onChange={setView} />
        {days ? (
          <>
            <SummarySection range={days} currency={restaurant.currency} />
            <EntriesSection range={days} view={view} onView={setView} />
          </>
        ) : (
          <EmptyState
            icon={<SearchIcon />}
            title={t('audit.period.choose')}
            description={range.ok ? undefined : range.message}
          />
        )}
      </div>
    </>
  );
}
