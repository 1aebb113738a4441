import type { TBillPayment } from '@tavolo/contract/table-service';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';

const METHODS: Record<TBillPayment['method'], string> = {
  online: 'Online',
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
};

const MODES: Record<NonNullable<TBillPayment['mode']>, string> = {
  full: 'the whole bill',
  equal: 'a share',
  items: 'items',
};

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
        Payments so far
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
                {METHODS[payment.method]}
                {payment.mode ? <span className="text-ink-muted"> · {MODES[payment.mode]}</span> : null}
              </p>
              <p className="text-sm text-ink-muted">{formatTimeOfDay(payment.at, timeZone)}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end">
              <span className="text-base font-semibold text-ink tabular-nums">
                {formatMoney(payment.amountMinor, currency)}
              </span>
              {payment.tipMinor > 0 ? (
                <span className="text-sm text-ink-muted tabular-nums">
                  + {formatMoney(payment.tipMinor, currency)} tip
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
