import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { type TaxRow, taxRowsOf } from '../../../lib/order-taxes';
import { describeActor, describeOrderPayment, sourceLabel } from '../model/order-labels';
import { STATUS_TONES, statusLabel } from '../model/order-status';
import { amountDue } from '../model/payment-amount';
import { OrderLines } from './order-lines';
import { OrderPayments } from './order-payments';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={cn(
        'flex justify-between gap-4',
        strong ? 'text-base font-semibold text-ink' : 'text-sm text-ink-muted',
      )}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** An order's tax: before the total (net, then each rate) or under it ("of which"), smaller. */
function TaxRows({
  rows,
  money,
  under = false,
}: {
  rows: TaxRow[];
  money: (minor: number) => string;
  under?: boolean;
}) {
  return rows.map((row) => (
    <div
      key={row.key}
      className={cn('flex justify-between gap-4 text-ink-muted', under ? 'text-xs' : 'text-sm')}
      data-testid="order-tax"
    >
      <dt>{row.label}</dt>
      <dd className="tabular-nums">{money(row.amountMinor)}</dd>
    </div>
  ));
}

/** Everything about one order: facts, dishes, totals, payment and who moved it when (and why). */
export function OrderDetails({ order, timezone }: { order: TOrder; timezone: string }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const due = amountDue(order);
  const payment = describeOrderPayment(order);
  const taxes = taxRowsOf([order]);
  const id = useId();
  return (
    // Focusable, so that keyboards can scroll a long order inside its dialog.
    <section
      className="-m-1 flex flex-col gap-6 rounded-lg p-1"
      data-testid="order-details"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      aria-label={t('orders.details.label', { number: order.number })}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Fact label={t('orders.field.status')}>
          <Badge tone={STATUS_TONES[order.status]}>{statusLabel(order.status)}</Badge>
        </Fact>
        <Fact label={t('orders.field.payment')}>
          <Badge tone={payment.tone}>{payment.text}</Badge>
        </Fact>
        <Fact label={t('orders.field.table')}>{order.tableNumber}</Fact>
        <Fact label={t('orders.field.placed')}>{formatDateTime(order.createdAt, timezone)}</Fact>
        <Fact label={t('orders.field.through')}>{sourceLabel(order.source)}</Fact>
        <Fact label={t('orders.field.customer')}>{order.customerName ?? '—'}</Fact>
      </dl>

      <section aria-labelledby={`${id}-items`} className="flex flex-col gap-3">
        <h3 id={`${id}-items`} className="text-sm font-semibold text-ink">
          {t('orders.field.items')}
        </h3>
        <OrderLines items={order.items} tone="details" currency={order.currency} />
        {order.note ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900">
            <span className="font-semibold">{t('orders.details.orderNote')}</span> {order.note}
          </p>
        ) : null}
      </section>

      <dl className="flex flex-col gap-1 border-t border-line pt-4">
        {order.discountMinor > 0 ? (
          <TotalRow label={t('orders.details.discounts')} value={`−${money(order.discountMinor)}`} />
        ) : null}
        <TotalRow label={t('orders.details.subtotal')} value={money(order.subtotalMinor)} />
        {order.serviceChargeMinor > 0 ? (
          <TotalRow label={t('orders.details.serviceCharge')} value={money(order.serviceChargeMinor)} />
        ) : null}
        <TaxRows rows={taxes.beforeTotal} money={money} />
        {order.tipMinor > 0 ? (
          <TotalRow label={t('orders.details.tip')} value={money(order.tipMinor)} />
        ) : null}
        <TotalRow label={t('orders.field.total')} value={money(order.totalMinor)} strong />
        <TaxRows rows={taxes.afterTotal} money={money} under />
        <TotalRow label={t('orders.details.paid')} value={money(order.paidMinor)} />
        {due > 0 && order.status !== 'cancelled' ? (
          <TotalRow label={t('orders.details.due')} value={money(due)} strong />
        ) : null}
      </dl>

      <OrderPayments order={order} timezone={timezone} />

      <section aria-labelledby={`${id}-history`} className="flex flex-col gap-3">
        <h3 id={`${id}-history`} className="text-sm font-semibold text-ink">
          {t('orders.details.history')}
        </h3>
        <ol className="flex flex-col gap-3 border-l-2 border-line pl-4">
          {order.statusHistory.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at the end.
            <li key={index} className="relative flex flex-col gap-0.5" data-testid="history-entry">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-panel bg-slate-400"
              />
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={STATUS_TONES[change.status]}>{statusLabel(change.status)}</Badge>
                <time dateTime={change.at} className="text-ink-muted">
                  {formatDateTime(change.at, timezone)}
                </time>
              </p>
              <p className="text-sm text-ink">
                {t('orders.details.by', { actor: describeActor(change.by) })}
              </p>
              {change.reason ? (
                <p className="text-sm break-words text-ink-muted">
                  {t('orders.details.reason', { reason: change.reason })}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
