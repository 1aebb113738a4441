import type { TStaffMember } from '@tavolo/contract/staff';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon, SearchIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { SelectField } from '../../../components/ui/select-field';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { useStaff } from '../api/get-staff';
import { StaffAreaTabs } from '../components/staff-area-tabs';
import { DeleteStaffMemberDialog, ToggleStaffActiveDialog } from '../components/staff-member-dialogs';
import { StaffRow } from '../components/staff-row';
import { readStaffFilters, type StaffFilters, writeStaffFilters } from '../model/staff-filters';

const PAGE_SIZE = 20;

const activeOptions = () => [
  { value: '', label: t('staff.list.everyone') },
  { value: 'true', label: t('staff.member.active') },
  { value: 'false', label: t('staff.member.inactive') },
];

/** The search waits for a pause in typing, so each keystroke is not a request. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function StaffScreen() {
  const { restaurant } = useCurrentSession();
  const [params, setParams] = useSearchParams();
  const filters = readStaffFilters(params);
  const [search, setSearch] = useState(filters.q);
  const q = useDebounced(search.trim(), 300);
  const setFilters = (change: Partial<StaffFilters>) =>
    setParams((current) => writeStaffFilters(current, change), { replace: change.page === undefined });

  // The settled search goes to the URL (and back to page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search moves the URL.
  useEffect(() => {
    if (q !== filters.q) setFilters({ q, page: undefined });
  }, [q]);

  const staff = useStaff({
    page: filters.page,
    pageSize: PAGE_SIZE,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.active ? { active: filters.active } : {}),
  });
  const [toToggle, setToToggle] = useState<TStaffMember | null>(null);
  const [toDelete, setToDelete] = useState<TStaffMember | null>(null);

  const data = staff.data;
  const { pageCount } = pageWindowOf(data);
  const filtered = filters.q !== '' || filters.active !== '';

  let content: ReactNode;
  if (staff.isPending) {
    content = <Loading />;
  } else if (staff.isError && !data) {
    content = (
      <QueryError
        title={t('staff.list.loadFailed')}
        error={staff.error}
        retrying={staff.isFetching}
        onRetry={() => void staff.refetch()}
      />
    );
  } else if (data && data.items.length === 0) {
    content =
      data.total > 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('staff.list.pageEmptyTitle')}
          description={t('staff.list.pageEmptyDescription', { count: data.total })}
          action={
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              {t('staff.list.firstPage')}
            </Button>
          }
        />
      ) : filtered ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('staff.list.noMatchTitle')}
          description={t('staff.list.noMatchDescription')}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('');
                setFilters({ q: '', active: '', page: undefined });
              }}
            >
              {t('staff.list.clearSearch')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<UsersIcon />}
          title={t('staff.list.emptyTitle')}
          description={t('staff.list.emptyDescription')}
          action={
            <Link to="/dashboard/staff/new-staff" className={buttonClassName('primary')}>
              <PlusIcon />
              {t('staff.list.addFirst')}
            </Link>
          }
        />
      );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {staff.isError ? (
          <QueryError
            title={t('staff.list.refreshFailed')}
            error={staff.error}
            retrying={staff.isFetching}
            onRetry={() => void staff.refetch()}
          />
        ) : null}
        <Card
          padding="none"
          aria-busy={staff.isFetching || undefined}
          className={cn('transition-opacity', staff.isPlaceholderData && 'opacity-60')}
        >
          <div
            aria-hidden="true"
            className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)_16.5rem] gap-3 border-b border-line px-4 py-2 text-xs font-medium tracking-wide text-ink-muted uppercase md:grid"
          >
            <span>{t('staff.list.columnName')}</span>
            <span>{t('staff.list.columnRole')}</span>
            <span>{t('staff.list.columnLastSignIn')}</span>
            <span className="sr-only">{t('staff.list.columnActions')}</span>
          </div>
          <ul aria-label={t('staff.list.label')}>
            {data.items.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                timezone={restaurant.timezone}
                onToggleActive={setToToggle}
                onDelete={setToDelete}
              />
            ))}
          </ul>
        </Card>
        <Pagination
          label={t('staff.list.pages')}
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
        title={t('staff.list.title')}
        description={t('staff.list.description')}
        actions={
          <>
            <Link to="/dashboard/settings#shared-device" className={buttonClassName('secondary')}>
              {t('staff.list.sharedDevice')}
            </Link>
            <Link to="/dashboard/staff/new-staff" className={buttonClassName('primary')}>
              <PlusIcon />
              {t('staff.list.add')}
            </Link>
          </>
        }
      />
      <StaffAreaTabs />
      <div className="flex flex-col gap-4">
        <search className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label={t('staff.list.search')}
            type="search"
            placeholder={t('staff.list.searchPlaceholder')}
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label={t('staff.list.show')}
            options={activeOptions()}
            value={filters.active}
            onChange={(event) =>
              setFilters({ active: event.target.value as StaffFilters['active'], page: undefined })
            }
          />
        </search>
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="staff-count">
          {data
            ? data.total === 0
              ? t('staff.list.countNone')
              : pageCount > 1
                ? t('staff.list.countPaged', { count: data.total, page: data.page, pageCount })
                : t('staff.list.count', { count: data.total })
            : '\u00a0'}
        </p>
        {content}
      </div>
      <ToggleStaffActiveDialog member={toToggle} onClose={() => setToToggle(null)} />
      <DeleteStaffMemberDialog member={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
