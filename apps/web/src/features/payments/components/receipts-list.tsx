import type { TReceiptSummary } from '@tavolo/contract/receipts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { methodLabel } from '../model/payment-list';
import { describeReceiptOrders, describeReceiptTable } from '../model/receipt-list';

export const receiptPath = (id: string) => `/dashboard/payments/receipts/${encodeURIComponent(id)}`;

// 44 px tall: the list is worked on a phone too.
const linkClassName =
  'inline-flex min-h-11 items-center font-semibold text-accent-800 tabular-nums underline-offset-2 hover:underline focus-visible:underline';

/** The receipt's number as a link to it; a credit note says so and names the receipt it credits. */
function ReceiptNumber({ receipt }: { receipt: TReceiptSummary }) {
  const credit = receipt.kind === 'credit_note';
  return (
    <span className="flex flex-col items-start gap-1">
      <Link
        to={receiptPath(receipt.id)}
        className={linkClassName}
        aria-label={
          credit
            ? t('payments.receipts.openCreditNote', { number: receipt.number })
            : t('payments.receipts.openReceipt', { number: receipt.number })
        }
      >
        {receipt.number}
      </Link>
      {credit ? (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <Badge tone="warning">{t('payments.receipts.creditNote')}</Badge>
          {receipt.creditFor ? (
            <Link
              to={receiptPath(receipt.creditFor.id)}
              className="text-accent-800 underline underline-offset-2"
              data-testid="credit-for-link"
            >
              {t('payments.receipts.creditFor', { number: receipt.creditFor.number })}
            </Link>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

/** Receipts and credit notes, newest first: a table where there is room, cards on a phone. */
export function ReceiptsList({
  receipts,
  timezone,
}: {
  receipts: readonly TReceiptSummary[];
  timezone: string;
}) {
  return (
    <>
      <Card padding="none" className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-surface text-xs font-medium tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.receipts.number')}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.receipts.issued')}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.receipts.table')}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.receipts.orders')}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.receipts.method')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.receipts.total')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {receipts.map((receipt) => (
              <tr key={receipt.id} data-testid="receipt-row" data-kind={receipt.kind}>
                <td className="px-3 py-2 align-top">
                  <ReceiptNumber receipt={receipt} />
                </td>
                <td className="px-3 py-2 align-top whitespace-nowrap text-ink-muted">
                  <time dateTime={receipt.issuedAt}>{formatDateTime(receipt.issuedAt, timezone)}</time>
                </td>
                <td className="px-3 py-2 align-top whitespace-nowrap">{describeReceiptTable(receipt)}</td>
                <td className="px-3 py-2 align-top tabular-nums">{describeReceiptOrders(receipt)}</td>
                <td className="px-3 py-2 align-top">{methodLabel(receipt.method)}</td>
                <td className="px-3 py-2 text-right align-top font-medium whitespace-nowrap tabular-nums">
                  {formatMoney(receipt.totalMinor, receipt.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="flex flex-col gap-3 md:hidden">
        {receipts.map((receipt) => (
          <li
            key={receipt.id}
            data-testid="receipt-card"
            data-kind={receipt.kind}
            className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <ReceiptNumber receipt={receipt} />
              <span className="shrink-0 font-semibold text-ink tabular-nums">
                {formatMoney(receipt.totalMinor, receipt.currency)}
              </span>
            </div>
            <p className="text-sm text-ink-muted">
              <time dateTime={receipt.issuedAt}>{formatDateTime(receipt.issuedAt, timezone)}</time> ·{' '}
              {describeReceiptTable(receipt)} · {describeReceiptOrders(receipt)} ·{' '}
              {methodLabel(receipt.method)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The list's place while it loads. */
export function ReceiptsListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2" data-testid="receipts-skeleton">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-14 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
      ))}
    </div>
  );
}
