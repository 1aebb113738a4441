import type { TKitchenTicket, TKitchenView } from '@tavolo/contract/kitchen';
import { ticketKey, withKitchenTicket } from '../../../lib/kitchen';
import type { UnsentTap } from '../../../lib/staff-taps';
import { isTicketDone, withLineStatus } from './tickets';

export type KitchenTap = UnsentTap<'kitchen.bump' | 'kitchen.recall'>;

export interface ViewWithUnsentTaps {
  view: TKitchenView;
  /** By ticket key: the lines whose change still waits to be sent. */
  unsent: ReadonlyMap<string, ReadonlySet<number>>;
}

/** The lines of `lineIndexes` the tap can still move: a bump goes forward, a recall takes a ready line back. */
function movableLines(ticket: TKitchenTicket, tap: KitchenTap['tap']): number[] {
  const chosen = new Set(tap.lineIndexes);
  return ticket.lines
    .filter((line) => {
      if (!chosen.has(line.lineIndex)) return false;
      if (tap.kind === 'kitchen.recall') return line.kitchenStatus === 'ready';
      if (tap.status === 'preparing') return line.kitchenStatus === 'queued';
      return line.kitchenStatus === 'queued' || line.kitchenStatus === 'preparing';
    })
    .map((line) => line.lineIndex);
}

/**
 * The station's view as it will be once its bumps and recalls made offline land (they are drawn at
 * once, and again over every fresh read until they are sent), with the lines still waiting marked.
 * A tap that no longer fits (another tablet bumped the line further, the waiter voided it) changes
 * nothing on screen; its refusal, once sent, tells the cook.
 */
export function withUnsentTaps(view: TKitchenView, taps: readonly KitchenTap[]): ViewWithUnsentTaps {
  let next = view;
  const unsent = new Map<string, Set<number>>();
  const stationId = view.station.id;
  for (const { tap, waiting, at } of taps) {
    if (tap.stationId !== stationId) continue;
    const key = ticketKey(tap);
    const ticket =
      next.tickets.find((known) => ticketKey(known) === key) ??
      next.recent.find((known) => ticketKey(known) === key);
    if (!ticket) continue;
    const lines = movableLines(ticket, tap);
    if (lines.length > 0) {
      const status = tap.kind === 'kitchen.recall' ? 'preparing' : tap.status;
      const moved = withLineStatus(ticket, lines, status, new Date(at).toISOString());
      next = withKitchenTicket(next, { stationId, ticket: moved, done: isTicketDone(moved) });
    }
    if (waiting) {
      const marked = unsent.get(key) ?? new Set<number>();
      for (const index of tap.lineIndexes) marked.add(index);
      unsent.set(key, marked);
    }
  }
  return { view: next, unsent };
}
