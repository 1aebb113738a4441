import type { TKitchenLine, TKitchenTicket } from '@tavolo/contract/kitchen';
import type { TKitchenStatus, TOrder } from '@tavolo/contract/orders';
import { RECALL_WINDOW_MINUTES } from '@tavolo/contract/values/kitchen';

/*
 * What a station does with its tickets: how old they are, what a tap on a line does, what a bump
 * makes ready and what can be recalled. The screen draws; this decides.
 */

/** A ticket turns amber after this many minutes at the station, red after the next. */
export const WARNING_AFTER_MINUTES = 8;
export const LATE_AFTER_MINUTES = 15;

export type Urgency = 'normal' | 'warning' | 'late';

export function urgencyOf(minutes: number): Urgency {
  if (minutes >= LATE_AFTER_MINUTES) return 'late';
  if (minutes >= WARNING_AFTER_MINUTES) return 'warning';
  return 'normal';
}

/** Still to make at the station. */
export function isOpenLine(line: Pick<TKitchenLine, 'kitchenStatus'>): boolean {
  return line.kitchenStatus === 'queued' || line.kitchenStatus === 'preparing';
}

/**
 * A line voided whole, struck through on its ticket: every unit voided, or its order cancelled
 * (the units stay on the line, all voided with it).
 */
export function isVoidedWhole(line: Pick<TKitchenLine, 'kitchenStatus' | 'quantity'>): boolean {
  return line.kitchenStatus === 'voided' || line.quantity === 0;
}

/** The units a line voided whole strikes through: those voided, and those a cancellation took. */
export function struckQuantityOf(line: Pick<TKitchenLine, 'quantity' | 'voidedQuantity'>): number {
  return line.quantity + line.voidedQuantity;
}

/** What a tap (or Enter) on a line does: start it, or make it ready; nothing once it is ready. */
export function nextLineStatus(status: TKitchenStatus): 'preparing' | 'ready' | null {
  if (status === 'queued') return 'preparing';
  if (status === 'preparing') return 'ready';
  return null;
}

/** The lines a ticket's Bump makes ready: every one still to make. */
export function openLineIndexes(ticket: TKitchenTicket): number[] {
  return ticket.lines.filter(isOpenLine).map((line) => line.lineIndex);
}

/**
 * Nothing left to make or to see: every line ready, served or voided, and no void, change or recall
 * waiting for the cook to acknowledge it (a ticket whose only line was voided stays until then).
 */
export function isTicketDone(ticket: TKitchenTicket): boolean {
  return !ticket.lines.some((line) => isOpenLine(line) || line.kitchenStatus === 'held' || line.notice);
}

/** The lines showing a void, a change or a recall the cook has not acknowledged. */
export function noticedLineIndexes(ticket: TKitchenTicket): number[] {
  return ticket.lines.filter((line) => line.notice !== null).map((line) => line.lineIndex);
}

/** The ticket once the station acknowledged the lines' notices (an optimistic acknowledge). */
export function withoutNotices(ticket: TKitchenTicket, lineIndexes: readonly number[]): TKitchenTicket {
  const chosen = new Set(lineIndexes);
  return {
    ...ticket,
    lines: ticket.lines.map((line) => (chosen.has(line.lineIndex) ? { ...line, notice: null } : line)),
  };
}

/**
 * Every notice on the tickets, one key each (a new void, change or recall of a line makes a new
 * key): the screen sounds when a key appears that it has not heard before.
 */
export function noticeKeys(tickets: readonly TKitchenTicket[]): string[] {
  return tickets.flatMap((ticket) =>
    ticket.lines.flatMap((line) =>
      line.notice ? [`${ticket.orderId}:${line.lineIndex}:${line.notice.kind}:${line.notice.at}`] : [],
    ),
  );
}

/**
 * What changed on a line since the station saw it, as short phrases for the card ("2× → 3×", the
 * note before, the options before): empty for a void or a recall, and when nothing it shows differs.
 */
export function changesOf(line: TKitchenLine): {
  quantity: number | null;
  note: boolean;
  options: boolean;
  seat: boolean;
} {
  const was = line.notice?.kind === 'changed' ? line.notice.was : null;
  if (!was) return { quantity: null, note: false, options: false, seat: false };
  const choices = (options: readonly { group: string; choice: string }[]) =>
    options.map((o) => `${o.group}:${o.choice}`).join('|');
  return {
    quantity: was.quantity !== line.quantity ? was.quantity : null,
    note: was.note !== line.note,
    options: choices(was.options) !== choices(line.options),
    seat: was.seat !== line.seat,
  };
}

/** The ready lines still within the recall window at `now`. */
export function recallableLineIndexes(ticket: TKitchenTicket, now: number): number[] {
  const window = RECALL_WINDOW_MINUTES * 60_000;
  return ticket.lines
    .filter(
      (line) =>
        line.kitchenStatus === 'ready' && line.readyAt !== null && now - Date.parse(line.readyAt) <= window,
    )
    .map((line) => line.lineIndex);
}

/**
 * The ticket as the station expects the server to answer (an optimistic bump or recall): the
 * lines moved to `status` at `at`. A recall (back to preparing) forgets when the line was ready.
 */
export function withLineStatus(
  ticket: TKitchenTicket,
  lineIndexes: readonly number[],
  status: 'preparing' | 'ready',
  at: string,
): TKitchenTicket {
  const chosen = new Set(lineIndexes);
  return {
    ...ticket,
    lines: ticket.lines.map((line) =>
      chosen.has(line.lineIndex) && line.kitchenStatus !== status
        ? {
            ...line,
            kitchenStatus: status,
            startedAt: line.startedAt ?? at,
            readyAt: status === 'ready' ? at : null,
            // Bumped ready, a recalled line has had its recall seen to (as the server does).
            notice: status === 'ready' && line.notice?.kind === 'recalled' ? null : line.notice,
          }
        : line,
    ),
  };
}

/** The ticket's lines as the order now has them (a bump's or a recall's answer). */
export function ticketFromOrder(ticket: TKitchenTicket, order: TOrder): TKitchenTicket {
  if (order.id !== ticket.orderId) return ticket;
  return {
    ...ticket,
    lines: ticket.lines.map((line) => {
      const item = order.items[line.lineIndex];
      if (!item) return line;
      return {
        ...line,
        kitchenStatus: item.kitchenStatus,
        startedAt: item.startedAt,
        readyAt: item.readyAt,
        voidedAt: item.voidedAt,
        notice: item.kitchenNotice,
      };
    }),
  };
}

/**
 * Where the bump bar's selection is: a ticket, and in it its header (`line` -1) or one of its
 * lines (by position on the card).
 */
export type Selection = { ticket: number; line: number };

export type SelectionMove = 'left' | 'right' | 'up' | 'down';

/**
 * The selection after an arrow: left and right go to the neighbouring ticket (at the same line, or
 * its last when it has fewer), up and down through the header and the lines. It stops at the edges.
 */
export function moveSelection(
  selection: Selection,
  move: SelectionMove,
  lineCounts: readonly number[],
): Selection {
  if (lineCounts.length === 0) return { ticket: 0, line: -1 };
  const clampTicket = (index: number) => Math.min(Math.max(index, 0), lineCounts.length - 1);
  const ticket = clampTicket(selection.ticket);
  const lastLine = (index: number) => (lineCounts[index] ?? 0) - 1;
  switch (move) {
    case 'left':
    case 'right': {
      const next = clampTicket(ticket + (move === 'left' ? -1 : 1));
      return { ticket: next, line: Math.min(selection.line, lastLine(next)) };
    }
    case 'up':
      return { ticket, line: Math.max(selection.line - 1, -1) };
    case 'down':
      return { ticket, line: Math.min(selection.line + 1, lastLine(ticket)) };
  }
}
