import { ClockIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatElapsed } from '../../../lib/use-now';
import type { Urgency } from '../model/tickets';

// A station's tickets and the pass's orders age alike: one look for both.

const URGENCY_CARD: Record<Urgency, string> = {
  normal: 'border-slate-600',
  warning: 'border-amber-400',
  late: 'border-red-500',
};

const URGENCY_AGE: Record<Urgency, string> = {
  normal: 'bg-slate-700 text-slate-50',
  warning: 'bg-amber-400 text-slate-950',
  late: 'bg-red-600 text-white',
};

/** A ticket's or an order's card, its thick border by how long it has waited: seen from across the kitchen. */
export function agedCardClassName(urgency: Urgency, compact = false): string {
  return cn(
    'flex flex-col rounded-xl border-4 bg-slate-800 text-slate-50 shadow-lg shadow-black/30',
    compact ? 'gap-1.5 p-1.5' : 'gap-3 p-3',
    URGENCY_CARD[urgency],
  );
}

/** How long a ticket or an order has waited ("7 min"), coloured by how late that is. */
export function AgeBadge({
  since,
  minutes,
  urgency,
  compact = false,
}: {
  since: string;
  minutes: number;
  urgency: Urgency;
  compact?: boolean;
}) {
  return (
    <p
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full font-bold tabular-nums',
        compact ? 'px-2 text-lg' : 'px-3 py-0.5 text-xl',
        URGENCY_AGE[urgency],
      )}
    >
      <ClockIcon className={compact ? 'size-4' : 'size-5'} />
      <time dateTime={since}>{formatElapsed(minutes)}</time>
    </p>
  );
}
