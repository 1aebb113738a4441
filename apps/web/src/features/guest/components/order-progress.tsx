import type { TOrder, TOrderStatus } from '@tavolo/contract/orders';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

type StepKey = 'received' | 'accepted' | 'preparing' | 'ready' | 'served';

interface Step {
  key: StepKey;
  /** The statuses that have reached this step. */
  reachedBy: readonly TOrderStatus[];
}

/** The points of the lifecycle a guest is told about (served and completed look the same to them). */
export const ORDER_STEPS: readonly Step[] = [
  { key: 'received', reachedBy: ['pending', 'accepted', 'preparing', 'ready', 'served', 'completed'] },
  { key: 'accepted', reachedBy: ['accepted', 'preparing', 'ready', 'served', 'completed'] },
  { key: 'preparing', reachedBy: ['preparing', 'ready', 'served', 'completed'] },
  { key: 'ready', reachedBy: ['ready', 'served', 'completed'] },
  { key: 'served', reachedBy: ['served', 'completed'] },
];

/** What a guest is told at a step: its short name on the progress line, a headline and a detail. */
function stepWords(key: StepKey): { label: string; headline: string; detail: string } {
  switch (key) {
    case 'received':
      return {
        label: t('guest.progress.received'),
        headline: t('guest.progress.receivedHeadline'),
        detail: t('guest.progress.receivedDetail'),
      };
    case 'accepted':
      return {
        label: t('guest.progress.accepted'),
        headline: t('guest.progress.acceptedHeadline'),
        detail: t('guest.progress.acceptedDetail'),
      };
    case 'preparing':
      return {
        label: t('guest.progress.preparing'),
        headline: t('guest.progress.preparingHeadline'),
        detail: t('guest.progress.preparingDetail'),
      };
    case 'ready':
      return {
        label: t('guest.progress.ready'),
        headline: t('guest.progress.readyHeadline'),
        detail: t('guest.progress.readyDetail'),
      };
    case 'served':
      return {
        label: t('guest.progress.served'),
        headline: t('guest.progress.servedHeadline'),
        detail: t('guest.progress.servedDetail'),
      };
  }
}

/**
 * The status in one sentence, for a live region that stays on the page: the visible headline is
 * swapped out with its whole section when an order is cancelled, and a region that appears with
 * its text is not read out.
 */
export function orderStatusAnnouncement(order: TOrder): string {
  if (order.status === 'cancelled') return t('guest.progress.cancelledAnnouncement');
  if (order.status === 'completed') return t('guest.progress.completedAnnouncement');
  const { headline, detail } = stepWords(
    (ORDER_STEPS[currentStepIndex(order.status)] ?? ORDER_STEPS[0]!).key,
  );
  // "Enjoy your meal!" ends its own sentence; the other headlines get a full stop.
  return /[.!?]$/.test(headline) ? `${headline} ${detail}` : `${headline}. ${detail}`;
}

/** The index of the step the order is at. */
export function currentStepIndex(status: TOrderStatus): number {
  let index = 0;
  ORDER_STEPS.forEach((step, position) => {
    if (step.reachedBy.includes(status)) index = position;
  });
  return index;
}

/** When the order first reached each step (a step skipped on the way has no time). */
function stepTimes(order: TOrder, timeZone: string | undefined): (string | null)[] {
  return ORDER_STEPS.map((step) => {
    const entry = order.statusHistory.find((change) => step.reachedBy[0] === change.status);
    return entry ? formatTimeOfDay(entry.at, timeZone) || null : null;
  });
}

/** The status as a friendly headline and a five-step progress line; a cancelled order says why. */
export function OrderProgress({ order, timeZone }: { order: TOrder; timeZone?: string }) {
  if (order.status === 'cancelled') {
    const cancellation = order.statusHistory.findLast((change) => change.status === 'cancelled');
    return (
      <section
        aria-labelledby="order-status-heading"
        className="flex flex-col gap-2 rounded-2xl border border-red-200 bg-red-50 p-4"
        data-testid="order-status"
        data-status={order.status}
      >
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-700 text-white">
            <CloseIcon />
          </span>
          <h2 id="order-status-heading" className="text-xl font-bold text-red-900">
            {t('guest.progress.cancelled')}
          </h2>
        </div>
        <p className="text-base text-red-900">
          {cancellation?.reason
            ? t('guest.progress.cancelledBecause', { reason: cancellation.reason })
            : t('guest.progress.cancelledByRestaurant')}
        </p>
        <p className="text-sm text-red-800">{t('guest.progress.questions')}</p>
      </section>
    );
  }

  const current = currentStepIndex(order.status);
  const step = stepWords((ORDER_STEPS[current] ?? ORDER_STEPS[0]!).key);
  const times = stepTimes(order, timeZone);
  const completed = order.status === 'completed';
  return (
    <section
      aria-labelledby="order-status-heading"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      data-testid="order-status"
      data-status={order.status}
    >
      <div className="flex flex-col gap-1">
        <h2 id="order-status-heading" className="text-xl font-bold text-ink">
          {completed ? t('guest.common.thankYou') : step.headline}
        </h2>
        <p className="text-base text-ink-muted">{completed ? t('guest.progress.complete') : step.detail}</p>
      </div>
      <ol className="grid grid-cols-5" aria-label={t('guest.progress.label')}>
        {ORDER_STEPS.map((entry, index) => {
          const done =
            index < current || (index === current && (completed || index === ORDER_STEPS.length - 1));
          const isCurrent = index === current;
          return (
            <li
              key={entry.key}
              aria-current={isCurrent ? 'step' : undefined}
              className="relative flex min-w-0 flex-col items-center gap-1.5 text-center"
            >
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-3.5 right-1/2 h-1 w-full -translate-y-1/2 rounded-full',
                    index <= current ? 'bg-accent-700' : 'bg-slate-200',
                  )}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-10 flex size-7 items-center justify-center rounded-full border-2',
                  done
                    ? 'border-accent-700 bg-accent-700 text-white'
                    : isCurrent
                      ? 'border-accent-700 bg-panel text-accent-700'
                      : 'border-slate-300 bg-panel text-slate-400',
                )}
              >
                {done ? (
                  <CheckIcon className="size-4" />
                ) : isCurrent ? (
                  <span className="size-2.5 animate-pulse rounded-full bg-accent-700 motion-reduce:animate-none" />
                ) : null}
              </span>
              <span
                className={cn(
                  // "Eingegangen" is wider than a fifth of a phone: long words wrap (hyphenated where the browser can).
                  'max-w-full text-xs leading-tight break-words hyphens-auto',
                  isCurrent ? 'font-semibold text-ink' : index < current ? 'text-ink' : 'text-ink-muted',
                )}
              >
                {stepWords(entry.key).label}
                <span className="sr-only">
                  {t('guest.progress.stepState', {
                    state: index < current || done ? 'done' : isCurrent ? 'now' : 'later',
                  })}
                </span>
              </span>
              {index <= current && times[index] ? (
                <span className="text-[0.6875rem] leading-none text-ink-muted tabular-nums">
                  {times[index]}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
