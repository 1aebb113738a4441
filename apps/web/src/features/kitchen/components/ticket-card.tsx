import type { TKitchenLine, TKitchenTicket } from '@tavolo/contract/kitchen';
import type { TKitchenNotice, TKitchenStatus } from '@tavolo/contract/orders';
import { memo } from 'react';
import { CheckIcon, PrinterIcon } from '../../../components/ui/icons';
import { UnsentMark } from '../../../components/ui/staff-offline-status';
import { cn } from '../../../lib/cn';
import { courseName } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';
import { ticketKey } from '../../../lib/kitchen';
import { elapsedMinutes } from '../../../lib/use-now';
import { lineStatusLabel, noticeLabel } from '../model/labels';
import {
  changesOf,
  isVoidedWhole,
  nextLineStatus,
  noticedLineIndexes,
  openLineIndexes,
  struckQuantityOf,
  urgencyOf,
} from '../model/tickets';
import { AgeBadge, agedCardClassName } from './age-badge';

const LINE_TONE: Record<TKitchenStatus, string> = {
  held: 'border-slate-700 bg-slate-900 text-slate-400',
  queued: 'border-slate-600 bg-slate-900 text-slate-50',
  preparing: 'border-sky-400 bg-sky-950 text-white',
  ready: 'border-green-500 bg-green-950 text-green-100',
  served: 'border-slate-700 bg-slate-900 text-slate-400',
  voided: 'border-slate-700 bg-slate-900 text-slate-500',
};

const STATUS_BADGE: Record<TKitchenStatus, string> = {
  held: 'bg-slate-700 text-slate-200',
  queued: 'bg-slate-700 text-slate-100',
  preparing: 'bg-sky-300 text-slate-950',
  ready: 'bg-green-400 text-slate-950',
  served: 'bg-slate-700 text-slate-200',
  voided: 'bg-slate-700 text-slate-300',
};

/** A mark the cook must acknowledge: loud colours, unlike any line state. */
const NOTICE_TONE: Record<TKitchenNotice['kind'], string> = {
  voided: 'bg-red-600 text-white',
  changed: 'bg-amber-400 text-slate-950',
  recalled: 'bg-fuchsia-400 text-slate-950',
};
/** A line with a mark to see, in place of its state's tone; its card gets a red ring. */
const NOTICE_LINE = 'border-red-500 bg-red-950 text-white';
const NOTICE_CARD = 'ring-4 ring-red-500';

/** The bump bar's cursor: a thick ring, seen from across the kitchen whether or not it has the focus. */
const SELECTED = 'ring-4 ring-sky-300 ring-offset-2 ring-offset-slate-950';
const FOCUS =
  'outline-none focus-visible:ring-4 focus-visible:ring-sky-300 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950';

export interface TicketCardProps {
  ticket: TKitchenTicket;
  /** Its place among the tickets, from 1: the digit that selects it. */
  position: number;
  now: number;
  /** null: another ticket has the selection; -1: this ticket's header; else the selected line's place. */
  selectedLine: number | null;
  canBump: boolean;
  hasPrinter: boolean;
  /** Smaller type and tighter spacing, so that six tickets and more fit a 1024×768 tablet. */
  compact?: boolean;
  /** The lines whose bump or recall waits to be sent (made offline). */
  unsentLines?: ReadonlySet<number>;
  onBumpTicket: (ticket: TKitchenTicket) => void;
  onLine: (ticket: TKitchenTicket, line: TKitchenLine) => void;
  /** The cook saw the lines' voids, changes or recalls. */
  onAcknowledge: (ticket: TKitchenTicket, lineIndexes: number[]) => void;
  /** The focus came to the ticket (its place from 0) or one of its lines (-1: its header). */
  onSelect: (ticket: number, line: number) => void;
  onReprint: (ticket: TKitchenTicket) => void;
}

/** One fired ticket as a column: table and age big, its lines one tap each, Bump for all of it. */
export const TicketCard = memo(function TicketCard({
  ticket,
  position,
  now,
  selectedLine,
  canBump,
  hasPrinter,
  compact = false,
  unsentLines,
  onBumpTicket,
  onLine,
  onAcknowledge,
  onSelect,
  onReprint,
}: TicketCardProps) {
  const minutes = elapsedMinutes(ticket.firedAt, now);
  const urgency = urgencyOf(minutes);
  const canBumpAll = canBump && openLineIndexes(ticket).length > 0;
  const noticed = noticedLineIndexes(ticket);
  // Nothing left to make but marks to see (a ticket voided whole): the big button acknowledges them.
  const acknowledgesAll = canBump && !canBumpAll && noticed.length > 0;
  const headerSelected = selectedLine === -1;

  return (
    <li
      data-testid="kitchen-ticket"
      data-ticket-key={ticketKey(ticket)}
      data-order-number={ticket.orderNumber}
      data-urgency={urgency}
      data-notices={noticed.length || undefined}
      aria-label={t('kitchen.ticket.label', {
        table: ticket.tableNumber,
        number: ticket.orderNumber,
        course: courseName(ticket.course),
      })}
      className={cn(agedCardClassName(urgency, compact), noticed.length > 0 && NOTICE_CARD)}
    >
      <div className={cn('flex flex-col', compact ? 'gap-0.5' : 'gap-1')}>
        <p className="flex items-center gap-2">
          {position <= 9 ? (
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded bg-slate-600 text-base font-bold text-slate-50"
            >
              {position}
            </span>
          ) : null}
          <span
            className={cn(
              'leading-none font-black tracking-tight whitespace-nowrap',
              compact ? 'text-2xl' : 'text-4xl',
            )}
          >
            {t('kitchen.ticket.table', { table: ticket.tableNumber })}
          </span>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className={cn('font-semibold text-slate-200', compact ? 'text-base' : 'text-xl')}>
            #{ticket.orderNumber} · {courseName(ticket.course)}
          </p>
          <AgeBadge since={ticket.firedAt} minutes={minutes} urgency={urgency} compact={compact} />
        </div>
      </div>

      {(ticket.takenBy && !compact) || ticket.orderNote ? (
        <div className="flex flex-col gap-2">
          {ticket.takenBy && !compact ? (
            <p className="text-lg text-slate-300">{t('kitchen.ticket.takenBy', { name: ticket.takenBy })}</p>
          ) : null}
          {ticket.orderNote ? (
            <p
              className={cn(
                'rounded-lg border-l-4 border-amber-500 bg-amber-200 font-semibold break-words text-slate-950',
                compact ? 'px-2 py-1 text-base' : 'px-3 py-2 text-xl',
              )}
            >
              {ticket.orderNote}
            </p>
          ) : null}
        </div>
      ) : null}

      <button
        type="button"
        data-ticket-header
        tabIndex={headerSelected ? 0 : -1}
        aria-disabled={!(canBumpAll || acknowledgesAll) || undefined}
        aria-label={
          acknowledgesAll
            ? t('kitchen.ticket.acknowledgeLabel', { table: ticket.tableNumber, number: ticket.orderNumber })
            : t('kitchen.ticket.bumpLabel', { table: ticket.tableNumber, number: ticket.orderNumber })
        }
        onFocus={() => onSelect(position - 1, -1)}
        onClick={() => {
          if (canBumpAll) onBumpTicket(ticket);
          else if (acknowledgesAll) onAcknowledge(ticket, noticed);
        }}
        className={cn(
          'inline-flex items-center justify-center gap-2 rounded-lg px-4 font-black',
          compact ? 'min-h-11 text-xl' : 'min-h-14 text-2xl',
          acknowledgesAll
            ? 'bg-red-500 text-white hover:bg-red-400 active:bg-red-600'
            : 'bg-teal-300 text-slate-950 hover:bg-teal-200 active:bg-teal-400',
          'aria-disabled:cursor-not-allowed aria-disabled:bg-slate-700 aria-disabled:text-slate-300',
          FOCUS,
          headerSelected && SELECTED,
        )}
      >
        <CheckIcon className="size-6" />
        {acknowledgesAll ? t('kitchen.ticket.acknowledge') : t('kitchen.ticket.bump')}
      </button>

      <ul className={cn('flex flex-col', compact ? 'gap-1' : 'gap-2')}>
        {ticket.lines.map((line, index) => (
          <TicketLine
            key={line.lineIndex}
            line={line}
            selected={selectedLine === index}
            unsent={unsentLines?.has(line.lineIndex) ?? false}
            canBump={canBump}
            compact={compact}
            onLine={() => (line.notice ? onAcknowledge(ticket, [line.lineIndex]) : onLine(ticket, line))}
            onFocus={() => onSelect(position - 1, index)}
          />
        ))}
      </ul>

      {hasPrinter && !compact ? (
        <button
          type="button"
          tabIndex={-1}
          onClick={() => onReprint(ticket)}
          className={cn(
            'mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-slate-500 px-3 text-lg font-semibold text-slate-100 hover:bg-slate-700',
            FOCUS,
          )}
        >
          <PrinterIcon />
          {t('kitchen.ticket.reprint')}
        </button>
      ) : null}
    </li>
  );
});

function TicketLine({
  line,
  selected,
  unsent,
  canBump,
  compact,
  onLine,
  onFocus,
}: {
  line: TKitchenLine;
  selected: boolean;
  unsent: boolean;
  canBump: boolean;
  compact: boolean;
  onLine: () => void;
  onFocus: () => void;
}) {
  const { notice } = line;
  // A mark to see comes first: the tap acknowledges it; the next one bumps.
  const next = canBump ? (notice ? 'acknowledge' : nextLineStatus(line.kitchenStatus)) : null;
  const changes = changesOf(line);
  const voidedWhole = isVoidedWhole(line);
  const choices = line.options.map((option) => option.choice).join(', ');
  const Name = voidedWhole ? 'del' : 'span';
  const quantity = voidedWhole ? <del>{struckQuantityOf(line)}×</del> : `${line.quantity}×`;
  return (
    <li className="flex flex-col gap-1">
      <button
        type="button"
        data-line-index={line.lineIndex}
        data-kitchen-status={line.kitchenStatus}
        data-notice={notice?.kind}
        data-unsent={unsent || undefined}
        tabIndex={selected ? 0 : -1}
        aria-disabled={!next || undefined}
        onFocus={onFocus}
        onClick={() => {
          if (next) onLine();
        }}
        className={cn(
          'flex w-full items-start text-left',
          // Compact, a bar on the left instead of a frame: the name keeps the narrow card's width.
          compact ? 'gap-2 rounded-md border-l-4 px-1.5 py-1' : 'gap-3 rounded-lg border-2 px-3 py-2',
          'aria-disabled:cursor-default',
          notice ? NOTICE_LINE : LINE_TONE[line.kitchenStatus],
          FOCUS,
          selected && SELECTED,
        )}
      >
        {/* Compact, the units lead the name's own line: the name keeps the card's width. */}
        {compact ? null : <span className="text-2xl leading-tight font-black tabular-nums">{quantity}</span>}
        <span className={cn('flex min-w-0 flex-1 flex-col gap-0.5', compact ? 'text-base' : 'text-xl')}>
          {notice ? (
            <span
              data-testid="line-notice"
              className={cn(
                'self-start rounded px-2 font-black tracking-wide uppercase',
                compact ? 'text-base' : 'text-xl',
                NOTICE_TONE[notice.kind],
              )}
            >
              {noticeLabel(notice.kind)}
            </span>
          ) : null}
          <span
            className={cn(
              'leading-tight font-bold break-words hyphens-auto',
              compact ? 'text-lg' : 'text-2xl',
            )}
          >
            {compact ? <span className="font-black tabular-nums">{quantity} </span> : null}
            <Name>{line.name}</Name>
          </span>
          {changes.quantity !== null ? (
            <span className="font-bold text-amber-300">
              {t('kitchen.line.wasQuantity', { quantity: changes.quantity })}
            </span>
          ) : null}
          {choices ? <span className="break-words">{choices}</span> : null}
          {line.note ? <span className="font-bold break-words text-amber-300">{line.note}</span> : null}
          {changes.note || changes.options || changes.seat ? (
            <span className="text-amber-300">
              {t('kitchen.line.wasDetails', {
                details: [
                  changes.options ? notice?.was?.options.map((o) => o.choice).join(', ') || '—' : null,
                  changes.note ? notice?.was?.note || '—' : null,
                  changes.seat && notice?.was?.seat != null
                    ? t('kitchen.line.seat', { seat: notice.was.seat })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
              })}
            </span>
          ) : null}
          {line.seat !== null ? (
            <span className="text-slate-300">{t('kitchen.line.seat', { seat: line.seat })}</span>
          ) : null}
          <span className="mt-0.5 flex flex-wrap items-center gap-2">
            {/* A line voided whole says VOID once: its mark, while it has one. */}
            {notice?.kind === 'voided' && voidedWhole ? null : (
              <span
                className={cn(
                  'rounded px-2 font-bold uppercase',
                  compact ? 'text-sm' : 'py-0.5 text-base',
                  STATUS_BADGE[line.kitchenStatus],
                )}
              >
                {lineStatusLabel(line.kitchenStatus)}
              </span>
            )}
            {notice ? (
              <span className={cn('font-bold text-slate-100', compact ? 'text-sm' : 'text-base')}>
                {t('kitchen.line.toAcknowledge')}
              </span>
            ) : null}
            {unsent ? <UnsentMark tone="dark" className="text-sm" /> : null}
          </span>
        </span>
        {next && next !== 'acknowledge' ? (
          <span className="sr-only">
            {next === 'preparing' ? t('kitchen.line.toStart') : t('kitchen.line.toReady')}
          </span>
        ) : null}
      </button>
      {!voidedWhole && line.voidedQuantity > 0 ? (
        <p className={cn('text-slate-400', compact ? 'px-2 text-base' : 'px-3 text-xl')}>
          <del>
            {line.voidedQuantity}× {line.name}
          </del>{' '}
          <span className="text-base font-bold uppercase">{t('kitchen.status.voided')}</span>
        </p>
      ) : null}
    </li>
  );
}
