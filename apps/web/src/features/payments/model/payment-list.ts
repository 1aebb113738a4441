import type { TPaymentMethod } from '@tavolo/contract/orders';
import type { TPaymentListItem } from '@tavolo/contract/payments';
import { PAYMENT_METHODS } from '@tavolo/contract/values/orders';
import { PAYMENT_RECORD_STATUSES } from '@tavolo/contract/values/payments';
import type { BadgeTone } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';

export const PAYMENTS_PAGE_SIZE = 20;

type TPaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/** A payment method in words. */
export function methodLabel(method: TPaymentMethod): string {
  switch (method) {
    case 'cash':
      return t('payments.method.cash');
    case 'card':
      return t('payments.method.card');
    case 'transfer':
      return t('payments.method.transfer');
    case 'online':
      return t('payments.method.online');
  }
}

function statusLabel(status: TPaymentRecordStatus): string {
  switch (status) {
    case 'pending':
      return t('payments.status.pending');
    case 'succeeded':
      return t('payments.status.succeeded');
    case 'failed':
      return t('payments.status.failed');
    case 'refunded':
      return t('payments.status.refunded');
  }
}

const STATUS_TONES: Readonly<Record<TPaymentRecordStatus, BadgeTone>> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
  refunded: 'neutral',
};

export function methodFilterOptions(): { value: TPaymentMethod | ''; label: string }[] {
  return [
    { value: '', label: t('payments.filters.anyMethod') },
    ...PAYMENT_METHODS.map((method) => ({ value: method, label: methodLabel(method) })),
  ];
}

export function statusFilterOptions(): { value: TPaymentRecordStatus | ''; label: string }[] {
  return [
    { value: '', label: t('payments.filters.anyStatus') },
    ...PAYMENT_RECORD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
  ];
}

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
    return { label: t('payments.status.partlyRefunded'), tone: 'neutral' };
  return { label: statusLabel(payment.status), tone: STATUS_TONES[payment.status] };
}

/** Who took the payment: a name, or the provider for an online payment nobody recorded by hand. */
export function describeRecorder(
  payment: Pick<TPaymentListItem, 'recordedBy' | 'method' | 'provider'>,
): string {
  if (payment.recordedBy) return payment.recordedBy;
  if (payment.method === 'online') {
    return payment.provider
      ? t('payments.list.onlineVia', { provider: payment.provider })
      : t('payments.list.online');
  }
  return '—';
}
