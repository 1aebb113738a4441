import { SelectField } from '../../../components/ui/select-field';
import { METHOD_FILTER_OPTIONS, type PaymentListFilters, STATUS_FILTER_OPTIONS } from '../model/payment-list';

/** The list's own filters: by method and by status (the period above applies too). */
export function PaymentFiltersBar({
  filters,
  onChange,
}: {
  filters: PaymentListFilters;
  onChange: (change: Partial<PaymentListFilters>) => void;
}) {
  return (
    <search aria-label="Filter payments" className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
      <SelectField
        className="sm:w-48"
        label="Method"
        value={filters.method}
        options={METHOD_FILTER_OPTIONS}
        onChange={(event) => onChange({ method: event.target.value as PaymentListFilters['method'] })}
      />
      <SelectField
        className="sm:w-48"
        label="Status"
        value={filters.status}
        options={STATUS_FILTER_OPTIONS}
        onChange={(event) => onChange({ status: event.target.value as PaymentListFilters['status'] })}
      />
    </search>
  );
}
