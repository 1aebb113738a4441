import type { TDayOpen } from '@tavolo/contract/receipts';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { tableNameOf } from '../model/day-report';

/**
 * What is still open at a day's close: the bills not settled (table, what is due, cash already taken
 * on them) and guests' checkouts under way. Before the close a warning; on a Z report, what was open
 * when it was closed.
 */
export function OpenAtClose({
  open,
  currency,
  closed,
}: {
  open: TDayOpen;
  currency: string;
  closed: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const { bills, checkouts } = open;
  return (
    <section
      aria-labelledby="open-at-close-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="open-at-close"
      role={closed ? undefined : 'alert'}
    >
      <h3 id="open-at-close-title" className="text-base font-semibold">
        {closed
          ? t('payments.open.closedTitle', { count: bills.count, due: money(bills.dueMinor) })
          : t('payments.open.title', { count: bills.count, due: money(bills.dueMinor) })}
      </h3>
      {closed ? null : <p className="text-sm">{t('payments.open.explain')}</p>}
      {bills.items.length > 0 ? (
        <ul className="divide-y divide-amber-200 text-sm" data-testid="open-bills">
          {bills.items.map((bill) => (
            <li
              key={bill.tableId}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5"
              data-testid="open-bill"
            >
              <span className="font-medium">{tableNameOf(bill)}</span>
              <span className="tabular-nums">
                {t('payments.open.due', { due: money(bill.dueMinor), total: money(bill.totalMinor) })}
                {bill.cashMinor > 0 ? (
                  <span className="block text-xs text-amber-900 sm:inline sm:ps-2">
                    {t('payments.open.cashTaken', { cash: money(bill.cashMinor) })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {bills.cashMinor > 0 ? (
        <p className="text-sm" data-testid="open-cash">
          {t('payments.open.cashTotal', { cash: money(bills.cashMinor) })}
        </p>
      ) : null}
      {checkouts.count > 0 ? (
        <p className="text-sm" data-testid="open-checkouts">
          {t('payments.open.checkouts', { count: checkouts.count, amount: money(checkouts.amountMinor) })}
        </p>
      ) : null}
    </section>
  );
}
