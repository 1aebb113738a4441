import type { TKitchenLine, TKitchenTicket, TKitchenView } from '@tavolo/contract/kitchen';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { type ErrorWording, getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { ticketKey } from '../../../lib/kitchen';
import { unsentTaps, useStaffTapEntries } from '../../../lib/staff-taps';
import { useAcknowledgeLines } from '../api/acknowledge-lines';
import { useBumpLines } from '../api/bump-lines';
import { useRecallLines } from '../api/recall-lines';
import { useReprintTicket } from '../api/reprint-ticket';
import {
  nextLineStatus,
  noticedLineIndexes,
  openLineIndexes,
  recallableLineIndexes,
  type Selection,
} from '../model/tickets';
import { withUnsentTaps } from '../model/unsent-taps';
import { AllDayPanel } from './all-day-panel';
import { RecentPanel } from './recent-panel';
import { TicketCard } from './ticket-card';
import { useBumpBar } from './use-bump-bar';
import { useNoticeAlert } from './use-notice-alert';

/** Outside English the server's own words give way to these (in English they are shown as they come). */
const KITCHEN_ERROR_WORDING: ErrorWording = {
  CONFLICT: () => t('kitchen.error.changed'),
  INVALID_TRANSITION: () => t('kitchen.error.changed'),
};

const KITCHEN_TAPS = ['kitchen.bump', 'kitchen.recall'] as const;

/** The selection by ticket, so that it stays on its ticket when others come and go. */
type HeldSelection = { key: string | null; ticket: number; line: number };

/** The selection on the tickets as they are now: its ticket's place, or the place it had. */
function resolveSelection(held: HeldSelection, tickets: readonly TKitchenTicket[]): Selection {
  if (tickets.length === 0) return { ticket: 0, line: -1 };
  const found = held.key === null ? -1 : tickets.findIndex((ticket) => ticketKey(ticket) === held.key);
  const ticket = found === -1 ? Math.min(held.ticket, tickets.length - 1) : found;
  const lines = tickets[ticket]?.lines.length ?? 0;
  return { ticket, line: found === -1 ? -1 : Math.min(held.line, lines - 1) };
}

function targetOf(board: HTMLElement | null, selection: Selection): HTMLElement | null {
  const card = board?.querySelectorAll<HTMLElement>('[data-testid="kitchen-ticket"]')[selection.ticket];
  if (!card) return null;
  return selection.line === -1
    ? card.querySelector<HTMLElement>('[data-ticket-header]')
    : (card.querySelectorAll<HTMLElement>('[data-line-index]')[selection.line] ?? null);
}

/**
 * A station's tickets in columns, oldest first, with the all-day counts and the recent bumps above
 * them; worked by touch or by a bump bar (useBumpBar). Bumps and recalls show at once and go back,
 * with a toast, when the server refuses them. Made through a Wi-Fi drop, they wait in the queue,
 * drawn over the server's view with a mark until they are sent (PRODUCT.md §13).
 */
export function StationBoard({
  view: served,
  now,
  canManage,
  compact = false,
}: {
  view: TKitchenView;
  now: number;
  canManage: boolean;
  /** Smaller tickets, more of them on the screen (six and more at 1024×768). */
  compact?: boolean;
}) {
  const entries = useStaffTapEntries();
  const taps = useMemo(() => unsentTaps(entries, KITCHEN_TAPS), [entries]);
  const { view, unsent } = useMemo(() => withUnsentTaps(served, taps), [served, taps]);
  const recentUnsent = useMemo(
    () => new Set(view.recent.map(ticketKey).filter((key) => unsent.has(key))),
    [view.recent, unsent],
  );
  const stationId = view.station.id;
  const toast = useToast();
  const fail = useCallback(
    (error: unknown) => toast.error(getErrorMessage(error, KITCHEN_ERROR_WORDING)),
    [toast],
  );
  const bump = useBumpLines(stationId, { onError: fail });
  const recall = useRecallLines(stationId, { onError: fail });
  const acknowledge = useAcknowledgeLines(stationId, { onError: fail });
  const reprint = useReprintTicket();
  const board = useRef<HTMLOListElement>(null);
  const tickets = view.tickets;
  const [held, setHeld] = useState<HeldSelection>({ key: null, ticket: 0, line: -1 });
  const selection = resolveSelection(held, tickets);
  /** The last lines made ready here: what R recalls. */
  const lastBump = useRef<{ key: string; lineIndexes: number[] } | null>(null);

  const select = useCallback(
    (next: Selection, { focus = true } = {}) => {
      const ticket = tickets[next.ticket];
      setHeld({ key: ticket ? ticketKey(ticket) : null, ticket: next.ticket, line: next.line });
      if (focus) targetOf(board.current, next)?.focus();
    },
    [tickets],
  );
  const selectFromFocus = useCallback(
    (ticket: number, line: number) => select({ ticket, line }, { focus: false }),
    [select],
  );

  // A bumped ticket leaves the board with the focus: the focus goes to the selection's new place.
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const element = board.current;
    if (!element) return;
    const active = document.activeElement;
    // Only a focus that fell to the page: one taken elsewhere (the menu, a dialog) stays there.
    if (hadFocus.current && (!active || active === document.body)) targetOf(element, selection)?.focus();
  });

  const bumpLines = useCallback(
    (ticket: TKitchenTicket, lineIndexes: number[], status: 'preparing' | 'ready') => {
      if (!canManage || lineIndexes.length === 0) return;
      if (status === 'ready') lastBump.current = { key: ticketKey(ticket), lineIndexes };
      bump.mutate({ stationId, ticket, lineIndexes, status });
    },
    [bump, canManage, stationId],
  );
  const acknowledgeLines = useCallback(
    (ticket: TKitchenTicket, lineIndexes: number[]) => {
      if (!canManage || lineIndexes.length === 0) return;
      acknowledge.mutate({ ticket, lineIndexes });
    },
    [acknowledge, canManage],
  );
  /** Bump: what is left to make is ready; a ticket with nothing to make has its marks seen. */
  const bumpTicket = useCallback(
    (ticket: TKitchenTicket) => {
      const open = openLineIndexes(ticket);
      if (open.length > 0) bumpLines(ticket, open, 'ready');
      else acknowledgeLines(ticket, noticedLineIndexes(ticket));
    },
    [acknowledgeLines, bumpLines],
  );
  /** A line's tap: its mark seen first, then it is started, then made ready. */
  const bumpLine = useCallback(
    (ticket: TKitchenTicket, line: TKitchenLine) => {
      if (line.notice) {
        acknowledgeLines(ticket, [line.lineIndex]);
        return;
      }
      const status = nextLineStatus(line.kitchenStatus);
      if (status) bumpLines(ticket, [line.lineIndex], status);
    },
    [acknowledgeLines, bumpLines],
  );
  const toSee = useNoticeAlert(tickets);

  const recallLines = useCallback(
    (ticket: TKitchenTicket, lineIndexes: number[]) => {
      if (!canManage) return;
      recall.mutate(
        { stationId, ticket, lineIndexes },
        {
          onSuccess: (result) => {
            // Queued, it shows back on the board with its mark; the toast is for a recall made.
            if (result.queued) return;
            toast.success(
              t('kitchen.recent.recalled', { table: ticket.tableNumber, number: ticket.orderNumber }),
            );
          },
        },
      );
    },
    [canManage, recall, stationId, toast],
  );

  /** R: the lines last made ready here while they can still be recalled, else the newest recent bump. */
  const recallLast = useCallback(() => {
    if (!canManage) return;
    const at = Date.now();
    const known = [...view.tickets, ...view.recent];
    const last = lastBump.current;
    const lastTicket = last && known.find((ticket) => ticketKey(ticket) === last.key);
    if (last && lastTicket) {
      const lines = recallableLineIndexes(lastTicket, at).filter((index) => last.lineIndexes.includes(index));
      if (lines.length > 0) {
        lastBump.current = null;
        recallLines(lastTicket, lines);
        return;
      }
    }
    for (const ticket of view.recent) {
      const lines = recallableLineIndexes(ticket, at);
      if (lines.length > 0) {
        recallLines(ticket, lines);
        return;
      }
    }
    toast.error(t('kitchen.recent.nothing'));
  }, [canManage, recallLines, toast, view.recent, view.tickets]);

  const activate = useCallback(
    (at: Selection) => {
      const ticket = tickets[at.ticket];
      if (!ticket) return;
      if (at.line === -1) bumpTicket(ticket);
      else {
        const line = ticket.lines[at.line];
        if (line) bumpLine(ticket, line);
      }
    },
    [bumpLine, bumpTicket, tickets],
  );

  const lineCounts = useMemo(() => tickets.map((ticket) => ticket.lines.length), [tickets]);
  useBumpBar({ board, lineCounts, selection, onSelect: select, onActivate: activate, onRecall: recallLast });

  const onReprint = useCallback(
    (ticket: TKitchenTicket) =>
      reprint.mutate(
        { stationId, ticket },
        {
          onSuccess: () =>
            toast.success(
              t('kitchen.ticket.reprinted', { table: ticket.tableNumber, number: ticket.orderNumber }),
            ),
          onError: fail,
        },
      ),
    [fail, reprint, stationId, toast],
  );

  return (
    <div className={cn('flex flex-col', compact ? 'gap-2' : 'gap-3')}>
      {/* Compact, the all-day counts and the recent bumps share one row. */}
      <div
        className={cn(
          'flex gap-2',
          compact ? 'flex-col lg:flex-row lg:[&>*]:min-w-0 lg:[&>*]:flex-1' : 'flex-col',
        )}
      >
        <AllDayPanel entries={view.allDay} />
        <RecentPanel
          tickets={view.recent}
          unsent={recentUnsent}
          now={now}
          canRecall={canManage}
          onRecall={recallLines}
        />
      </div>
      {toSee > 0 ? (
        <p
          role="alert"
          data-testid="kitchen-notices"
          className="rounded-lg bg-red-600 px-3 py-1 text-xl font-black text-white"
        >
          {t('kitchen.board.noticesToSee', { count: toSee })}
        </p>
      ) : null}
      {tickets.length === 0 ? (
        <p
          role="status"
          className="rounded-xl bg-slate-900 p-8 text-center text-2xl font-semibold text-slate-300"
        >
          {t('kitchen.board.empty')}
        </p>
      ) : (
        <ol
          ref={board}
          aria-label={t('kitchen.board.label', { station: view.station.name })}
          aria-describedby="kitchen-keys"
          onFocus={() => {
            hadFocus.current = true;
          }}
          onBlur={(event) => {
            // Removed with its ticket, the focused button leaves no element behind: the focus stays ours.
            if (event.relatedTarget) hadFocus.current = board.current?.contains(event.relatedTarget) ?? false;
          }}
          data-layout={compact ? 'compact' : 'roomy'}
          className={cn(
            'grid items-start',
            compact
              ? 'grid-cols-[repeat(auto-fill,minmax(9.75rem,1fr))] gap-2'
              : 'grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] gap-3',
          )}
        >
          {tickets.map((ticket, index) => (
            <TicketCard
              key={ticketKey(ticket)}
              ticket={ticket}
              position={index + 1}
              now={now}
              selectedLine={index === selection.ticket ? selection.line : null}
              canBump={canManage}
              hasPrinter={view.station.printer !== null}
              compact={compact}
              unsentLines={unsent.get(ticketKey(ticket))}
              onBumpTicket={bumpTicket}
              onLine={bumpLine}
              onAcknowledge={acknowledgeLines}
              onSelect={selectFromFocus}
              onReprint={onReprint}
            />
          ))}
        </ol>
      )}
      <p id="kitchen-keys" className="hidden text-sm text-slate-400 md:block">
        {t('kitchen.board.keys')}
      </p>
    </div>
  );
}
