import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useId } from 'react';
import { oneOrderBillRows } from '../../../components/shared/bill-money';
import { BillSummary } from '../../../components/shared/bill-summary';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
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

/** Everything about one order: facts, dishes, totals, payment and who moved it when (and why). */
export function OrderDetails({ order, timezone }: { order: TOrder; timezone: string }) {
  const _money = (minor: number) => formatMoney(minor, order.currency);
  const due = amountDue(order);
  const payment = describeOrderPayment(order);
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

      {/* The order's rows as every bill reads them: the service charge on its own, the tip after the total. */}
      <BillSummary
        rows={oneOrderBillRows(order, {
          paidMinor: order.paidMinor,
          dueMinor: order.status === 'cancelled' ? 0 : due,
        })}
        currency={order.currency}
        labels={{ due: t('orders.details.due') }}
        testIds={{ addedTax: 'order-tax', includedTax: 'order-tax' }}
        className="border-t border-line pt-4 text-sm"
      />

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
