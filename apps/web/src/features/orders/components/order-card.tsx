import type { TOrder } from '@tavolo/contract/orders';
import { memo } from 'react';
import { ClockIcon, MoreIcon } from '../../../components/ui/icons';
import { UnsentMark } from '../../../components/ui/staff-offline-status';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { elapsedMinutes, formatElapsed } from '../../../lib/use-now';
import { type Urgency, urgencyOf } from '../model/elapsed-time';
import { describeOrderPayment, type PaymentLabel, sourceLabel } from '../model/order-labels';
import { nextAction } from '../model/order-status';
import { amountDue } from '../model/payment-amount';
import { OrderLines } from './order-lines';

export type OrderDialogView = 'actions' | 'details' | 'cancel' | 'payment' | 'pay-complete';

const URGENCY_CARD: Record<Urgency, string> = {
  normal: 'border-slate-700',
  warning: 'border-amber-400',
  late: 'border-red-500',
};

const URGENCY_TIME: Record<Urgency, string> = {
  normal: 'bg-slate-700 text-slate-100',
  warning: 'bg-amber-400 text-slate-950',
  late: 'bg-red-600 text-white',
};

// Light text on the board's dark cards.
const BOARD_PAYMENT_TONES: Record<PaymentLabel['tone'], string> = {
  success: 'text-green-300',
  warning: 'text-amber-300',
  danger: 'text-red-300',
  neutral: 'text-slate-300',
  accent: 'text-teal-300',
};

/**
 * A card that moves remounts in its new column, and one that is done leaves the board: either way
 * the button that had the keyboard focus is gone. The focus follows the card to its new place, or
 * goes to the board when it left. Tried for a few frames, until the move has rendered.
 */
function followMovedCard(order: TOrder, board: HTMLElement | null, framesLeft = 20) {
  requestAnimationFrame(() => {
    const card = board?.querySelector<HTMLElement>(`[data-order-id="${order.id}"]`);
    if (card && card.dataset.status !== order.status) {
      (card.querySelector<HTMLElement>('[data-primary-action]') ?? card).focus();
    } else if (!card || framesLeft === 0) {
      if (!board?.contains(document.activeElement)) board?.focus();
    } else {
      followMovedCard(order, board, framesLeft - 1);
    }
  });
}

/**
 * The order number as large as the card lets it be, up to 1.875rem: beside the "⋯" (3rem with its
 * gap) on the card's width (`cqi`: the card is a size container), at about 0.72em a character in a
 * wide bold font. "#7" stays at full size; "#12345" shrinks on a 1024 px tablet's narrow columns
 * instead of pushing the "⋯" out of the card.
 */
function orderNumberSize(number: number): string {
  const characters = String(number).length + 1;
  return `clamp(1.125rem, (100cqi - 3rem) / ${(characters * 0.72).toFixed(2)}, 1.875rem)`;
}

/** An order on the board: big enough to read from two metres, one tap to move it on. */
export const OrderCard = memo(function OrderCard({
  order,
  now,
  highlighted,
  moving,
  unsent = false,
  canManage,
  hasMoreActions,
  onAdvance,
  onOpen,
}: {
  order: TOrder;
  now: number;
  highlighted: boolean;
  /** Its last move is on its way: the next one waits for the answer. */
  moving: boolean;
  /** Its move, made offline, waits to be sent. */
  unsent?: boolean;
  canManage: boolean;
  hasMoreActions: boolean;
  onAdvance: (order: TOrder) => void;
  onOpen: (order: TOrder, view: OrderDialogView) => void;
}) {
  const minutes = elapsedMinutes(order.createdAt, now);
  const urgency = urgencyOf(minutes);
  const action = nextAction(order.status);
  const due = amountDue(order);
  // Payment matters once the food is out, or as soon as some of it was paid (or given back).
  const showPayment =
    order.status === 'ready' ||
    order.status === 'served' ||
    due === 0 ||
    order.paidMinor > 0 ||
    order.paymentStatus !== 'unpaid';
  const payment = describeOrderPayment(order, { withDue: true });

  return (
    <li
      data-testid="order-card"
      data-order-number={order.number}
      data-order-id={order.id}
      data-status={order.status}
      data-unsent={unsent || undefined}
      data-urgency={urgency}
      className={cn(
        '@container flex flex-col gap-3 rounded-xl border-2 bg-slate-800 p-2 text-slate-50 shadow-lg shadow-black/30',
        'transition-shadow duration-500',
        URGENCY_CARD[urgency],
        highlighted && 'ring-4 ring-sky-400 ring-offset-2 ring-offset-slate-950',
      )}
    >
      {/*
        The "⋯" has a column of its own, so nothing can push it past the card's edge; the number and
        its "New" badge share the rest, the badge going under the number when they do not fit.
      */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h3
            className="max-w-full leading-none font-bold tracking-tight"
            style={{ fontSize: orderNumberSize(order.number) }}
          >
            <button
              type="button"
              onClick={() => onOpen(order, 'details')}
              aria-label={t('orders.order.openDetails', { number: order.number })}
              className="-m-1 inline-flex min-h-11 max-w-[calc(100%+0.5rem)] min-w-11 items-center rounded-md px-1 text-white wrap-anywhere underline-offset-4 hover:underline focus-visible:outline-sky-300"
            >
              #{order.number}
            </button>
          </h3>
          {highlighted ? (
            <span className="rounded bg-sky-400 px-1.5 py-0.5 text-xs font-bold tracking-wide text-slate-950 uppercase">
              {t('orders.card.new')}
            </span>
          ) : null}
          {unsent ? <UnsentMark tone="dark" /> : null}
        </div>
        {hasMoreActions ? (
          <button
            type="button"
            onClick={() => onOpen(order, 'actions')}
            aria-label={t('orders.card.moreActions', { number: order.number })}
            className={cn(
              '-mt-1 -mr-1 inline-flex size-11 items-center justify-center rounded-lg border-2 border-slate-600',
              'text-slate-100 hover:bg-slate-700 active:bg-slate-600 focus-visible:outline-sky-300',
            )}
          >
            <MoreIcon className="size-6" />
          </button>
        ) : null}
      </div>

      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-xl font-semibold">{t('orders.order.table', { table: order.tableNumber })}</p>
          <p
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-bold tabular-nums',
              URGENCY_TIME[urgency],
            )}
          >
            <ClockIcon className="size-4" />
            <time dateTime={order.createdAt} aria-hidden="true">
              {formatElapsed(minutes)}
            </time>
            <span className="sr-only">
              {t('orders.card.sincePlaced', { elapsed: formatElapsed(minutes), urgency })}
            </span>
          </p>
        </div>
        <p className="text-sm break-words text-slate-300">
          {order.customerName ? (
            <>
              <span className="text-base font-medium text-slate-100">{order.customerName}</span> ·{' '}
            </>
          ) : null}
          {sourceLabel(order.source)}
        </p>
      </div>

      <OrderLines items={order.items} tone="board" currency={order.currency} />

      {order.note ? (
        <p className="rounded-lg border-l-4 border-amber-500 bg-amber-200 px-3 py-2 text-base font-medium break-words text-slate-950">
          <span className="block text-xs font-bold tracking-wide text-amber-900 uppercase">
            {t('orders.card.orderNote')}
          </span>
          {order.note}
        </p>
      ) : null}

      {showPayment ? (
        <p className={cn('text-sm font-semibold tabular-nums', BOARD_PAYMENT_TONES[payment.tone])}>
          {payment.text}
        </p>
      ) : null}

      {canManage && action ? (
        <button
          type="button"
          data-primary-action
          aria-disabled={moving || undefined}
          onClick={(event) => {
            if (moving) return;
            const fromKeyboard = event.detail === 0;
            const board = event.currentTarget.closest<HTMLElement>('[data-testid="order-board"]');
            onAdvance(order);
            if (fromKeyboard) followMovedCard(order, board);
          }}
          aria-label={t('orders.card.actionFor', { action: action.label, number: order.number })}
          className={cn(
            'mt-auto inline-flex min-h-14 w-full items-center justify-center rounded-lg px-2 py-1 text-lg leading-tight font-bold',
            'bg-teal-300 text-slate-950 hover:bg-teal-200 active:bg-teal-400 focus-visible:outline-sky-300',
            'aria-disabled:cursor-wait aria-disabled:opacity-60',
          )}
        >
          {action.label}
        </button>
      ) : null}
    </li>
  );
});
