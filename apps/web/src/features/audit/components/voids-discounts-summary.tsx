import type { TAuditSummary } from '@tavolo/contract/audit';
import { Card } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { personName, reasonLabel } from '../model/activity-view';

type Tallies = TAuditSummary['voids'];
type Row = { key: string; label: string; count: number; amountMinor: number };

function TallyTable({
  caption,
  rows,
  currency,
}: {
  caption: string;
  rows: readonly Row[];
  currency: string;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-1 text-left text-xs font-medium tracking-wide text-ink-muted uppercase">
        {caption}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">{t('audit.summary.count')}</th>
          <th scope="col">{t('audit.summary.amount')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal break-words text-ink">
              {row.label}
            </th>
            <td className="w-12 py-1.5 pr-2 text-right text-ink-muted tabular-nums">×{row.count}</td>
            <td className="w-24 py-1.5 text-right font-medium whitespace-nowrap text-ink tabular-nums">
              {formatMoney(row.amountMinor, currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One side of the panel: the period's voids (or discounts), by staff member and by reason. */
function TallyGroup({
  title,
  tallies,
  kind,
  currency,
  testId,
}: {
  title: string;
  tallies: Tallies;
  kind: 'order.line_voided' | 'order.discounted';
  currency: string;
  testId: string;
}) {
  const count = tallies.byReason.reduce((sum, row) => sum + row.count, 0);
  const amountMinor = tallies.byReason.reduce((sum, row) => sum + row.amountMinor, 0);
  return (
    <section className="flex min-w-0 flex-col gap-3" data-testid={testId} aria-label={title}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-base font-semibold text-ink">{title}</h3>
        {count > 0 ? (
          <p className="text-sm text-ink-muted tabular-nums">
            {t('audit.summary.total', { count, amount: formatMoney(amountMinor, currency) })}
          </p>
        ) : null}
      </div>
      {count === 0 ? (
        <p className="text-sm text-ink-muted">{t('audit.summary.none')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <TallyTable
            caption={t('audit.summary.byStaff')}
            currency={currency}
            rows={tallies.byStaff.map((row) => ({
              key: row.staff.id ?? `name:${row.staff.name}`,
              label: personName(row.staff),
              count: row.count,
              amountMinor: row.amountMinor,
            }))}
          />
          <TallyTable
            caption={t('audit.summary.byReason')}
            currency={currency}
            rows={tallies.byReason.map((row) => ({
              key: row.reason,
              label: reasonLabel(kind, row.reason) ?? row.reason,
              count: row.count,
              amountMinor: row.amountMinor,
            }))}
          />
        </div>
      )}
    </section>
  );
}

/** The panel "Voids and discounts" of the period. */
export function VoidsDiscountsSummary({ summary, currency }: { summary: TAuditSummary; currency: string }) {
  const none = summary.voids.byReason.length === 0 && summary.discounts.byReason.length === 0;
  if (none) {
    // Nothing to break down: one line, so the list stays near the top on a phone.
    return (
      <Card className="flex flex-col gap-1" data-testid="voids-discounts">
        <h2 className="text-lg font-semibold text-ink">{t('audit.summary.title')}</h2>
        <p className="text-sm text-ink-muted">{t('audit.summary.noneAtAll')}</p>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-4" data-testid="voids-discounts">
      <h2 className="text-lg font-semibold text-ink">{t('audit.summary.title')}</h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <TallyGroup
          title={t('audit.summary.voids')}
          tallies={summary.voids}
          kind="order.line_voided"
          currency={currency}
          testId="summary-voids"
        />
        <TallyGroup
          title={t('audit.summary.discounts')}
          tallies={summary.discounts}
          kind="order.discounted"
          currency={currency}
          testId="summary-discounts"
        />
      </div>
    </Card>
  );
}

export function VoidsDiscountsSummarySkeleton() {
  return <div aria-hidden="true" className="h-40 rounded-xl bg-slate-100 motion-safe:animate-pulse" />;
}
