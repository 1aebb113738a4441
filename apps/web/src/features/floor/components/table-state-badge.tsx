import type { TTableState } from '@tavolo/contract/floor';
import { cn } from '../../../lib/cn';
import { tableStateLabel } from '../model/floor-tables';

/**
 * Each state's colours: a tinted tile with a strong left edge, and a badge that says the state in
 * words (so colour is never the only sign). Text colours pass WCAG AA on their tints.
 */
export const TABLE_STATE_STYLES: Record<TTableState, { tile: string; badge: string; dot: string }> = {
  free: { tile: 'border-l-slate-300 bg-panel', badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
  seated: { tile: 'border-l-sky-500 bg-sky-50', badge: 'bg-sky-100 text-sky-900', dot: 'bg-sky-500' },
  ordered: {
    tile: 'border-l-amber-500 bg-amber-50',
    badge: 'bg-amber-100 text-amber-900',
    dot: 'bg-amber-500',
  },
  served: {
    tile: 'border-l-green-600 bg-green-50',
    badge: 'bg-green-100 text-green-900',
    dot: 'bg-green-600',
  },
  bill: {
    tile: 'border-l-violet-600 bg-violet-50',
    badge: 'bg-violet-100 text-violet-900',
    dot: 'bg-violet-600',
  },
  paying: {
    tile: 'border-l-indigo-600 bg-indigo-50',
    badge: 'bg-indigo-100 text-indigo-900',
    dot: 'bg-indigo-600',
  },
};

export function TableStateBadge({ state, className }: { state: TTableState; className?: string }) {
  return (
    <span
      data-testid="table-state"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TABLE_STATE_STYLES[state].badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', TABLE_STATE_STYLES[state].dot)} />
      {tableStateLabel(state)}
    </span>
  );
}
