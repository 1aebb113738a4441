import { sortAllDay, type TAllDayEntry, type TKitchenTicket, type TStation } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import {
  type AllDayPart,
  allDayPartsOf,
  compareTickets,
  defaultStationOf,
  isOpenTicket,
  isRecallable,
  lastReadyAt,
  type StationTicket,
  stationRouter,
  ticketsOfOrder,
} from './kitchen-tickets';

/** Orders remembered as gone, the oldest forgotten first (their late copies come within moments). */
const MAX_GONE = 5_000;

/** A ticket that changed on a station: as it is now, and whether it left the station's list. */
export type TicketChange = { stationId: string; ticket: TKitchenTicket; done: boolean };

/**
 * One restaurant's kitchen as the keeper holds it, without the database or the events: its open
 * orders' tickets by station and each station's all-day sums, kept by taking each order's old part
 * off and adding its new one (decision 033).
 */
export function createKitchenBook(stations: TStation[]) {
  let stationList = stations;
  let stationOf = stationRouter(stations);
  const orders = new Map<string, { version: number; tickets: StationTicket[]; parts: AllDayPart[] }>();
  const allDay = new Map<string, Map<string, TAllDayEntry>>();
  /** Orders that left the kitchen (completed, cancelled) with their last version: older copies stay out. */
  const gone = new Map<string, number>();

  function addParts(parts: readonly AllDayPart[], sign: 1 | -1) {
    for (const part of parts) {
      let rows = allDay.get(part.stationId);
      if (!rows) {
        rows = new Map();
        allDay.set(part.stationId, rows);
      }
      const quantity = (rows.get(part.key)?.quantity ?? 0) + sign * part.entry.quantity;
      if (quantity <= 0) rows.delete(part.key);
      else rows.set(part.key, { ...part.entry, quantity });
    }
  }

  return {
    get stations(): TStation[] {
      return stationList;
    },
    get defaultStationId() {
      return defaultStationOf(stationList);
    },
    /**
     * Takes the order as it now is, unless a copy as new or newer is held; answers the tickets that
     * changed (none for an older copy).
     */
    apply(order: TOrder): TicketChange[] {
      const held = orders.get(order.id);
      if (held && held.version >= order.version) return [];
      if ((gone.get(order.id) ?? 0) >= order.version) return [];
      const tickets = ticketsOfOrder(order, stationOf);
      const parts = allDayPartsOf(tickets);
      if (held) addParts(held.parts, -1);
      addParts(parts, 1);
      if (tickets.length > 0) orders.set(order.id, { version: order.version, tickets, parts });
      else {
        orders.delete(order.id);
        gone.set(order.id, order.version);
        if (gone.size > MAX_GONE) gone.delete(gone.keys().next().value!);
      }
      const changes: TicketChange[] = [];
      const before = new Map((held?.tickets ?? []).map((t) => [t.key, t]));
      for (const now of tickets) {
        const was = before.get(now.key);
        before.delete(now.key);
        if (was && JSON.stringify(was.ticket) === JSON.stringify(now.ticket)) continue;
        changes.push({ stationId: now.stationId, ticket: now.ticket, done: !isOpenTicket(now.ticket) });
      }
      // Tickets gone (the order cancelled or completed, every line moved elsewhere): done.
      for (const gone of before.values())
        changes.push({ stationId: gone.stationId, ticket: gone.ticket, done: true });
      return changes;
    },
    /** Stations changed: every order's tickets go where the stations now are. */
    restation(next: TStation[]) {
      stationList = next;
      stationOf = stationRouter(next);
      allDay.clear();
      for (const [id, held] of orders) {
        const tickets = held.tickets.map((t) => ({ ...t, stationId: stationOf(t.stationId) }));
        const parts = allDayPartsOf(tickets);
        addParts(parts, 1);
        orders.set(id, { ...held, tickets, parts });
      }
    },
    /** A station's tickets to make (oldest first), its recent ones (newest first) and all-day sums. */
    stationView(stationId: string, now: number) {
      const tickets: TKitchenTicket[] = [];
      const recent: TKitchenTicket[] = [];
      for (const order of orders.values()) {
        for (const held of order.tickets) {
          if (held.stationId !== stationId) continue;
          if (isOpenTicket(held.ticket)) tickets.push(held.ticket);
          else if (isRecallable(held.ticket, now)) recent.push(held.ticket);
        }
      }
      tickets.sort(compareTickets);
      recent.sort((a, b) => (lastReadyAt(b) ?? 0) - (lastReadyAt(a) ?? 0));
      return { tickets, recent: recent.slice(0, 20), allDay: this.allDayOf(stationId) };
    },
    allDayOf(stationId: string): TAllDayEntry[] {
      return sortAllDay([...(allDay.get(stationId)?.values() ?? [])]);
    },
    /** Every ticket held of a station, done or not (tests). */
    ticketsOf(stationId: string): TKitchenTicket[] {
      return [...orders.values()].flatMap((o) =>
        o.tickets.filter((t) => t.stationId === stationId).map((t) => t.ticket),
      );
    },
  };
}

export type KitchenBook = ReturnType<typeof createKitchenBook>;
