import type { TMenuItem } from '@tavolo/contract/menu';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookIcon, PlusIcon, SearchIcon, TagIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { hasPermission, useCurrentSession } from '../../../lib/current-session';
import { weekdayInTimeZone } from '../../../lib/format';
import { useCategories } from '../../../lib/get-categories';
import { useDeleteMenuItem } from '../api/delete-menu-item';
import { useMenuItems } from '../api/get-menu-items';
import { MenuFiltersBar } from '../components/menu-filters-bar';
import { MenuItemRow } from '../components/menu-item-row';
import {
  filterMenuItems,
  groupByCategory,
  hasFilters,
  isStatusFilter,
  type MenuFilters,
  NO_FILTERS,
} from '../model/menu-list-filters';

/** Filters live in the URL, so that coming back from the editor finds the list as it was left. */
function useMenuFilters(): [MenuFilters, (next: Partial<MenuFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: MenuFilters = {
    search: params.get('q') ?? '',
    categoryId: params.get('category') ?? '',
    status: isStatusFilter(status) ? status : 'all',
  };
  const update = useCallback(
    (next: Partial<MenuFilters>) =>
      setParams(
        (current) => {
          const params = new URLSearchParams(current);
          const set = (key: string, value: string | undefined, empty: string) => {
            if (value === undefined) return;
            if (value === empty) params.delete(key);
            else params.set(key, value);
          };
          set('q', next.search, '');
          set('category', next.categoryId, '');
          set('status', next.status, 'all');
          return params;
        },
        // Typing must not leave a history entry per letter.
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}

export function MenuScreen() {
  const session = useCurrentSession();
  const { currency, timezone } = session.restaurant;
  const canManage = hasPermission(session, 'menu.manage');
  const toast = useToast();
  const categories = useCategories();
  const items = useMenuItems();
  const deletion = useDeleteMenuItem();
  const [filters, setFilters] = useMenuFilters();
  const [toDelete, setToDelete] = useState<TMenuItem | null>(null);

  // Typing stays responsive on a long menu: the list catches up a moment later.
  const search = useDeferredValue(filters.search);
  const weekday = useMemo(() => weekdayInTimeZone(timezone), [timezone]);
  const categoryList = categories.data;
  const itemList = items.data;
  const groups = useMemo(() => {
    if (!categoryList || !itemList) return [];
    const visible = filterMenuItems(
      itemList,
      { search, categoryId: filters.categoryId, status: filters.status },
      weekday,
    );
    return groupByCategory(visible, categoryList);
  }, [categoryList, itemList, search, filters.categoryId, filters.status, weekday]);
  const shown = groups.reduce((count, group) => count + group.items.length, 0);

  const askToDelete = useCallback((item: TMenuItem) => setToDelete(item), []);
  const confirmDelete = () => {
    if (!toDelete) return;
    const { id, name } = toDelete;
    deletion.mutate(id, {
      onSuccess: () => toast.success(`${name} was deleted.`),
      onError: (error) => toast.error(`Could not delete ${name}: ${getErrorMessage(error)}`),
      onSettled: () => setToDelete(null),
    });
  };

  const hasCategories = (categoryList?.length ?? 0) > 0;
  const total = itemList?.length ?? 0;

  let content: ReactNode;
  if (categories.isPending || items.isPending) {
    content = <Loading />;
  } else if (categories.isError || items.isError) {
    content = (
      <QueryError
        title="Could not load the menu"
        error={categories.error ?? items.error}
        retrying={categories.isFetching || items.isFetching}
        onRetry={() => {
          if (categories.isError) void categories.refetch();
          if (items.isError) void items.refetch();
        }}
      />
    );
  } else if (!hasCategories && total === 0) {
    content = (
      <EmptyState
        icon={<TagIcon />}
        title="Start with a category"
        description="Dishes live in categories such as Starters, Pizza or Desserts. Create your first category, then add dishes to it."
        action={
          canManage ? (
            <Link to="/dashboard/categories" className={buttonClassName('primary')}>
              Create a category
            </Link>
          ) : null
        }
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<BookIcon />}
        title="No dishes yet"
        description="Add your first dish with its price, photo and options. Guests see it on today's menu straight away."
        action={
          canManage ? (
            <Link to="/dashboard/menu/add" className={buttonClassName('primary')}>
              <PlusIcon />
              Add your first dish
            </Link>
          ) : null
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-6">
        <MenuFiltersBar filters={filters} categories={categoryList ?? []} onChange={setFilters} />
        <p className="-mt-2 text-sm text-ink-muted" aria-live="polite">
          {shown === total
            ? `${total} dish${total === 1 ? '' : 'es'}`
            : `Showing ${shown} of ${total} dishes`}
        </p>
        {groups.length === 0 ? (
          <EmptyState
            icon={<SearchIcon />}
            title="No dishes match"
            description="Try other words, or show every category and status."
            action={
              hasFilters(filters) ? (
                <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              ) : null
            }
          />
        ) : (
          groups.map((group) => (
            <section
              key={group.category.id}
              aria-labelledby={`category-${group.category.id}`}
              className="flex flex-col gap-2"
            >
              <div className="flex items-center justify-between gap-3">
                <h2 id={`category-${group.category.id}`} className="text-base font-semibold text-ink">
                  {group.category.name}{' '}
                  <span className="font-normal text-ink-muted">· {group.items.length}</span>
                </h2>
                {canManage && group.category.id ? (
                  <Link
                    to={`/dashboard/menu/add?category=${group.category.id}`}
                    className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-accent-700 hover:bg-accent-50 sm:min-h-9"
                  >
                    <PlusIcon className="size-4" />
                    Add<span className="sr-only"> a dish to {group.category.name}</span>
                  </Link>
                ) : null}
              </div>
              <Card padding="none">
                <ul className="divide-y divide-line">
                  {group.items.map((item) => (
                    <MenuItemRow
                      key={item.id}
                      item={item}
                      currency={currency}
                      weekday={weekday}
                      canManage={canManage}
                      onDelete={askToDelete}
                    />
                  ))}
                </ul>
              </Card>
            </section>
          ))
        )}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Menu"
        description="Dishes, prices, options and the days they are served."
        actions={
          canManage ? (
            <>
              <Link to="/dashboard/categories" className={buttonClassName('secondary')}>
                Categories
              </Link>
              {hasCategories ? (
                <Link to="/dashboard/menu/add" className={buttonClassName('primary')}>
                  <PlusIcon />
                  Add dish
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {content}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete?.name ?? 'this dish'}?`}
        description="It disappears from the menu and from today's menu. Past orders keep their copy of it."
        confirmLabel="Delete dish"
        pendingLabel="Deleting…"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
