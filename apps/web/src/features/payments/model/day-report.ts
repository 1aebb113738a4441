import type { TDayReport } from '@tavolo/contract/receipts';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { CashDifferenceState } from './cash-count';

/** Each rate of the day with its gross (net + tax), the lowest rate first. */
export function taxRowsOf(report: Pick<TDayReport, 'taxes'>) {
  return [...report.taxes]
    .sort((a, b) => a.rateBasisPoints - b.rateBasisPoints || a.name.localeCompare(b.name))
    .map((part) => ({ ...part, grossMinor: part.netMinor + part.taxMinor }));
}

/** The cash difference in words: "Short by €1.50", "Over by €0.50", "Matches the cash expected". */
export function describeCashDifference(differenceMinor: number, currency: string): string {
  if (differenceMinor === 0) return t('payments.close.even');
  const amount = formatMoney(Math.abs(differenceMinor), currency);
  return differenceMinor > 0 ? t('payments.close.over', { amount }) : t('payments.close.short', { amount });
}

/** Green when the drawer holds at least what it should, red when cash is missing. */
export const DIFFERENCE_TONES: Readonly<Record<CashDifferenceState, string>> = {
  even: 'border-green-200 bg-green-50 text-green-800',
  over: 'border-green-200 bg-green-50 text-green-800',
  short: 'border-red-200 bg-red-50 text-red-800',
};

/** "2026-000041 – 2026-000058" or the one number, or null when the day issued none. */
export function receiptRangeOf(report: Pick<TDayReport, 'receipts'>): string | null {
  const { first, last } = report.receipts;
  if (!first) return null;
  return last && last !== first ? `${first} – ${last}` : first;
}

/** What is open at a day's close that the person closing it must see first, or null when nothing is. */
export function openAtCloseOf(report: Pick<TDayReport, 'open'>): NonNullable<TDayReport['open']> | null {
  const { open } = report;
  if (!open || (open.bills.count === 0 && open.checkouts.count === 0)) return null;
  return open;
}

/** "Table 4 · Terrace" or "Table 4". */
export function tableNameOf(bill: { tableNumber: number; tableLabel: string | null }): string {
  const name = t('payments.open.table', { number: bill.tableNumber });
  return bill.tableLabel ? `${name} · ${bill.tableLabel}` : name;
}
