import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { CartTotals } from '../model/cart';

/** The cart's estimate: subtotal, service charge, total (the restaurant confirms the final one). */
export function CartEstimate({
  totals,
  currency,
  serviceChargePercent,
}: {
  totals: CartTotals;
  currency: string;
  serviceChargePercent: number;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
      <dl className="flex flex-col gap-1" data-testid="cart-totals">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('guest.common.subtotal')}</dt>
          <dd className="text-ink tabular-nums">{formatMoney(totals.subtotalMinor, currency)}</dd>
        </div>
        {serviceChargePercent > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">
              {t('guest.cart.serviceChargePercent', { percent: serviceChargePercent })}
            </dt>
            <dd className="text-ink tabular-nums">{formatMoney(totals.serviceChargeMinor, currency)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt className="text-ink">{t('guest.common.total')}</dt>
          <dd className="text-ink tabular-nums">{formatMoney(totals.totalMinor, currency)}</dd>
        </div>
      </dl>
      <p className="text-xs text-ink-muted">{t('guest.cart.estimateNote')}</p>
    </div>
  );
}
