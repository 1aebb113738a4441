import { cn } from '../../../lib/cn';
import type { StreamStatus } from '../api/order-stream';

const LOOK: Record<StreamStatus, { label: string; pill: string; dot: string }> = {
  live: { label: 'Live', pill: 'bg-green-400/15 text-green-300', dot: 'bg-green-400' },
  connecting: { label: 'Connecting…', pill: 'bg-slate-700 text-slate-200', dot: 'bg-slate-400' },
  reconnecting: {
    label: 'Reconnecting…',
    pill: 'bg-amber-400/15 text-amber-300',
    dot: 'bg-amber-400 motion-safe:animate-pulse',
  },
};

/** Whether the board is receiving updates; announced politely when that changes. */
export function ConnectionIndicator({ status }: { status: StreamStatus }) {
  const look = LOOK[status];
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-status={status}
      className={cn('inline-flex min-h-9 items-center gap-2 rounded-full px-3 text-sm font-bold', look.pill)}
    >
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', look.dot)} />
      {look.label}
      {status === 'reconnecting' ? <span className="sr-only"> New orders may be delayed.</span> : null}
    </p>
  );
}
