import type { TOrder } from '@tavolo/contract/orders';
import type { TPaymentListItem } from '@tavolo/contract/payments';
import { type ReactNode, useId, useState } from 'react';
import { RefundPaymentDialog } from '../../../components/shared/refund-payment-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-session';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { canRefund } from '../../../lib/refund-form';
import { useOrderPayments } from '../api/get-order-payments';
import { paymentMethodLabel } from '../model/order-labels';

type PaymentBadge = { text: string; tone: 'warning' | 'danger' | 'neutral' };

/** A payment that did not simply go through says how it stands. */
function paymentBadge(payment: TPaymentListItem): PaymentBadge | undefined {
  switch (payment.status) {
    case 'succeeded':
      return payment.refundedMinor > 0
        ? { text: t('orders.payments.partlyRefunded'), tone: 'neutral' }
        : undefined;
    case 'pending':
      return { text: t('orders.payments.pending'), tone: 'warning' };
    case 'failed':
      return { text: t('orders.payments.failed'), tone: 'danger' };
    case 'refunded':
      return { text: t('orders.payments.refunded'), tone: 'neutral' };
  }
}

/**
 * Every payment of the order with its refunds beneath: method, amount, who and when, on the
 * restaurant's clock. Those who manage payments can refund one from here.
 */
export function OrderPayments({ order, timezone }: { order: TOrder; timezone: string }) {
  const id = useId();
  const canRead = useCan(['orders.view', 'payments.view']);
  const canManage = useCan('payments.manage');
  const payments = useOrderPayments(order, canRead);
  const [refunding, setRefunding] = useState<TPaymentListItem | null>(null);
  const money = (minor: number) => formatMoney(minor, order.currency);
  if (!canRead) return null;

  let content: ReactNode;
  if (payments.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> {t('orders.payments.loading')}
      </p>
    );
  } else if (payments.isError && !payments.data) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
        <span>{t('orders.payments.loadFailed', { error: getErrorMessage(payments.error) })}</span>
        <Button variant="secondary" pending={payments.isFetching} onClick={() => void payments.refetch()}>
          {t('orders.tryAgain')}
        </Button>
      </div>
    );
  } else if (payments.data.length === 0) {
    content = <p className="text-sm text-ink-muted">{t('orders.payments.none')}</p>;
  } else {
    content = (
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {payments.data.map((payment) => {
          const badge = paymentBadge(payment);
          return (
            <li key={payment.id} className="flex flex-col gap-2 p-3" data-testid="order-payment">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
                    <span className="font-semibold tabular-nums">{money(payment.amountMinor)}</span>
                    <span>{paymentMethodLabel(payment.method)}</span>
                    {badge ? <Badge tone={badge.tone}>{badge.text}</Badge> : null}
                  </p>
                  <p className="text-sm text-ink-muted">
                    <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, timezone)}</time>
                    {payment.recordedBy ? (
                      <> · {t('orders.payments.by', { name: payment.recordedBy })}</>
                    ) : null}
                    {payment.reference ? (
                      <> · {t('orders.payments.reference', { reference: payment.reference })}</>
                    ) : null}
                  </p>
                </div>
                {canManage && canRefund(payment) ? (
                  <Button
                    variant="secondary"
                    onClick={() => setRefunding(payment)}
                    aria-label={t('orders.payments.refundLabel', {
                      amount: money(payment.amountMinor),
                      method: payment.method,
                    })}
                  >
                    {t('orders.payments.refund')}
                  </Button>
                ) : null}
              </div>
              {payment.refunds.length > 0 ? (
                <ul
                  aria-label={t('orders.payments.refunds')}
                  className="ml-3 flex flex-col gap-1 border-l-2 border-line pl-3"
                >
                  {payment.refunds.map((refund) => (
                    <li key={refund.id} className="text-sm" data-testid="order-refund">
                      <p className="text-ink">
                        <span className="font-medium tabular-nums">−{money(refund.amountMinor)}</span>{' '}
                        {t('orders.payments.refundedAfterAmount')}
                        {refund.reason ? (
                          <span className="break-words text-ink-muted">
                            {' '}
                            · {t('orders.quoted', { text: refund.reason })}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-ink-muted">
                        <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt, timezone)}</time>
                        {refund.recordedBy ? (
                          <> · {t('orders.payments.by', { name: refund.recordedBy })}</>
                        ) : null}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`${id}-payments`} className="flex flex-col gap-3">
      <h3 id={`${id}-payments`} className="text-sm font-semibold text-ink">
        {t('orders.payments.title')}
      </h3>
      {content}
      <RefundPaymentDialog payment={refunding} currency={order.currency} onClose={() => setRefunding(null)} />
    </section>
  );
}
