import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import type { StreamStatus } from '../api/order-stream';

const LOOK: Record<StreamStatus, { pill: string; dot: string }> = {
  live: { pill: 'bg-green-400/15 text-green-300', dot: 'bg-green-400' },
  connecting: { pill: 'bg-slate-700 text-slate-200', dot: 'bg-slate-400' },
  reconnecting: { pill: 'bg-amber-400/15 text-amber-300', dot: 'bg-amber-400 motion-safe:animate-pulse' },
};

function statusText(status: StreamStatus): string {
  switch (status) {
    case 'live':
      return t('orders.connection.live');
    case 'connecting':
      return t('orders.connection.connecting');
    case 'reconnecting':
      return t('orders.connection.reconnecting');
  }
}

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
      {statusText(status)}
      {status === 'reconnecting' ? (
        <span className="sr-only"> {t('orders.connection.mayBeDelayed')}</span>
      ) : null}
    </p>
  );
}
