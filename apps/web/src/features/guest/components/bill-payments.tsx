import type { TBillPayment } from '@tavolo/contract/table-service';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

function methodName(method: TBillPayment['method']): string {
  switch (method) {
    case 'online':
      return t('guest.bill.methodOnline');
    case 'cash':
      return t('guest.bill.methodCash');
    case 'card':
      return t('guest.bill.methodCard');
    case 'transfer':
      return t('guest.bill.methodTransfer');
  }
}

function modeName(mode: NonNullable<TBillPayment['mode']>): string {
  switch (mode) {
    case 'full':
      return t('guest.bill.forWhole');
    case 'equal':
      return t('guest.bill.forShare');
    case 'items':
      return t('guest.bill.forItems');
  }
}

/** Payments towards the bill so far, from every phone and the staff: amount, tip, how, when. */
export function BillPayments({
  payments,
  currency,
  timeZone,
}: {
  payments: readonly TBillPayment[];
  currency: string;
  timeZone: string | undefined;
}) {
  if (payments.length === 0) return null;
  return (
    <section
      aria-labelledby="bill-payments-heading"
      className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <h2 id="bill-payments-heading" className="text-base font-semibold text-ink">
        {t('guest.bill.paymentsSoFar')}
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {payments.map((payment) => (
          <li
            key={payment.id}
            className="flex items-start justify-between gap-3 py-2.5"
            data-testid="bill-payment"
          >
            <div className="flex min-w-0 flex-col">
              <p className="text-base text-ink">
                {methodName(payment.method)}
                {payment.mode ? <span className="text-ink-muted"> · {modeName(payment.mode)}</span> : null}
              </p>
              <p className="text-sm text-ink-muted">{formatTimeOfDay(payment.at, timeZone)}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end">
              <span className="text-base font-semibold text-ink tabular-nums">
                {formatMoney(payment.amountMinor, currency)}
              </span>
              {payment.tipMinor > 0 ? (
                <span className="text-sm text-ink-muted tabular-nums">
                  {t('guest.bill.plusTip', { amount: formatMoney(payment.tipMinor, currency) })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
