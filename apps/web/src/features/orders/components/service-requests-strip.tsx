import type { TServiceRequest } from '@tavolo/contract/table-service';
import { type RefObject, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ClockIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { elapsedMinutes, formatElapsed } from '../../../lib/use-now';
import { useAcknowledgeServiceRequest } from '../api/acknowledge-service-request';
import { useOpenServiceRequests } from '../api/get-service-requests';
import { requestKindLabel } from '../model/service-requests';
import type { RequestAnnouncement } from './live-orders';
import { RequestKindIcon } from './request-kind-icon';

/** A call waiting this long stands out (a guest waving is more urgent than a dish cooking). */
const WAITING_LONG_MINUTES = 3;

/**
 * After "On my way" the request leaves the strip with the button that had the focus: the focus
 * goes to the next request's button, or to the board when none is left.
 */
function followAcknowledged(strip: RefObject<HTMLElement | null>, board: HTMLElement | null, index: number) {
  requestAnimationFrame(() => {
    const buttons = strip.current?.querySelectorAll<HTMLElement>('[data-acknowledge]');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else board?.focus();
  });
}

function RequestItem({
  request,
  now,
  canManage,
  onAcknowledge,
}: {
  request: TServiceRequest;
  now: number;
  canManage: boolean;
  onAcknowledge: (request: TServiceRequest, fromKeyboard: boolean) => void;
}) {
  const minutes = elapsedMinutes(request.createdAt, now);
  const waitingLong = minutes >= WAITING_LONG_MINUTES;
  const elapsed = formatElapsed(minutes);
  return (
    <li
      data-testid="service-request"
      data-request-id={request.id}
      data-table-number={request.tableNumber}
      data-kind={request.kind}
      className={cn(
        '@container flex flex-wrap items-center gap-3 rounded-xl border-2 bg-slate-800 p-2.5 text-slate-50 shadow-lg shadow-black/30',
        waitingLong ? 'border-amber-400' : 'border-sky-400',
      )}
    >
      {/* At least 16rem for who and what: narrower, the buttons go underneath. */}
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        <p className="flex min-w-16 shrink-0 flex-col items-center rounded-lg bg-slate-100 px-2 py-1 text-slate-950">
          <span className="text-xs font-bold tracking-wide uppercase">{t('orders.request.table')}</span>
          <span className="text-3xl leading-none font-bold tabular-nums">{request.tableNumber}</span>
        </p>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="inline-flex items-center gap-1.5 text-lg font-semibold">
            <RequestKindIcon kind={request.kind} className="size-5 shrink-0 text-sky-300" />
            {requestKindLabel(request.kind)}
          </p>
          {request.kind === 'message' && request.message ? (
            // Text, never markup: React escapes whatever the guest typed.
            <p className="text-base break-words text-slate-100">
              {t('orders.quoted', { text: request.message })}
            </p>
          ) : null}
          <p
            className={cn(
              'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-sm font-bold whitespace-nowrap tabular-nums',
              waitingLong ? 'bg-amber-400 text-slate-950' : 'bg-slate-700 text-slate-100',
            )}
          >
            <ClockIcon className="size-4" />
            <time dateTime={request.createdAt} aria-hidden="true">
              {elapsed}
            </time>
            <span className="sr-only">{t('orders.request.sinceCalled', { elapsed })}</span>
          </p>
        </div>
      </div>
      <div className="flex w-full gap-2 empty:hidden @sm:w-auto">
        {request.kind === 'bill' ? (
          <Link
            to={`/dashboard/orders/bills?table=${encodeURIComponent(request.tableId)}`}
            aria-label={t('orders.request.openBillOf', { table: request.tableNumber })}
            className={cn(
              'inline-flex min-h-14 flex-1 items-center justify-center rounded-lg border-2 border-slate-500 px-3 text-lg leading-tight font-bold whitespace-nowrap @sm:flex-none @sm:px-4',
              'text-slate-100 hover:bg-slate-700 active:bg-slate-600 focus-visible:outline-sky-300',
            )}
          >
            {t('orders.request.openBill')}
          </Link>
        ) : null}
        {canManage ? (
          <button
            type="button"
            data-acknowledge
            onClick={(event) => onAcknowledge(request, event.detail === 0)}
            aria-label={t('orders.request.onMyWayTo', { table: request.tableNumber, kind: request.kind })}
            className={cn(
              'inline-flex min-h-14 flex-1 items-center justify-center rounded-lg px-3 text-lg leading-tight font-bold whitespace-nowrap @sm:flex-none @sm:px-4',
              'bg-teal-300 text-slate-950 hover:bg-teal-200 active:bg-teal-400 focus-visible:outline-sky-300',
            )}
          >
            {t('orders.request.onMyWay')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Calls from the tables, above the board: the table, what it wants, how long it has waited, and
 * one tap to say someone is coming. Hidden while there are none; new ones are said aloud through
 * a live region that is always there (so screen readers pick up what is added to it).
 */
export function ServiceRequestsStrip({
  now,
  canManage,
  announcement,
}: {
  now: number;
  canManage: boolean;
  announcement: RequestAnnouncement;
}) {
  const id = useId();
  const requests = useOpenServiceRequests();
  const acknowledge = useAcknowledgeServiceRequest();
  const toast = useToast();
  const strip = useRef<HTMLElement>(null);
  const list = requests.data ?? [];

  const onAcknowledge = (request: TServiceRequest, fromKeyboard: boolean) => {
    const index = list.findIndex((known) => known.id === request.id);
    const board = strip.current?.closest<HTMLElement>('[data-testid="order-board"]') ?? null;
    acknowledge.mutate(request, {
      onSuccess: () => toast.success(t('orders.request.acknowledged', { table: request.tableNumber })),
      onError: (error) =>
        toast.error(
          t('orders.request.acknowledgeFailed', {
            table: request.tableNumber,
            error: getErrorMessage(error),
          }),
        ),
    });
    if (fromKeyboard) followAcknowledged(strip, board, index);
  };

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="request-announcement">
        {announcement ? <span key={announcement.id}>{announcement.text}</span> : null}
      </p>
      {requests.isError && !requests.data ? (
        <p
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-red-400/40 bg-red-400/10 px-3 py-1 text-sm font-medium text-red-200"
        >
          {t('orders.request.loadFailed', { error: getErrorMessage(requests.error) })}
          <button
            type="button"
            onClick={() => void requests.refetch()}
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-bold text-red-100 underline underline-offset-4 hover:bg-red-400/10 focus-visible:outline-sky-300"
          >
            {t('orders.tryAgain')}
          </button>
        </p>
      ) : null}
      {list.length > 0 ? (
        <section
          ref={strip}
          aria-labelledby={`${id}-title`}
          data-testid="service-requests"
          className="@container rounded-xl bg-slate-900 p-1.5"
        >
          <h2
            id={`${id}-title`}
            className="flex items-center gap-2 px-1 pt-1 text-base font-bold tracking-wide text-slate-100 uppercase"
          >
            {t('orders.request.title')}
            <span className="rounded-full bg-sky-400 px-2.5 py-0.5 text-sm text-slate-950 tabular-nums">
              <span aria-hidden="true">{list.length}</span>
              <span className="sr-only">{t('orders.request.waiting', { count: list.length })}</span>
            </span>
          </h2>
          <ol className="mt-2 grid gap-2 @2xl:grid-cols-2 @[68rem]:grid-cols-3">
            {list.map((request) => (
              <RequestItem
                key={request.id}
                request={request}
                now={now}
                canManage={canManage}
                onAcknowledge={onAcknowledge}
              />
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
