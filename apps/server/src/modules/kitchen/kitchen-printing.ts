import type { TKitchenTicket, TPrinterStatus, TStation } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { KitchenPrinter } from '../printing/kitchen-printer';
import type { KitchenTicketPrint } from '../printing/kitchen-ticket';
import { findRestaurantRow } from '../restaurants/restaurants.service';
import { listStations } from '../stations/stations.service';
import { stationRouter, ticketsOfOrder } from './kitchen-tickets';
import { TICKET_LABELS, TICKET_LOCALES } from './ticket-labels';

declare module '../../core/context' {
  interface AppServices {
    /** Prints the tickets this instance fires on their stations' printers (decision 034). */
    kitchenPrints: KitchenPrints;
  }
}

/**
 * The kitchen's side of printing: the instance that commits a firing (an order placed, a course
 * fired) hands each newly fired ticket of a station with a printer to the printer service, which
 * writes it down once (print_jobs) and prints it, retrying while the printer fails. Each
 * restaurant's stations are held until the database says they changed (the stations' trigger
 * notifies tavolo_menu), so restaurants without printers cost nothing on each order.
 */
export function createKitchenPrints(options: { db: Db; printer: KitchenPrinter; log: FastifyBaseLogger }) {
  const { db, printer, log } = options;
  const stations = new Map<string, TStation[]>();
  /** While the notifications are not heard, nothing is taken as read. */
  let listening = false;

  async function stationsOf(restaurantId: string): Promise<TStation[]> {
    const held = listening ? stations.get(restaurantId) : undefined;
    if (held) return held;
    const items = await listStations(db, restaurantId);
    stations.set(restaurantId, items);
    if (stations.size > 5_000) stations.delete(stations.keys().next().value!);
    return items;
  }

  async function toPrint(
    restaurantId: string,
    station: TStation,
    order: TOrder,
    ticket: TKitchenTicket,
    reprint: boolean,
  ): Promise<{ print: KitchenTicketPrint; layout: { labels: object; locale: string } }> {
    const restaurant = await findRestaurantRow(db, restaurantId);
    const language = restaurant?.languages[0] ?? 'en';
    return {
      print: {
        restaurantId,
        stationId: station.id,
        stationName: station.name,
        orderId: order.id,
        orderNumber: order.number,
        tableNumber: order.tableNumber,
        course: ticket.course,
        firedAt: ticket.firedAt,
        timezone: restaurant?.timezone ?? 'UTC',
        takenBy: ticket.takenBy,
        note: ticket.orderNote,
        lines: ticket.lines.map((line) => {
          // A line its order's cancellation voided keeps its units: they print as voided.
          const cancelled = line.kitchenStatus === 'voided' && line.quantity > 0;
          return {
            name: line.name,
            quantity: cancelled ? 0 : line.quantity,
            options: line.options,
            note: line.note,
            seat: line.seat,
            voidedQuantity: cancelled ? line.quantity + line.voidedQuantity : line.voidedQuantity,
          };
        }),
        reprint,
      },
      layout: { labels: TICKET_LABELS[language], locale: TICKET_LOCALES[language] },
    };
  }

  /** The order's tickets at its restaurant's stations as they are now. */
  function ticketsAt(order: TOrder, items: TStation[]) {
    return ticketsOfOrder(order, stationRouter(items));
  }

  return {
    /** The restaurant's stations changed (or any restaurant's, without one named). */
    forget(restaurantId?: string) {
      if (restaurantId && restaurantId !== '*') stations.delete(restaurantId);
      else stations.clear();
    },
    setListening(now: boolean) {
      listening = now;
      if (!now) stations.clear();
    },
    /**
     * Prints the order's fired tickets (those `which` picks: a course just fired; all of a new
     * order) at stations with a printer. Called once the firing is committed; never fails it (a
     * ticket that cannot be handed over is logged).
     */
    async fired(
      order: TOrder,
      restaurantId: string,
      which: (ticket: TKitchenTicket) => boolean = () => true,
    ) {
      try {
        const items = await stationsOf(restaurantId);
        if (!items.some((s) => s.printer)) return;
        for (const held of ticketsAt(order, items)) {
          const station = items.find((s) => s.id === held.stationId);
          if (!station?.printer || !which(held.ticket)) continue;
          const { print, layout } = await toPrint(restaurantId, station, order, held.ticket, false);
          await printer.submit(db, print, station.printer, layout);
        }
      } catch (error) {
        log.error(
          { err: error, restaurantId, orderId: order.id },
          'could not hand a kitchen ticket to its printer',
        );
      }
    },
    /**
     * Units of a fired line were voided: its station's printer, if it has one, prints a VOID slip
     * with the line (what is left, and the voided units in reverse). Never fails the void.
     */
    async voided(order: TOrder, restaurantId: string, lineIndex: number) {
      try {
        const items = await stationsOf(restaurantId);
        if (!items.some((s) => s.printer)) return;
        const held = ticketsAt(order, items).find((t) =>
          t.ticket.lines.some((l) => l.lineIndex === lineIndex),
        );
        const station = held && items.find((s) => s.id === held.stationId);
        if (!held || !station?.printer) return;
        const slip = { ...held.ticket, lines: held.ticket.lines.filter((l) => l.lineIndex === lineIndex) };
        const { print, layout } = await toPrint(restaurantId, station, order, slip, true);
        await printer.reprint(db, { ...print, voidSlip: true }, station.printer, layout);
      } catch (error) {
        log.error({ err: error, restaurantId, orderId: order.id }, 'could not print a void slip');
      }
    },
    /**
     * The order was cancelled: each station with a printer prints a VOID slip of the lines the
     * cancellation (made `at`) marked on its tickets. Never fails the cancellation.
     */
    async cancelled(order: TOrder, restaurantId: string, at: string) {
      try {
        const items = await stationsOf(restaurantId);
        if (!items.some((s) => s.printer)) return;
        for (const held of ticketsAt(order, items)) {
          const station = items.find((s) => s.id === held.stationId);
          const lines = held.ticket.lines.filter((l) => l.notice?.kind === 'voided' && l.notice.at === at);
          if (!station?.printer || lines.length === 0) continue;
          const slip = { ...held.ticket, lines };
          const { print, layout } = await toPrint(restaurantId, station, order, slip, true);
          await printer.reprint(db, { ...print, voidSlip: true }, station.printer, layout);
        }
      } catch (error) {
        log.error({ err: error, restaurantId, orderId: order.id }, 'could not print a void slip');
      }
    },
    /** Prints a ticket again, marked as a reprint; answers the printer's status. */
    async reprint(restaurantId: string, station: TStation, order: TOrder, ticket: TKitchenTicket) {
      const { print, layout } = await toPrint(restaurantId, station, order, ticket, true);
      return printer.reprint(db, print, station.printer!, layout);
    },
    /** A station's printer as every instance sees it; null without a printer. */
    async status(restaurantId: string, station: TStation): Promise<TPrinterStatus | null> {
      if (!station.printer) return null;
      return printer.readStatus(db, restaurantId, station.id);
    },
  };
}

export type KitchenPrints = ReturnType<typeof createKitchenPrints>;
