import type { TOrder } from '@tavolo/contract/orders';
import { useCallback, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { useStartCheckout } from '../api/start-checkout';
import { guestPaymentState } from '../model/order-payment';
import { useBackFromCheckout } from './use-back-from-checkout';

/**
 * What is left to pay and a large "Pay now" that goes to the payment provider's page; "Paid"
 * once the money is in (the live stream brings it). Nothing for a cancelled order.
 */
export function OrderPaymentPanel({
  order,
  guestToken,
  onStale,
}: {
  order: TOrder;
  guestToken: string;
  /** The order shown may be out of date: the server says the amount moved, or the guest is back. */
  onStale: () => void;
}) {
  const checkout = useStartCheckout();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = guestPaymentState(order);
  // One key per amount due: a second tap (or a retry after a dropped connection) starts no second
  // payment, and a new amount (part paid meanwhile) is another payment with its own key.
  const attempt = useRef<{ dueMinor: number; key: string } | null>(null);
  const { currency } = order;

  useBackFromCheckout(
    useCallback(() => {
      setLeaving(false);
      onStale();
    }, [onStale]),
  );

  if (state.kind === 'none') return null;
  if (state.kind === 'refunded') {
    return (
      <section
        aria-label={t('guest.common.payment')}
        className="rounded-2xl border border-line bg-panel p-4 text-base text-ink shadow-sm"
        data-testid="order-payment"
        data-state="refunded"
      >
        {t('guest.orderPay.refunded')}
      </section>
    );
  }
  if (state.kind === 'paid') {
    return (
      <section
        aria-label={t('guest.common.payment')}
        className="flex items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-4 shadow-sm"
        data-testid="order-payment"
        data-state="paid"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-green-700 text-white">
          <CheckIcon />
        </span>
        <div className="flex flex-col">
          <p className="text-xl font-bold text-green-800">{t('guest.common.paid')}</p>
          <p className="text-sm text-green-800">
            {t('guest.orderPay.received', { amount: formatMoney(state.paidMinor, currency) })}
          </p>
        </div>
      </section>
    );
  }

  const due = formatMoney(state.dueMinor, currency);
  const pay = () => {
    setError(null);
    if (attempt.current?.dueMinor !== state.dueMinor) {
      attempt.current = { dueMinor: state.dueMinor, key: randomUuid() };
    }
    checkout.mutate(
      { orderId: order.id, guestToken, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ checkoutUrl }) => {
          setLeaving(true);
          // Relative for the built-in sandbox, another site for a real provider: a full page load either way.
          window.location.assign(checkoutUrl);
        },
        onError: (failure) => {
          if (isHttpError(failure, 409)) onStale();
          setError(getErrorMessage(failure));
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="order-payment-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      data-testid="order-payment"
      data-state="due"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="order-payment-heading" className="text-base font-semibold text-ink">
          {state.paidMinor > 0 ? t('guest.common.leftToPay') : t('guest.orderPay.toPay')}
        </h2>
        <p className="text-2xl font-bold text-ink tabular-nums" data-testid="amount-due">
          {due}
        </p>
      </div>
      {state.paidMinor > 0 ? (
        <p className="text-sm text-ink-muted" data-testid="payment-progress">
          {t('guest.orderPay.progress', { paid: formatMoney(state.paidMinor, currency), due })}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Button
        size="large"
        onClick={pay}
        pending={checkout.isPending || leaving}
        pendingLabel={t('guest.common.openingPayment')}
      >
        {t('guest.orderPay.payNow')}
      </Button>
      <p className="text-center text-sm text-ink-muted">{t('guest.common.payStaff')}</p>
    </section>
  );
}
