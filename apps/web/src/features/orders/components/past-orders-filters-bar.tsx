import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import { useTypedFilter } from '../../../lib/use-typed-filter';
import {
  dateRangeError,
  hasPastOrderFilters,
  type PastOrderFilters,
  type StatusFilter,
  statusFilterOptions,
} from '../model/past-order-filters';

export function PastOrdersFiltersBar({
  filters,
  onChange,
}: {
  filters: PastOrderFilters;
  onChange: (change: Partial<PastOrderFilters>) => void;
}) {
  const [q, setQ, flushQ] = useTypedFilter(filters.q, (value) => onChange({ q: value }));
  const [table, setTable, flushTable] = useTypedFilter(filters.table, (value) => onChange({ table: value }));
  const rangeError = dateRangeError(filters);

  return (
    <search aria-label={t('orders.filters.label')}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,1.1fr)_minmax(0,1.1fr)]">
        <TextField
          className="col-span-2 lg:col-span-1"
          label={t('orders.filters.search')}
          type="search"
          placeholder={t('orders.filters.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && flushQ()}
        />
        <SelectField
          label={t('orders.field.status')}
          value={filters.status}
          options={statusFilterOptions()}
          onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        />
        <TextField
          label={t('orders.field.table')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          placeholder={t('orders.filters.anyTable')}
          value={table}
          onChange={(event) => setTable(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => event.key === 'Enter' && flushTable()}
        />
        <TextField
          label={t('orders.filters.from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <TextField
          label={t('orders.filters.to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          error={rangeError}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
      {hasPastOrderFilters(filters) ? (
        <div className="mt-2 flex justify-end">
          <Button
            variant="ghost"
            onClick={() => {
              // Text typed a moment ago would otherwise still be committed after the pause.
              setQ('');
              setTable('');
              onChange({ status: 'past', from: '', to: '', table: '', q: '' });
            }}
          >
            {t('orders.filters.clear')}
          </Button>
        </div>
      ) : null}
    </search>
  );
}
