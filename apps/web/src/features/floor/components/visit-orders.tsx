import type { TKitchenStatus, TOrder } from '@tavolo/contract/orders';
import { lineAmountsOf } from '@tavolo/contract/values/bill-rows';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { MoreIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import {
  courseLabel,
  groupVisitLines,
  kitchenStatusLabel,
  orderedQuantity,
  orderSourceLabel,
  orderStatusLabel,
  seatLabel,
  type VisitLine,
} from '../model/visit-lines';

/**
 * The visit's lines by seat and course, the guests' QR orders with the staff's. A line shows its
 * units, options and note; voided units struck through; its discount; and a button for its actions.
 */
export function VisitLines({
  orders,
  currency,
  onLine,
}: {
  orders: readonly TOrder[];
  currency: string;
  /** Opens a line's actions; absent for those who may change nothing. */
  onLine?: (entry: VisitLine) => void;
}) {
  const seats = groupVisitLines(orders);
  return (
    <div className="flex flex-col gap-4" data-testid="visit-lines">
      {seats.map((seat) => (
        <section key={seat.seat ?? 'table'} aria-label={seatLabel(seat.seat)} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
            {seatLabel(seat.seat)}
          </h3>
          {seat.courses.map((course) => (
            <div key={course.course ?? 'none'} className="flex flex-col gap-1">
              {course.course !== null || seat.courses.length > 1 ? (
                <h4 className="text-xs font-medium text-ink-muted">{courseLabel(course.course)}</h4>
              ) : null}
              <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-panel">
                {course.lines.map((entry) => (
                  <LineRow
                    key={`${entry.order.id}-${entry.lineIndex}`}
                    entry={entry}
                    currency={currency}
                    onOpen={onLine}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function LineRow({
  entry,
  currency,
  onOpen,
}: {
  entry: VisitLine;
  currency: string;
  onOpen?: (entry: VisitLine) => void;
}) {
  const { line, order } = entry;
  const allVoided = line.quantity === 0;
  return (
    <li
      data-testid="visit-line"
      data-order-number={order.number}
      data-line-index={entry.lineIndex}
      data-voided={line.voidedQuantity}
      className="flex items-start gap-2 px-3 py-2"
    >
      <div className="min-w-0 flex-1">
        <p className={cn('font-medium break-words text-ink', allVoided && 'text-ink-muted line-through')}>
          <span className="tabular-nums">{orderedQuantity(line)}×</span> {line.name}
        </p>
        {line.voidedQuantity > 0 ? (
          <p className="text-sm text-red-800">
            <s data-testid="voided-units">{t('floor.line.voided', { count: line.voidedQuantity })}</s>
          </p>
        ) : null}
        {line.options.length > 0 ? (
          <p className="text-sm text-ink-muted">{line.options.map((option) => option.choice).join(', ')}</p>
        ) : null}
        {line.note ? (
          <p className="mt-1 rounded border border-amber-200 bg-amber-50 px-2 py-0.5 text-sm break-words text-amber-900">
            <span className="sr-only">{t('floor.line.note')} </span>
            {t('floor.quoted', { text: line.note })}
          </p>
        ) : null}
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          {allVoided ? null : <KitchenChip status={line.kitchenStatus} />}
          <p className="text-xs text-ink-muted">
            {t('floor.line.from', { number: order.number, source: orderSourceLabel(order) })}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end pt-0.5">
        {/* At its menu price with options; the discount under it and on the bill's Discounts row. */}
        <span
          className={cn('text-sm text-ink tabular-nums', allVoided && 'line-through')}
          data-testid="visit-line-amount"
        >
          {formatMoney(lineAmountsOf(line).amountMinor, currency)}
        </span>
        {line.discountMinor > 0 ? (
          <span className="text-xs font-medium text-green-800 tabular-nums">
            {t('floor.line.discount', { amount: formatMoney(line.discountMinor, currency) })}
          </span>
        ) : null}
      </div>
      {onOpen && !allVoided ? (
        <button
          type="button"
          onClick={() => onOpen(entry)}
          aria-label={t('floor.line.actions', { name: line.name, number: order.number })}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
          data-testid="line-actions"
        >
          <MoreIcon className="size-5" />
        </button>
      ) : null}
    </li>
  );
}

const KITCHEN_TONES: Record<TKitchenStatus, BadgeTone> = {
  held: 'warning',
  queued: 'neutral',
  preparing: 'accent',
  ready: 'success',
  served: 'neutral',
  voided: 'danger',
};

/** Where a line is in the kitchen: held, sent, preparing, ready or served. */
function KitchenChip({ status }: { status: TKitchenStatus }) {
  const label = kitchenStatusLabel(status);
  if (!label) return null;
  return (
    <span data-testid="kitchen-status" data-status={status}>
      <Badge tone={KITCHEN_TONES[status]}>
        <span className="sr-only">{t('floor.kitchen.label')} </span>
        {label}
      </Badge>
    </span>
  );
}

/** The visit's orders, each with its number, who placed it, its status and total, and its actions. */
export function VisitOrderList({
  orders,
  currency,
  actions,
}: {
  orders: readonly TOrder[];
  currency: string;
  actions?: (order: TOrder) => ReactNode;
}) {
  return (
    <ul
      className="flex flex-col divide-y divide-line rounded-lg border border-line bg-panel"
      data-testid="visit-orders"
    >
      {orders.map((order) => (
        <li
          key={order.id}
          data-testid="visit-order"
          data-order-number={order.number}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2"
        >
          <span className="min-w-0 flex-1">
            <span className="font-semibold text-ink">
              {t('floor.order.number', { number: order.number })}
            </span>{' '}
            <span className="text-sm text-ink-muted">{orderSourceLabel(order)}</span>
          </span>
          <Badge tone={order.status === 'cancelled' ? 'danger' : 'neutral'}>
            {orderStatusLabel(order.status)}
          </Badge>
          <span className="text-sm text-ink tabular-nums">{formatMoney(order.totalMinor, currency)}</span>
          {actions ? <span className="flex w-full gap-2 sm:w-auto">{actions(order)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
