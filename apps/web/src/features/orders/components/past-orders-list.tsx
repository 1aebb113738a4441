import type { TOrder } from '@tavolo/contract/orders';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { countItems, describeOrderPayment, summarizeItems } from '../model/order-labels';
import { STATUS_TONES, statusLabel } from '../model/order-status';

function PaymentBadge({ order }: { order: TOrder }) {
  const { text, tone } = describeOrderPayment(order);
  return <Badge tone={tone}>{text}</Badge>;
}

function OpenButton({ order, onOpen }: { order: TOrder; onOpen: (order: TOrder) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(order)}
      aria-label={t('orders.order.openDetails', { number: order.number })}
      className="rounded-md font-semibold text-accent-700 underline-offset-4 tabular-nums after:absolute after:inset-0 hover:underline"
    >
      #{order.number}
    </button>
  );
}

type Column = {
  key: string;
  title: () => string;
  /** Classes of both the heading and the cells. */
  className?: string;
  cell: (order: TOrder, timezone: string, onOpen: (order: TOrder) => void) => ReactNode;
};

/**
 * What matters first: which order, how it ended, what it came to and whether it is paid. When the
 * screen is narrower (a 1024 px tablet), the customer and the dishes wait in the order's details.
 */
const COLUMNS: readonly Column[] = [
  {
    key: 'order',
    title: () => t('orders.field.order'),
    cell: (order, _timezone, onOpen) => <OpenButton order={order} onOpen={onOpen} />,
  },
  {
    key: 'status',
    title: () => t('orders.field.status'),
    cell: (order) => <Badge tone={STATUS_TONES[order.status]}>{statusLabel(order.status)}</Badge>,
  },
  {
    key: 'total',
    title: () => t('orders.field.total'),
    className: 'text-right font-medium whitespace-nowrap tabular-nums',
    cell: (order) => formatMoney(order.totalMinor, order.currency),
  },
  { key: 'payment', title: () => t('orders.field.payment'), cell: (order) => <PaymentBadge order={order} /> },
  {
    key: 'table',
    title: () => t('orders.field.table'),
    className: 'tabular-nums',
    cell: (order) => order.tableNumber,
  },
  {
    key: 'placed',
    title: () => t('orders.field.placed'),
    className: 'whitespace-nowrap text-ink-muted',
    cell: (order, timezone) => formatDateTime(order.createdAt, timezone),
  },
  {
    key: 'customer',
    title: () => t('orders.field.customer'),
    className: 'hidden max-w-40 truncate xl:table-cell',
    cell: (order) => order.customerName ?? '—',
  },
  {
    key: 'items',
    title: () => t('orders.field.items'),
    className: 'hidden max-w-64 truncate text-ink-muted xl:table-cell',
    cell: (order) => <span title={summarizeItems(order)}>{summarizeItems(order)}</span>,
  },
];

/** Past orders: a table where there is room, cards on a phone. A tap anywhere on a row opens it. */
export function PastOrdersList({
  orders,
  timezone,
  onOpen,
}: {
  orders: readonly TOrder[];
  timezone: string;
  onOpen: (order: TOrder) => void;
}) {
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
                  className={cn('px-4 py-3', column.className, 'font-medium text-ink-muted')}
                >
                  {column.title()}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {orders.map((order) => (
              <tr
                key={order.id}
                data-testid="past-order-row"
                className="relative transition-colors focus-within:bg-slate-50 hover:bg-slate-50"
              >
                {COLUMNS.map((column) => (
                  <td key={column.key} className={cn('px-4 py-3', column.className)}>
                    {column.cell(order, timezone, onOpen)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="flex flex-col gap-3 md:hidden">
        {orders.map((order) => {
          const items = countItems(order);
          return (
            <li
              key={order.id}
              data-testid="past-order-card"
              className="relative flex flex-col gap-2 rounded-xl border border-line bg-panel p-4 shadow-sm focus-within:ring-2 focus-within:ring-accent-700"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="text-lg">
                  <OpenButton order={order} onOpen={onOpen} />
                  <span className="text-base text-ink">
                    {' '}
                    · {t('orders.order.table', { table: order.tableNumber })}
                  </span>
                </p>
                <Badge tone={STATUS_TONES[order.status]}>{statusLabel(order.status)}</Badge>
              </div>
              <p className="text-sm text-ink-muted">
                {formatDateTime(order.createdAt, timezone)}
                {order.customerName ? ` · ${order.customerName}` : ''}
              </p>
              <p className="line-clamp-2 text-sm text-ink">{summarizeItems(order)}</p>
              <div className="flex items-center justify-between gap-3 border-t border-line pt-2">
                <span className="text-sm text-ink-muted">{t('orders.list.items', { count: items })}</span>
                <span className="flex items-center gap-2">
                  <PaymentBadge order={order} />
                  <span className="font-semibold text-ink tabular-nums">
                    {formatMoney(order.totalMinor, order.currency)}
                  </span>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
