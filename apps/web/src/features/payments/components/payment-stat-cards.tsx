import type { TPaymentStats } from '@tavolo/contract/payments';
import { Card } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';

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
    <section aria-label="Totals for the period" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Revenue"
        value={money(stats.totalMinor)}
        hint={stats.refundsMinor > 0 ? `${money(stats.grossMinor)} before refunds` : 'After refunds'}
      />
      <StatCard label="Payments" value={String(stats.count)} />
      <StatCard label="Average payment" value={money(stats.averageMinor)} />
      <StatCard
        label="Refunds"
        value={money(stats.refundsMinor)}
        hint={`${stats.refundCount} ${stats.refundCount === 1 ? 'refund' : 'refunds'}`}
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
