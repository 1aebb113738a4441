import { SelectField } from '../../../components/ui/select-field';
import { t } from '../../../lib/i18n/i18n';
import { methodFilterOptions, type PaymentListFilters, statusFilterOptions } from '../model/payment-list';

/** The list's own filters: by method and by status (the period above applies too). */
export function PaymentFiltersBar({
  filters,
  onChange,
}: {
  filters: PaymentListFilters;
  onChange: (change: Partial<PaymentListFilters>) => void;
}) {
  return (
    <search aria-label={t('payments.filters.label')} className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
      <SelectField
        className="sm:w-48"
        label={t('payments.filters.method')}
        value={filters.method}
        options={methodFilterOptions()}
        onChange={(event) => onChange({ method: event.target.value as PaymentListFilters['method'] })}
      />
      <SelectField
        className="sm:w-48"
        label={t('payments.filters.status')}
        value={filters.status}
        options={statusFilterOptions()}
        onChange={(event) => onChange({ status: event.target.value as PaymentListFilters['status'] })}
      />
    </search>
  );
}
