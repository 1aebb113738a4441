import type { TPaymentMethod } from '@tavolo/contract/orders';
import type { TPaymentListItem } from '@tavolo/contract/payments';
import { PAYMENT_METHODS } from '@tavolo/contract/values/orders';
import { PAYMENT_RECORD_STATUSES } from '@tavolo/contract/values/payments';
import type { BadgeTone } from '../../../components/ui/badge';

export const PAYMENTS_PAGE_SIZE = 20;

type TPaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export const METHOD_LABELS: Readonly<Record<TPaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  online: 'Online',
};

const STATUS_LABELS: Readonly<Record<TPaymentRecordStatus, string>> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  refunded: 'Refunded',
};

const STATUS_TONES: Readonly<Record<TPaymentRecordStatus, BadgeTone>> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
  refunded: 'neutral',
};

export const METHOD_FILTER_OPTIONS = [
  { value: '', label: 'Any' },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] })),
] as const;

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'Any' },
  ...PAYMENT_RECORD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
] as const;

/** The list's filters as the URL keeps them ('' is "any"). */
export interface PaymentListFilters {
  method: TPaymentMethod | '';
  status: TPaymentRecordStatus | '';
  page: number;
}

export function readPaymentListFilters(params: URLSearchParams): PaymentListFilters {
  const method = params.get('method') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    method: (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as TPaymentMethod) : '',
    status: (PAYMENT_RECORD_STATUSES as readonly string[]).includes(status)
      ? (status as TPaymentRecordStatus)
      : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL after a change: "any" and page one are left out; a new filter goes back to page one. */
export function writePaymentListFilters(
  current: URLSearchParams,
  change: Partial<PaymentListFilters>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['method', 'status'] as const) {
    if (!(key in change)) continue;
    const value = change[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (change.page !== undefined && change.page > 1) next.set('page', String(change.page));
  else next.delete('page');
  return next;
}

/**
 * A payment's state in words: a succeeded payment that was partly given back says so (the server
 * keeps it "succeeded" until all of it went back, then "refunded").
 */
export function describePaymentStatus(payment: Pick<TPaymentListItem, 'status' | 'refundedMinor'>): {
  label: string;
  tone: BadgeTone;
} {
  if (payment.status === 'succeeded' && payment.refundedMinor > 0)
    return { label: 'Partly refunded', tone: 'neutral' };
  return { label: STATUS_LABELS[payment.status], tone: STATUS_TONES[payment.status] };
}

/** Who took the payment: a name, or the provider for an online payment nobody recorded by hand. */
export function describeRecorder(
  payment: Pick<TPaymentListItem, 'recordedBy' | 'method' | 'provider'>,
): string {
  if (payment.recordedBy) return payment.recordedBy;
  if (payment.method === 'online') return payment.provider ? `Online (${payment.provider})` : 'Online';
  return '—';
}
