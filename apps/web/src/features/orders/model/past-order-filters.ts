import type { TOrderListQuery } from '@tavolo/contract/orders';
import { ORDER_STATUSES } from '@tavolo/contract/values/orders';
import { t } from '../../../lib/i18n/i18n';
import type { OrderListFilters } from '../api/get-orders';
import { statusLabel } from './order-status';

export const PAST_ORDERS_PAGE_SIZE = 20;

/** "past" (completed and cancelled) is the default; "all" sends no status at all. */
const STATUS_FILTERS = ['past', 'all', 'current', ...ORDER_STATUSES] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];

function statusFilterLabel(filter: StatusFilter): string {
  switch (filter) {
    case 'past':
      return t('orders.filters.statusPast');
    case 'all':
      return t('orders.filters.statusAll');
    case 'current':
      return t('orders.filters.statusCurrent');
    default:
      return statusLabel(filter);
  }
}

/** The status filter's choices, in the person's language. */
export function statusFilterOptions(): { value: StatusFilter; label: string }[] {
  return STATUS_FILTERS.map((value) => ({ value, label: statusFilterLabel(value) }));
}

function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** The filters as the URL keeps them: text, so that what was typed survives a reload as typed. */
export interface PastOrderFilters {
  status: StatusFilter;
  from: string;
  to: string;
  table: string;
  q: string;
  page: number;
}

export const DEFAULT_PAST_ORDER_FILTERS: PastOrderFilters = {
  status: 'past',
  from: '',
  to: '',
  table: '',
  q: '',
  page: 1,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readPastOrderFilters(params: URLSearchParams): PastOrderFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    status: isStatusFilter(status) ? status : 'past',
    from: date('from'),
    to: date('to'),
    table: (params.get('table') ?? '').replace(/\D/g, ''),
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The URL after a change: defaults are left out (a clean URL for the usual view), and changing
 * any filter goes back to the first page.
 */
export function writePastOrderFilters(
  current: URLSearchParams,
  change: Partial<PastOrderFilters>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const filterChanged = Object.keys(change).some((key) => key !== 'page');
  for (const [key, value] of Object.entries(change)) {
    const fallback = DEFAULT_PAST_ORDER_FILTERS[key as keyof PastOrderFilters];
    const text = String(value ?? '').trim();
    if (value === undefined || text === '' || value === fallback) next.delete(key);
    else next.set(key, key === 'q' ? String(value) : text);
  }
  if (filterChanged && change.page === undefined) next.delete('page');
  return next;
}

export function hasPastOrderFilters(filters: PastOrderFilters): boolean {
  return (
    filters.status !== 'past' ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.table !== '' ||
    filters.q.trim() !== ''
  );
}

/** A range that ends before it starts finds nothing; say so rather than show an empty list. */
export function dateRangeError(filters: Pick<PastOrderFilters, 'from' | 'to'>): string | undefined {
  if (filters.from && filters.to && filters.from > filters.to) return t('orders.filters.endBeforeStart');
  return undefined;
}

/** What the list endpoint receives. */
export function toListFilters(filters: PastOrderFilters, pageSize = PAST_ORDERS_PAGE_SIZE): OrderListFilters {
  const table = Number(filters.table);
  return {
    status: filters.status === 'all' ? undefined : (filters.status as TOrderListQuery['status']),
    from: filters.from || undefined,
    to: filters.to || undefined,
    table: Number.isInteger(table) && table >= 1 ? table : undefined,
    q: filters.q.trim() || undefined,
    page: filters.page,
    pageSize,
  };
}
