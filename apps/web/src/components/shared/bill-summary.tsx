import type { BillRowKind } from '@tavolo/contract/values/bill-rows';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { rowAmountMinor, type ShownBillRow } from './bill-money';

function rowLabel(row: ShownBillRow): string {
  switch (row.kind) {
    case 'items':
      return t('shared.bill.subtotal');
    case 'discount':
      return t('shared.bill.discounts');
    case 'serviceCharge':
      return t('shared.bill.serviceCharge');
    case 'addedTax':
    case 'includedTax':
      return row.tax.label;
    case 'total':
      return t('shared.bill.total');
    case 'tip':
      return t('shared.bill.tip');
    case 'totalWithTip':
      return t('shared.bill.totalWithTip');
    case 'paid':
      return t('shared.bill.paid');
    case 'due':
      return t('shared.bill.due');
  }
}

/** Minus as people write it (U+2212) before what a discount takes off; other rows as money reads. */
function amountText(minor: number, currency: string): string {
  return minor < 0 ? `−${formatMoney(-minor, currency)}` : formatMoney(minor, currency);
}

/**
 * The rows under a bill's lines, as every screen shows them (contract values/bill-rows): one row
 * per figure, the total and what is left to pay in bold, the tax a total holds small under it.
 */
export function BillSummary({
  rows,
  currency,
  labels,
  testIds,
  amountTestIds,
  className,
}: {
  rows: readonly ShownBillRow[];
  currency: string;
  /** A screen's own words for a row ("Total paid" on a receipt). */
  labels?: Partial<Record<BillRowKind, string>>;
  /** A screen's own test ids for a row; else bill-row-<kind>. */
  testIds?: Partial<Record<BillRowKind, string>>;
  /** A screen's own test ids for a row's amount alone. */
  amountTestIds?: Partial<Record<BillRowKind, string>>;
  className?: string;
}) {
  return (
    <dl className={cn('flex flex-col gap-1', className)} data-testid="bill-summary">
      {rows.map((row, index) => {
        const strong = row.kind === 'total' || row.kind === 'due' || row.kind === 'totalWithTip';
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are rebuilt whole; tax rows share a kind.
            key={`${row.kind}-${index}`}
            data-testid={testIds?.[row.kind] ?? `bill-row-${row.kind}`}
            data-kind={row.kind}
            className={cn(
              'flex items-baseline justify-between gap-4',
              row.kind === 'includedTax' && 'text-xs text-ink-muted',
              strong && 'font-semibold text-ink',
              row.kind === 'due' && 'text-base',
            )}
          >
            <dt className={cn(!strong && 'text-ink-muted')}>{labels?.[row.kind] ?? rowLabel(row)}</dt>
            <dd
              className={cn('shrink-0 text-right tabular-nums', row.kind === 'discount' && 'text-green-800')}
              data-testid={amountTestIds?.[row.kind]}
            >
              {row.kind === 'discount'
                ? amountText(rowAmountMinor(row), currency)
                : formatMoney(rowAmountMinor(row), currency)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
