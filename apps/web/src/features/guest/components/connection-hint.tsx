import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import type { EventStreamStatus } from '../../../lib/use-event-stream';

/** A small sign of whether the status updates by itself right now. */
export function ConnectionHint({
  state,
  liveTitle = t('guest.live.statusUpdates'),
}: {
  state: EventStreamStatus;
  liveTitle?: string;
}) {
  const live = state === 'live';
  const label = live
    ? t('guest.live.live')
    : state === 'offline'
      ? t('guest.live.offline')
      : t('guest.live.connecting');
  return (
    <p
      role="status"
      className={cn(
        'inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-xs font-medium',
        live ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900',
      )}
      data-testid="connection-hint"
      data-state={state}
      title={live ? liveTitle : t('guest.live.paused')}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          live ? 'bg-green-600' : 'animate-pulse bg-amber-600 motion-reduce:animate-none',
        )}
      />
      {label}
    </p>
  );
}
