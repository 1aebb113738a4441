import type { TKitchenLine, TKitchenTicket } from '@tavolo/contract/kitchen';
import type { TKitchenStatus } from '@tavolo/contract/orders';
import { memo } from 'react';
import { CheckIcon, PrinterIcon } from '../../../components/ui/icons';
import { UnsentMark } from '../../../components/ui/staff-offline-status';
import { cn } from '../../../lib/cn';
import { courseName } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';
import { ticketKey } from '../../../lib/kitchen';
import { elapsedMinutes } from '../../../lib/use-now';
import { lineStatusLabel } from '../model/labels';
import { nextLineStatus, openLineIndexes, urgencyOf } from '../model/tickets';
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
  /** The lines whose bump or recall waits to be sent (made offline). */
  unsentLines?: ReadonlySet<number>;
  onBumpTicket: (ticket: TKitchenTicket) => void;
  onLine: (ticket: TKitchenTicket, line: TKitchenLine) => void;
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
  unsentLines,
  onBumpTicket,
  onLine,
  onSelect,
  onReprint,
}: TicketCardProps) {
  const minutes = elapsedMinutes(ticket.firedAt, now);
  const urgency = urgencyOf(minutes);
  const canBumpAll = canBump && openLineIndexes(ticket).length > 0;
  const headerSelected = selectedLine === -1;

  return (
    <li
      data-testid="kitchen-ticket"
      data-ticket-key={ticketKey(ticket)}
      data-order-number={ticket.orderNumber}
      data-urgency={urgency}
      aria-label={t('kitchen.ticket.label', {
        table: ticket.tableNumber,
        number: ticket.orderNumber,
        course: courseName(ticket.course),
      })}
      className={agedCardClassName(urgency)}
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2">
          {position <= 9 ? (
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded bg-slate-600 text-base font-bold text-slate-50"
            >
              {position}
            </span>
          ) : null}
          <span className="text-4xl leading-none font-black tracking-tight whitespace-nowrap">
            {t('kitchen.ticket.table', { table: ticket.tableNumber })}
          </span>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-xl font-semibold text-slate-200">
            #{ticket.orderNumber} · {courseName(ticket.course)}
          </p>
          <AgeBadge since={ticket.firedAt} minutes={minutes} urgency={urgency} />
        </div>
      </div>

      {ticket.takenBy || ticket.orderNote ? (
        <div className="flex flex-col gap-2">
          {ticket.takenBy ? (
            <p className="text-lg text-slate-300">{t('kitchen.ticket.takenBy', { name: ticket.takenBy })}</p>
          ) : null}
          {ticket.orderNote ? (
            <p className="rounded-lg border-l-4 border-amber-500 bg-amber-200 px-3 py-2 text-xl font-semibold break-words text-slate-950">
              {ticket.orderNote}
            </p>
          ) : null}
        </div>
      ) : null}

      <button
        type="button"
        data-ticket-header
        tabIndex={headerSelected ? 0 : -1}
        aria-disabled={!canBumpAll || undefined}
        aria-label={t('kitchen.ticket.bumpLabel', { table: ticket.tableNumber, number: ticket.orderNumber })}
        onFocus={() => onSelect(position - 1, -1)}
        onClick={() => {
          if (canBumpAll) onBumpTicket(ticket);
        }}
        className={cn(
          'inline-flex min-h-14 items-center justify-center gap-2 rounded-lg px-4 text-2xl font-black',
          'bg-teal-300 text-slate-950 hover:bg-teal-200 active:bg-teal-400',
          'aria-disabled:cursor-not-allowed aria-disabled:bg-slate-700 aria-disabled:text-slate-300',
          FOCUS,
          headerSelected && SELECTED,
        )}
      >
        <CheckIcon className="size-6" />
        {t('kitchen.ticket.bump')}
      </button>

      <ul className="flex flex-col gap-2">
        {ticket.lines.map((line, index) => (
          <TicketLine
            key={line.lineIndex}
            line={line}
            selected={selectedLine === index}
            unsent={unsentLines?.has(line.lineIndex) ?? false}
            canBump={canBump}
            onLine={() => onLine(ticket, line)}
            onFocus={() => onSelect(position - 1, index)}
          />
        ))}
      </ul>

      {hasPrinter ? (
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
  onLine,
  onFocus,
}: {
  line: TKitchenLine;
  selected: boolean;
  unsent: boolean;
  canBump: boolean;
  onLine: () => void;
  onFocus: () => void;
}) {
  const next = canBump ? nextLineStatus(line.kitchenStatus) : null;
  const voidedWhole = line.kitchenStatus === 'voided' || line.quantity === 0;
  const choices = line.options.map((option) => option.choice).join(', ');
  const Name = voidedWhole ? 'del' : 'span';
  return (
    <li className="flex flex-col gap-1">
      <button
        type="button"
        data-line-index={line.lineIndex}
        data-kitchen-status={line.kitchenStatus}
        data-unsent={unsent || undefined}
        tabIndex={selected ? 0 : -1}
        aria-disabled={!next || undefined}
        onFocus={onFocus}
        onClick={() => {
          if (next) onLine();
        }}
        className={cn(
          'flex w-full items-start gap-3 rounded-lg border-2 px-3 py-2 text-left',
          'aria-disabled:cursor-default',
          LINE_TONE[line.kitchenStatus],
          FOCUS,
          selected && SELECTED,
        )}
      >
        <span className="text-2xl leading-tight font-black tabular-nums">
          {voidedWhole ? line.voidedQuantity : line.quantity}×
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-xl">
          <Name className="text-2xl leading-tight font-bold break-words">{line.name}</Name>
          {choices ? <span className="break-words">{choices}</span> : null}
          {line.note ? <span className="font-bold break-words text-amber-300">{line.note}</span> : null}
          {line.seat !== null ? (
            <span className="text-slate-300">{t('kitchen.line.seat', { seat: line.seat })}</span>
          ) : null}
          <span className="mt-0.5 flex flex-wrap items-center gap-2">
            <span
              className={cn(
                'rounded px-2 py-0.5 text-base font-bold uppercase',
                STATUS_BADGE[line.kitchenStatus],
              )}
            >
              {lineStatusLabel(line.kitchenStatus)}
            </span>
            {unsent ? <UnsentMark tone="dark" className="text-sm" /> : null}
          </span>
        </span>
        {next ? (
          <span className="sr-only">
            {next === 'preparing' ? t('kitchen.line.toStart') : t('kitchen.line.toReady')}
          </span>
        ) : null}
      </button>
      {!voidedWhole && line.voidedQuantity > 0 ? (
        <p className="px-3 text-xl text-slate-400">
          <del>
            {line.voidedQuantity}× {line.name}
          </del>{' '}
          <span className="text-base font-bold uppercase">{t('kitchen.status.voided')}</span>
        </p>
      ) : null}
    </li>
  );
}
