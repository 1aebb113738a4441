import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { StatChange } from '../model/stat-change';

const TONES: Record<StatChange['tone'], string> = {
  up: 'text-emerald-700',
  down: 'text-red-700',
  same: 'text-ink-muted',
};

const ARROWS: Record<StatChange['tone'], string> = { up: '↑', down: '↓', same: '' };

/** One figure of today, with how it moved since the same weekday last week (when it can say). */
export function StatCard({
  label,
  value,
  change,
  hint,
  badge,
}: {
  label: string;
  value: string;
  change?: StatChange | null;
  hint?: string;
  /** Beside the label: "Live" on a figure that follows the live orders. */
  badge?: ReactNode;
}) {
  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-1" data-testid="stat-card">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-ink-muted">{label}</h3>
        {badge}
      </div>
      <p className="text-2xl font-semibold tracking-tight break-words text-ink tabular-nums">{value}</p>
      {change ? (
        <p className={cn('text-xs font-medium tabular-nums', TONES[change.tone])} data-testid="stat-change">
          <span aria-hidden="true">
            {ARROWS[change.tone] ? `${ARROWS[change.tone]} ` : ''}
            {change.text}
          </span>
          <span className="sr-only">{change.spoken}</span>
        </p>
      ) : null}
      {hint ? <p className="text-xs text-ink-muted">{hint}</p> : null}
    </Card>
  );
}

/** The cards' places while today's figures load. */
export function StatCardsSkeleton({ count }: { count: number }) {
  return (
    <div aria-hidden="true" className={STAT_GRID} data-testid="stats-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={index} padding="compact" className="flex flex-col gap-2">
          <div className="h-4 w-24 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-8 w-28 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-3 w-20 rounded bg-slate-100 motion-safe:animate-pulse" />
        </Card>
      ))}
    </div>
  );
}

/** One column on a phone, two from 480 px, three on a laptop. */
export const STAT_GRID = 'grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:gap-4 lg:grid-cols-3';
