import { Card } from '../../../components/ui/card';

export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card padding="compact" className="flex flex-col gap-1">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="text-2xl font-semibold tracking-tight text-ink tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-ink-muted">{hint}</p> : null}
    </Card>
  );
}
