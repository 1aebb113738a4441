import type { TReceiptSummary } from '@tavolo/contract/receipts';
import { t } from '../../../lib/i18n/i18n';

export const RECEIPTS_PAGE_SIZE = 20;
export const CLOSED_DAYS_PAGE_SIZE = 10;

/** The receipts list's search and page as the URL keeps them (the period is payment-period.ts's). */
export interface ReceiptListFilters {
  /** A receipt number or part of one, or an order number. */
  q: string;
  page: number;
}

export function readReceiptListFilters(params: URLSearchParams): ReceiptListFilters {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 40),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL after a change: an empty search and page one are left out; a new search goes back to page one. */
export function writeReceiptListFilters(
  current: URLSearchParams,
  change: Partial<ReceiptListFilters>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.q !== undefined) {
    const q = change.q.trim();
    if (q) next.set('q', q);
    else next.delete('q');
  }
  if (change.page !== undefined && change.page > 1) next.set('page', String(change.page));
  else next.delete('page');
  return next;
}

/** "Table 4", or nothing for a receipt of no table (a takeaway). */
export function describeReceiptTable(receipt: Pick<TReceiptSummary, 'tableNumber'>): string {
  return receipt.tableNumber === null
    ? '—'
    : t('payments.receipts.tableNumber', { table: String(receipt.tableNumber) });
}

/** "#12, #13": the orders a receipt paid for. */
export function describeReceiptOrders(receipt: Pick<TReceiptSummary, 'orderNumbers'>): string {
  return receipt.orderNumbers.length === 0 ? '—' : receipt.orderNumbers.map((n) => `#${n}`).join(', ');
}
