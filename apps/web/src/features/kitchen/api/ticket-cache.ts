import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TKitchenTicket, TKitchenView } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import { isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { kitchenViewQueryKey, ticketKey, withKitchenTicket } from '../../../lib/kitchen';
import { isTicketDone, ticketFromOrder, withLineStatus, withoutNotices } from '../model/tickets';

/** What a change of lines needs to undo itself: the ticket as it was, and where (to make, or recent). */
export type TicketSnapshot = { ticket: TKitchenTicket; done: boolean } | undefined;

/** The ticket of `key` in the view, to make or among the recent bumps. */
function findTicket(view: TKitchenView | undefined, key: string): TicketSnapshot {
  const open = view?.tickets.find((ticket) => ticketKey(ticket) === key);
  if (open) return { ticket: open, done: false };
  const recent = view?.recent.find((ticket) => ticketKey(ticket) === key);
  return recent ? { ticket: recent, done: true } : undefined;
}

function putTicket(
  queryClient: QueryClient,
  viewKey: readonly unknown[],
  stationId: string,
  ticket: TKitchenTicket,
  done: boolean,
) {
  queryClient.setQueryData<TKitchenView>(
    viewKey,
    (view) => view && withKitchenTicket(view, { stationId, ticket, done }),
  );
}

/**
 * How a station's bumps and recalls show at once (a cook taps and turns back to the stove): the
 * lines move before the server answers, move back if it refuses, and take the server's word when
 * it answers. A refusal means the screen is behind (someone else bumped, the waiter voided): it is
 * read again.
 */
export function useTicketCache(stationId: string) {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const viewKey = kitchenViewQueryKey(restaurant.id, stationId);
  return {
    async move(
      ticket: TKitchenTicket,
      lineIndexes: readonly number[],
      status: 'preparing' | 'ready',
    ): Promise<TicketSnapshot> {
      await queryClient.cancelQueries({ queryKey: viewKey, exact: true });
      const snapshot = findTicket(queryClient.getQueryData<TKitchenView>(viewKey), ticketKey(ticket));
      const moved = withLineStatus(snapshot?.ticket ?? ticket, lineIndexes, status, new Date().toISOString());
      putTicket(queryClient, viewKey, stationId, moved, isTicketDone(moved));
      return snapshot;
    },
    /** The lines' marks go at once (the cook saw them); a ticket with nothing else on it leaves. */
    async acknowledge(ticket: TKitchenTicket, lineIndexes: readonly number[]): Promise<TicketSnapshot> {
      await queryClient.cancelQueries({ queryKey: viewKey, exact: true });
      const snapshot = findTicket(queryClient.getQueryData<TKitchenView>(viewKey), ticketKey(ticket));
      const seen = withoutNotices(snapshot?.ticket ?? ticket, lineIndexes);
      putTicket(queryClient, viewKey, stationId, seen, isTicketDone(seen));
      return snapshot;
    },
    restore(snapshot: TicketSnapshot, error: unknown) {
      if (snapshot) putTicket(queryClient, viewKey, stationId, snapshot.ticket, snapshot.done);
      if (isHttpError(error)) void queryClient.invalidateQueries({ queryKey: viewKey, exact: true });
    },
    settle(ticket: TKitchenTicket, order: TOrder) {
      const current = findTicket(queryClient.getQueryData<TKitchenView>(viewKey), ticketKey(ticket));
      if (!current) return;
      const settled = ticketFromOrder(current.ticket, order);
      putTicket(queryClient, viewKey, stationId, settled, isTicketDone(settled));
    },
  };
}
