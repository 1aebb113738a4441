import type { TCategory } from '@tavolo/contract/menu';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import {
  type MenuFilters,
  STATUS_FILTERS,
  type StatusFilter,
  statusFilterLabel,
} from '../model/menu-list-filters';

export function MenuFiltersBar({
  filters,
  categories,
  onChange,
}: {
  filters: MenuFilters;
  categories: readonly TCategory[];
  onChange: (next: Partial<MenuFilters>) => void;
}) {
  return (
    <search
      aria-label={t('menu.filters.label')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:gap-4"
    >
      <TextField
        className="col-span-2 sm:col-span-1"
        label={t('menu.filters.search')}
        type="search"
        placeholder={t('menu.filters.searchPlaceholder')}
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
        autoComplete="off"
      />
      <SelectField
        label={t('menu.filters.category')}
        value={filters.categoryId}
        onChange={(event) => onChange({ categoryId: event.target.value })}
        options={[
          { value: '', label: t('menu.filters.allCategories') },
          ...categories.map((category) => ({ value: category.id, label: category.name })),
        ]}
      />
      <SelectField
        label={t('menu.filters.show')}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        options={STATUS_FILTERS.map((status) => ({ value: status, label: statusFilterLabel(status) }))}
      />
    </search>
  );
}
