import type { TBillLine } from '@tavolo/contract/table-service';
import { Badge } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { groupBillLines, linePaidState } from '../model/bill';
import type { MenuNames } from '../model/menu-names';

function LineBadge({ line }: { line: TBillLine }) {
  switch (linePaidState(line)) {
    case 'paid':
      return <Badge tone="success">{t('guest.common.paid')}</Badge>;
    case 'pending':
      return <Badge tone="warning">{t('guest.bill.beingPaid')}</Badge>;
    case 'part-paid':
      return (
        <Badge tone="accent">
          {t('guest.bill.partPaid', { paid: line.paidQuantity, quantity: line.quantity })}
        </Badge>
      );
    case 'open':
      return null;
  }
}

/** The bill's lines, order by order: what, how many, paid or being paid, and what each comes to. */
export function BillLines({
  lines,
  names,
  currency,
}: {
  lines: readonly TBillLine[];
  /** The dishes' names in the guest's language. */
  names: MenuNames;
  currency: string;
}) {
  const groups = groupBillLines(lines);
  return (
    <section
      aria-labelledby="bill-lines-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <h2 id="bill-lines-heading" className="text-base font-semibold text-ink">
        {t('guest.bill.ordered')}
      </h2>
      {groups.map((group) => {
        const orderNumber = t('guest.common.orderNumber', { number: String(group.orderNumber) });
        return (
          <section
            key={group.orderId}
            aria-label={orderNumber}
            className="flex flex-col gap-1"
            data-testid="bill-order"
          >
            <h3 className="text-sm font-semibold text-ink-muted">{orderNumber}</h3>
            <ul className="flex flex-col divide-y divide-line">
              {group.lines.map((line) => (
                <li
                  key={line.lineIndex}
                  className="flex items-start justify-between gap-3 py-2.5"
                  data-testid="bill-line"
                  data-state={linePaidState(line)}
                >
                  <div className="flex min-w-0 flex-col items-start gap-1">
                    <p className="text-base break-words text-ink">
                      <span className="font-semibold tabular-nums">{line.quantity} ×</span>{' '}
                      {names.dish(line.menuItemId, line.name)}
                    </p>
                    {line.options.length > 0 ? (
                      <p className="text-sm text-ink-muted">
                        {line.options.map((option) => names.choice(line.menuItemId, option)).join(', ')}
                      </p>
                    ) : null}
                    <LineBadge line={line} />
                  </div>
                  {/* At its menu price with options: the discount, service charge and tips are rows of the bill. */}
                  <span className="flex shrink-0 flex-col items-end">
                    <span className="text-base text-ink tabular-nums" data-testid="bill-line-amount">
                      {formatMoney(line.amountMinor, currency)}
                    </span>
                    {line.discountMinor > 0 ? (
                      <span className="text-sm text-green-800 tabular-nums">
                        {t('guest.order.discount', { amount: formatMoney(line.discountMinor, currency) })}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
