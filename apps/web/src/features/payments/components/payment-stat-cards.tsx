import type { TPaymentStats } from '@tavolo/contract/payments';
import { Card } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-1" data-testid="stat-card">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="text-xl font-semibold tracking-tight break-words text-ink tabular-nums sm:text-2xl">
        {value}
      </p>
      {hint ? <p className="text-xs text-ink-muted">{hint}</p> : null}
    </Card>
  );
}

/** Revenue (net of refunds), how many payments, their average, and the refunds of the period. */
export function PaymentStatCards({ stats }: { stats: TPaymentStats }) {
  const money = (minor: number) => formatMoney(minor, stats.currency);
  return (
    <section aria-label={t('payments.stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label={t('payments.stats.revenue')}
        value={money(stats.totalMinor)}
        hint={
          stats.refundsMinor > 0
            ? t('payments.stats.beforeRefunds', { amount: money(stats.grossMinor) })
            : t('payments.stats.afterRefunds')
        }
      />
      <StatCard
        label={t('payments.stats.count')}
        value={new Intl.NumberFormat(formattingLocale()).format(stats.count)}
      />
      <StatCard label={t('payments.stats.average')} value={money(stats.averageMinor)} />
      <StatCard
        label={t('payments.stats.refunds')}
        value={money(stats.refundsMinor)}
        hint={t('payments.stats.refundCount', { count: stats.refundCount })}
      />
    </section>
  );
}

/** The cards' places while the stats load. */
export function PaymentStatCardsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stats-skeleton">
      {['revenue', 'count', 'average', 'refunds'].map((key) => (
        <Card key={key} padding="compact" className="flex flex-col gap-2">
          <div className="h-4 w-20 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-7 w-28 rounded bg-slate-100 motion-safe:animate-pulse" />
        </Card>
      ))}
    </div>
  );
}
