import type { TCategory, TStaffMenuItem } from '@tavolo/contract/menu';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon } from '../../../components/ui/icons';
import { weekdayInTimeZone } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { filterMenuItems, groupByCategory, hasFilters, NO_FILTERS } from '../model/menu-list-filters';
import { MenuCategorySection } from './menu-category-section';
import { MenuFiltersBar } from './menu-filters-bar';
import { useMenuFilters } from './use-menu-filters';

/** The dishes by category under the filters bar, with a count of what the filters leave. */
export function FilteredMenuList({
  items,
  categories,
  currency,
  timezone,
  translationLanguages,
  canManage,
  onDelete,
}: {
  items: readonly TStaffMenuItem[];
  categories: readonly TCategory[];
  currency: string;
  timezone: string;
  /** The restaurant's languages other than the working one: what each dish may lack. */
  translationLanguages: readonly Language[];
  canManage: boolean;
  onDelete: (item: TStaffMenuItem) => void;
}) {
  const [filters, setFilters] = useMenuFilters();
  // Typing stays responsive on a long menu: the list catches up a moment later.
  const search = useDeferredValue(filters.search);
  const weekday = useMemo(() => weekdayInTimeZone(timezone), [timezone]);
  const groups = useMemo(() => {
    const visible = filterMenuItems(
      items,
      { search, categoryId: filters.categoryId, status: filters.status },
      weekday,
    );
    return groupByCategory(visible, categories);
  }, [categories, items, search, filters.categoryId, filters.status, weekday]);
  const shown = groups.reduce((count, group) => count + group.items.length, 0);
  const total = items.length;

  return (
    <div className="flex flex-col gap-6">
      <MenuFiltersBar filters={filters} categories={categories} onChange={setFilters} />
      <p className="-mt-2 text-sm text-ink-muted" aria-live="polite">
        {shown === total ? t('menu.list.count', { total }) : t('menu.list.showing', { shown, total })}
      </p>
      {groups.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('menu.list.noMatch.title')}
          description={t('menu.list.noMatch.description')}
          action={
            hasFilters(filters) ? (
              <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                {t('menu.list.clearFilters')}
              </Button>
            ) : null
          }
        />
      ) : (
        groups.map((group) => (
          <MenuCategorySection
            key={group.category.id}
            group={group}
            currency={currency}
            weekday={weekday}
            translationLanguages={translationLanguages}
            canManage={canManage}
            onDelete={onDelete}
          />
        ))
      )}
    </div>
  );
}
