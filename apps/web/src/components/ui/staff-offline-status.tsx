import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';
import { useStaffConnection } from '../../lib/staff-connection';
import {
  acknowledgeStaffTap,
  describeRefusal,
  describeStaffTap,
  type StaffTapEntry,
  useStaffTapEntries,
} from '../../lib/staff-taps';
import { useNow } from '../../lib/use-now';
import { CloudOffIcon } from './icons';

type Tone = 'light' | 'dark';

const PILL: Record<Tone, string> = {
  light: 'bg-amber-100 text-amber-950 ring-1 ring-amber-300',
  dark: 'bg-amber-300 text-slate-950',
};

const SENDING: Record<Tone, string> = {
  light: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300',
  dark: 'bg-slate-800 text-slate-100',
};

const REFUSED: Record<Tone, string> = {
  light: 'border-red-300 bg-red-50 text-red-950',
  dark: 'border-red-400 bg-red-950 text-red-50',
};

const DISMISS: Record<Tone, string> = {
  light: 'border-red-300 bg-white text-red-900 hover:bg-red-100 focus-visible:outline-red-700',
  dark: 'border-red-300 bg-red-900 text-white hover:bg-red-800 focus-visible:outline-sky-300',
};

/** "Offline for 40 s", "Offline for 3 min", "Offline for 1 h 05 min". */
export function offlineFor(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return t('ui.offline.forSeconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('ui.offline.forMinutes', { minutes });
  return t('ui.offline.forHours', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

/** Ticks every second, and only while it is shown. */
function OfflineFor({ since }: { since: number }) {
  const now = useNow(1_000);
  return <span className="tabular-nums">{offlineFor(Math.max(now, Date.now()) - since)}</span>;
}

/**
 * What a staff screen says through a Wi-Fi drop (PRODUCT.md §13): "Offline for 40 s" and how many
 * changes wait to be sent, small and out of the way; then "Sending…" until they are; and each
 * change the server refused on the way, in the person's language, until they dismiss it. Nothing
 * while all is well. The board and the kitchen are dark (`tone`).
 */
export function StaffOfflineStatus({ tone = 'light', className }: { tone?: Tone; className?: string }) {
  const { online, offlineSince } = useStaffConnection();
  const entries = useStaffTapEntries();
  const unsent = entries.filter((entry) => entry.state === 'waiting' || entry.state === 'sending').length;
  const refused = entries.filter((entry) => entry.state === 'refused');
  const offline = !online && offlineSince !== null;

  const visible = offline || unsent > 0 || refused.length > 0;

  return (
    <>
      {/* What a screen reader hears, once, when it changes; the ticking counter stays out of it. */}
      <p role="status" className="sr-only">
        {offline ? t('ui.offline.announce') : ''}
      </p>
      {visible ? (
        <div className={cn('flex flex-col gap-2', className)} data-testid="staff-offline">
          {offline ? (
            <p
              data-testid="offline-indicator"
              className={cn(
                'inline-flex min-h-9 flex-wrap items-center gap-x-2 self-start rounded-2xl px-3 py-1 text-sm font-bold',
                PILL[tone],
              )}
            >
              <CloudOffIcon className="size-4 shrink-0" />
              <OfflineFor since={offlineSince} />
              {unsent > 0 ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span data-testid="offline-unsent" className="font-semibold">
                    {t('ui.offline.waiting', { count: unsent })}
                  </span>
                </>
              ) : null}
            </p>
          ) : unsent > 0 ? (
            <p
              data-testid="offline-sending"
              className={cn(
                'inline-flex min-h-9 items-center self-start rounded-full px-3 text-sm font-semibold',
                SENDING[tone],
              )}
            >
              {t('ui.offline.sending', { count: unsent })}
            </p>
          ) : null}
          {refused.length > 0 ? (
            <ul className="flex flex-col gap-2" aria-label={t('ui.offline.refusedList')}>
              {refused.map((entry) => (
                <RefusedTap key={entry.id} entry={entry} tone={tone} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function RefusedTap({ entry, tone }: { entry: StaffTapEntry; tone: Tone }) {
  const what = entry.meta ? describeStaffTap(entry.meta) : '';
  return (
    <li
      role="alert"
      data-testid="refused-tap"
      className={cn('flex items-start gap-3 rounded-lg border-2 py-2 pr-2 pl-3 text-sm', REFUSED[tone])}
    >
      <p className="flex-1">
        <strong className="block font-bold">{t('ui.offline.refused', { what })}</strong>
        {describeRefusal(entry)}
      </p>
      <button
        type="button"
        onClick={() => void acknowledgeStaffTap(entry.id)}
        aria-label={t('ui.offline.dismissLabel', { what })}
        className={cn('min-h-11 min-w-11 shrink-0 rounded-md border-2 px-3 font-bold', DISMISS[tone])}
      >
        {t('ui.offline.dismiss')}
      </button>
    </li>
  );
}

/** The mark on a card or a line whose change waits to be sent. */
export function UnsentMark({ tone = 'light', className }: { tone?: Tone; className?: string }) {
  return (
    <span
      data-testid="unsent-mark"
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase',
        PILL[tone],
        className,
      )}
    >
      <CloudOffIcon className="size-3.5 shrink-0" />
      {t('ui.offline.unsent')}
    </span>
  );
}
