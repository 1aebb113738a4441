import type { TOrder } from '@tavolo/contract/orders';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  countItems,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_TONES,
  summarizeItems,
} from '../model/order-labels';
import { STATUS_LABELS, STATUS_TONES } from '../model/order-status';

/** A cancelled order that was never paid owes nothing: not a warning. */
function PaymentBadge({ order }: { order: TOrder }) {
  if (order.status === 'cancelled' && order.paymentStatus === 'unpaid') return <Badge>Not paid</Badge>;
  return (
    <Badge tone={PAYMENT_STATUS_TONES[order.paymentStatus]}>
      {PAYMENT_STATUS_LABELS[order.paymentStatus]}
    </Badge>
  );
}

function OpenButton({ order, onOpen }: { order: TOrder; onOpen: (order: TOrder) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(order)}
      aria-label={`Order #${order.number}, details`}
      className="rounded-md font-semibold text-accent-700 underline-offset-4 tabular-nums after:absolute after:inset-0 hover:underline"
    >
      #{order.number}
    </button>
  );
}

/** Past orders: a table where there is room, cards on a phone. A tap anywhere on a row opens it. */
const COLUMNS = ['Order', 'Placed', 'Table', 'Customer', 'Items', 'Total', 'Payment', 'Status'] as const;

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
                <th key={column} scope="col" className={cn('px-4 py-3', column === 'Total' && 'text-right')}>
                  {column}
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
                <td className="px-4 py-3">
                  <OpenButton order={order} onOpen={onOpen} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                  {formatDateTime(order.createdAt, timezone)}
                </td>
                <td className="px-4 py-3 tabular-nums">{order.tableNumber}</td>
                <td className="max-w-40 truncate px-4 py-3">{order.customerName ?? '—'}</td>
                <td className="max-w-64 truncate px-4 py-3 text-ink-muted" title={summarizeItems(order)}>
                  {summarizeItems(order)}
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                  {formatMoney(order.totalMinor, order.currency)}
                </td>
                <td className="px-4 py-3">
                  <PaymentBadge order={order} />
                </td>
                <td className="px-4 py-3">
                  <Badge tone={STATUS_TONES[order.status]}>{STATUS_LABELS[order.status]}</Badge>
                </td>
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
                  <span className="text-base text-ink"> · Table {order.tableNumber}</span>
                </p>
                <Badge tone={STATUS_TONES[order.status]}>{STATUS_LABELS[order.status]}</Badge>
              </div>
              <p className="text-sm text-ink-muted">
                {formatDateTime(order.createdAt, timezone)}
                {order.customerName ? ` · ${order.customerName}` : ''}
              </p>
              <p className="line-clamp-2 text-sm text-ink">{summarizeItems(order)}</p>
              <div className="flex items-center justify-between gap-3 border-t border-line pt-2">
                <span className="text-sm text-ink-muted">
                  {items} {items === 1 ? 'item' : 'items'}
                </span>
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
