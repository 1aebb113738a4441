import { hashKey, type QueryClient } from '@tanstack/react-query';
import type {
  TKitchenTicket,
  TKitchenUpdatedData,
  TKitchenView,
  TStation,
  TStationList,
} from '@tavolo/contract/kitchen';
import { allDayOf } from '@tavolo/contract/values/kitchen';

// Here rather than in a feature: the dashboard's one live connection (the orders feature) keeps the
// station screens fresh from `kitchen.updated` and `stations.updated`, while the kitchen feature
// reads and changes them.

/** Every kitchen query of a restaurant starts with this key: stations, station views, prep times. */
export const kitchenQueryKey = (restaurantId: string) => ['kitchen', restaurantId] as const;

/** Every station's view (GET /api/kitchen) of a restaurant. */
export const kitchenViewsQueryKey = (restaurantId: string) =>
  [...kitchenQueryKey(restaurantId), 'view'] as const;

export const kitchenViewQueryKey = (restaurantId: string, stationId: string) =>
  [...kitchenViewsQueryKey(restaurantId), stationId] as const;

/** The stations list (lib/get-stations.ts), held as the array of stations. */
export const stationsQueryKey = (restaurantId: string) =>
  [...kitchenQueryKey(restaurantId), 'stations'] as const;

/** A ticket is one order's lines of one course at one station: the order and the course name it. */
export function ticketKey(ticket: Pick<TKitchenTicket, 'orderId' | 'course'>): string {
  return `${ticket.orderId}:${ticket.course}`;
}

/** Oldest fired first, as the server lists them; the order number, then the course, break ties. */
export function compareTicketsOldestFirst(a: TKitchenTicket, b: TKitchenTicket): number {
  return (
    Date.parse(a.firedAt) - Date.parse(b.firedAt) || a.orderNumber - b.orderNumber || a.course - b.course
  );
}

/** When the ticket's last line was made ready (0 when none is): recent bumps go newest first. */
function lastReadyAt(ticket: TKitchenTicket): number {
  return Math.max(0, ...ticket.lines.map((line) => (line.readyAt ? Date.parse(line.readyAt) : 0)));
}

/** How many recent bumps a screen keeps between two reads (the server keeps the last ten minutes). */
export const RECENT_TICKETS_KEPT = 20;

/**
 * A station's view with one ticket as it is now: replaced in place (oldest first), or — `done` —
 * gone from the tickets to make and first among the recent bumps when something of it was made
 * ready (a ticket voided whole just leaves). The all-day counts follow the tickets. Another
 * station's ticket changes nothing.
 */
export function withKitchenTicket(view: TKitchenView, update: TKitchenUpdatedData): TKitchenView {
  if (update.stationId !== view.station.id) return view;
  const { ticket, done } = update;
  const key = ticketKey(ticket);
  const tickets = view.tickets.filter((known) => ticketKey(known) !== key);
  let recent = view.recent.filter((known) => ticketKey(known) !== key);
  if (done) {
    if (ticket.lines.some((line) => line.kitchenStatus === 'ready'))
      recent = [ticket, ...recent]
        .sort((a, b) => lastReadyAt(b) - lastReadyAt(a))
        .slice(0, RECENT_TICKETS_KEPT);
  } else {
    tickets.push(ticket);
    tickets.sort(compareTicketsOldestFirst);
  }
  return { ...view, tickets, recent, allDay: allDayOf(tickets) };
}

/**
 * Puts a changed ticket into every cached view of its station. While a view is being read, the
 * answer may predate the event: it is applied again once the answer lands (applying twice changes
 * nothing).
 */
export function applyKitchenUpdate(
  queryClient: QueryClient,
  restaurantId: string,
  update: TKitchenUpdatedData,
) {
  const prefix = kitchenViewsQueryKey(restaurantId);
  const apply = (queryKey: readonly unknown[]) =>
    queryClient.setQueryData<TKitchenView>(queryKey, (view) => view && withKitchenTicket(view, update));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    apply(query.queryKey);
    if (query.state.fetchStatus !== 'fetching') continue;
    const hash = hashKey(query.queryKey);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash || event.query.state.fetchStatus !== 'idle') return;
      unsubscribe();
      apply(event.query.queryKey);
    });
  }
}

/**
 * Stations were added, renamed or given a printer: the list as the event carries it, in the one
 * stations cache every screen reads (settings, categories, dishes, the kitchen's), and each
 * station's view read again (its name and printer are in it).
 */
export function applyStations(queryClient: QueryClient, restaurantId: string, stations: TStationList) {
  queryClient.setQueryData<TStation[]>(stationsQueryKey(restaurantId), stations.items);
  void queryClient.invalidateQueries({ queryKey: kitchenViewsQueryKey(restaurantId) });
}
