import type { TPaymentListItem } from '@tavolo/contract/payments';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { canRefund } from '../../../lib/refund-form';
import { describePaymentStatus, describeRecorder, methodLabel } from '../model/payment-list';

interface RowContext {
  currency: string;
  timezone: string;
  canManage: boolean;
  onRefund: (payment: TPaymentListItem) => void;
}

function StatusBadge({ payment }: { payment: TPaymentListItem }) {
  const { label, tone } = describePaymentStatus(payment);
  return <Badge tone={tone}>{label}</Badge>;
}

function RefundedNote({ payment, currency }: { payment: TPaymentListItem; currency: string }) {
  if (payment.refundedMinor <= 0) return null;
  return (
    <span className="block text-xs text-ink-muted tabular-nums">
      {t('payments.list.refunded', { amount: formatMoney(payment.refundedMinor, currency) })}
    </span>
  );
}

function RefundButton({ payment, context }: { payment: TPaymentListItem; context: RowContext }) {
  if (!context.canManage || !canRefund(payment)) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => context.onRefund(payment)}
      aria-label={t('payments.list.refundPayment', {
        amount: formatMoney(payment.amountMinor, context.currency),
        order: payment.orderNumber,
      })}
    >
      {t('payments.list.refund')}
    </Button>
  );
}

type Column = {
  key: string;
  title: () => string;
  className?: string;
  cell: (payment: TPaymentListItem, context: RowContext) => ReactNode;
};

const COLUMNS: readonly Column[] = [
  {
    key: 'time',
    title: () => t('payments.list.time'),
    className: 'whitespace-nowrap text-ink-muted',
    cell: (payment, { timezone }) => (
      <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, timezone)}</time>
    ),
  },
  {
    key: 'order',
    title: () => t('payments.list.order'),
    className: 'font-medium tabular-nums',
    cell: (payment) => `#${payment.orderNumber}`,
  },
  {
    key: 'table',
    title: () => t('payments.list.table'),
    className: 'tabular-nums',
    cell: (payment) => payment.tableNumber,
  },
  { key: 'method', title: () => t('payments.list.method'), cell: (payment) => methodLabel(payment.method) },
  {
    key: 'amount',
    title: () => t('payments.list.amount'),
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (payment, { currency }) => (
      <>
        <span className="font-medium">{formatMoney(payment.amountMinor, currency)}</span>
        <RefundedNote payment={payment} currency={currency} />
      </>
    ),
  },
  {
    key: 'status',
    title: () => t('payments.list.status'),
    cell: (payment) => <StatusBadge payment={payment} />,
  },
  {
    key: 'receipt',
    title: () => t('payments.list.receipt'),
    className: 'whitespace-nowrap tabular-nums',
    cell: (payment) =>
      payment.receipt ? (
        <Link
          to={`/dashboard/payments/receipts/${payment.receipt.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-accent-800 underline-offset-2 hover:underline"
        >
          {payment.receipt.number}
        </Link>
      ) : (
        '—'
      ),
  },
  {
    key: 'recordedBy',
    title: () => t('payments.list.recordedBy'),
    className: 'max-w-40 truncate',
    cell: (payment) => describeRecorder(payment),
  },
];

/** Payments, newest first: a table where there is room, cards on a phone. */
export function PaymentsList({
  payments,
  ...context
}: RowContext & { payments: readonly TPaymentListItem[] }) {
  return (
    <>
      <Card padding="none" className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-surface text-xs font-medium tracking-wide text-ink-muted uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn('px-3 py-3', column.className, 'font-medium text-ink-muted')}
                >
                  {column.title()}
                </th>
              ))}
              {context.canManage ? (
                <th scope="col" className="px-3 py-3 font-medium">
                  <span className="sr-only">{t('payments.list.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {payments.map((payment) => (
              <tr key={payment.id} data-testid="payment-row">
                {COLUMNS.map((column) => (
                  <td key={column.key} className={cn('px-3 py-2', column.className)}>
                    {column.cell(payment, context)}
                  </td>
                ))}
                {context.canManage ? (
                  <td className="px-3 py-2 text-right">
                    <RefundButton payment={payment} context={context} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="flex flex-col gap-3 md:hidden">
        {payments.map((payment) => (
          <li
            key={payment.id}
            data-testid="payment-card"
            className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="text-base text-ink">
                <span className="font-semibold tabular-nums">#{payment.orderNumber}</span> ·{' '}
                {t('payments.list.tableNumber', { table: payment.tableNumber })}
              </p>
              <StatusBadge payment={payment} />
            </div>
            <p className="text-sm text-ink-muted">
              <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, context.timezone)}</time>{' '}
              · {methodLabel(payment.method)} · {describeRecorder(payment)}
              {payment.receipt ? (
                <>
                  {' · '}
                  <Link
                    to={`/dashboard/payments/receipts/${payment.receipt.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-accent-800 underline-offset-2 hover:underline"
                    aria-label={`${t('payments.list.receipt')} ${payment.receipt.number}`}
                  >
                    {payment.receipt.number}
                  </Link>
                </>
              ) : null}
            </p>
            <div className="flex items-center justify-between gap-3 border-t border-line pt-2">
              <span className="tabular-nums">
                <span className="font-semibold text-ink">
                  {formatMoney(payment.amountMinor, context.currency)}
                </span>
                <RefundedNote payment={payment} currency={context.currency} />
              </span>
              <RefundButton payment={payment} context={context} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The list's place while it loads. */
export function PaymentsListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2" data-testid="payments-skeleton">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-14 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
      ))}
    </div>
  );
}
