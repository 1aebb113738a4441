import {
  allDayKey,
  RECALL_WINDOW_MINUTES,
  type TAllDayEntry,
  type TKitchenLine,
  type TKitchenTicket,
  type TStation,
} from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';

/*
 * An order as the stations see it (PRODUCT.md §10), without the database: its fired lines grouped
 * into tickets, one per station and course, and what each ticket adds to its station's all-day
 * panel. The kitchen keeper works these out for each order it hears of.
 */

/** A ticket with the station it belongs to. */
export type StationTicket = { key: string; stationId: string; ticket: TKitchenTicket };

/** One all-day row's part that one order brings to one station. */
export type AllDayPart = { stationId: string; key: string; entry: TAllDayEntry };

/** The restaurant's default station ("Kitchen"); the first one if none is marked. */
export function defaultStationOf(stations: readonly TStation[]): string {
  return stations.find((s) => s.isDefault)?.id ?? stations[0]?.id ?? '';
}

/**
 * Where a line shows, among these stations: its own station, or the default one when it names
 * none (placed before stations) or one since deleted.
 */
export function stationRouter(stations: readonly TStation[]): (stationId: string | null) => string {
  const known = new Set(stations.map((s) => s.id));
  const fallback = defaultStationOf(stations);
  return (stationId) => (stationId && known.has(stationId) ? stationId : fallback);
}

/**
 * Whether the ticket stays on its station's list: something still to make on it, or a void, change
 * or recall the cook has not acknowledged (a ticket whose only line was voided stays, struck through).
 */
export function isOpenTicket(ticket: TKitchenTicket): boolean {
  return ticket.lines.some(
    (line) => line.kitchenStatus === 'queued' || line.kitchenStatus === 'preparing' || line.notice !== null,
  );
}

/** When the ticket's last line was made ready; null while none is. */
export function lastReadyAt(ticket: TKitchenTicket): number | null {
  let last: number | null = null;
  for (const line of ticket.lines) {
    if (line.readyAt) last = Math.max(last ?? 0, Date.parse(line.readyAt));
  }
  return last;
}

/** A ticket done within the recall window: the station can still take it back. */
export function isRecallable(ticket: TKitchenTicket, now: number): boolean {
  if (isOpenTicket(ticket)) return false;
  const ready = lastReadyAt(ticket);
  return ready !== null && ready >= now - RECALL_WINDOW_MINUTES * 60_000;
}

/**
 * The order's tickets: its fired lines (voided ones too, struck through on the screen) by station
 * and course. A line whose station is gone, or that has none (placed before stations), goes to
 * `defaultStationId`. A completed order has none; a cancelled one only those still carrying a mark
 * the cook has not acknowledged (the VOID its cancellation left), which leave once it is.
 */
export function ticketsOfOrder(
  order: TOrder,
  stationOf: (stationId: string | null) => string,
): StationTicket[] {
  if (order.status === 'completed') return [];
  const tickets = firedTicketsOf(order, stationOf);
  if (order.status !== 'cancelled') return tickets;
  return tickets.filter(({ ticket }) => ticket.lines.some((line) => line.notice !== null));
}

function firedTicketsOf(order: TOrder, stationOf: (stationId: string | null) => string): StationTicket[] {
  const tickets = new Map<string, StationTicket>();
  order.items.forEach((line, lineIndex) => {
    if (line.firedAt === null || line.kitchenStatus === 'held') return;
    const stationId = stationOf(line.stationId);
    const course = line.course ?? 0;
    const key = `${order.id}|${stationId}|${course}`;
    let held = tickets.get(key);
    if (!held) {
      held = {
        key,
        stationId,
        ticket: {
          orderId: order.id,
          orderNumber: order.number,
          tableNumber: order.tableNumber,
          course,
          firedAt: line.firedAt,
          takenBy: order.takenBy?.name ?? null,
          orderNote: order.note,
          lines: [],
        },
      };
      tickets.set(key, held);
    }
    if (line.firedAt < held.ticket.firedAt) held.ticket.firedAt = line.firedAt;
    const kitchenLine: TKitchenLine = {
      lineIndex,
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      voidedQuantity: line.voidedQuantity,
      options: line.options.map(({ group, choice }) => ({ group, choice })),
      note: line.note,
      seat: line.seat,
      kitchenStatus: line.kitchenStatus,
      startedAt: line.startedAt,
      readyAt: line.readyAt,
      voidedAt: line.voidedAt,
      notice: line.kitchenNotice,
    };
    held.ticket.lines.push(kitchenLine);
  });
  return [...tickets.values()];
}

/** What the tickets add to their stations' all-day panels: the units queued or preparing. */
export function allDayPartsOf(tickets: readonly StationTicket[]): AllDayPart[] {
  const parts: AllDayPart[] = [];
  for (const { stationId, ticket } of tickets) {
    for (const line of ticket.lines) {
      if (line.kitchenStatus !== 'queued' && line.kitchenStatus !== 'preparing') continue;
      if (line.quantity <= 0) continue;
      parts.push({
        stationId,
        key: allDayKey(line.menuItemId, line.options),
        entry: {
          menuItemId: line.menuItemId,
          name: line.name,
          options: line.options,
          quantity: line.quantity,
        },
      });
    }
  }
  return parts;
}

/** Oldest fired first; of two fired together, the lower order number. */
export function compareTickets(a: TKitchenTicket, b: TKitchenTicket): number {
  return a.firedAt.localeCompare(b.firedAt) || a.orderNumber - b.orderNumber || a.course - b.course;
}
