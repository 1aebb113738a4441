import type { TKitchenLine, TKitchenTicket, TKitchenView, TStation } from '@tavolo/contract/kitchen';
import { allDayOf } from '@tavolo/contract/values/kitchen';
import { fakeId } from './menu-fixtures';

// Stations themselves: station-fixtures.ts.

/** A line of a ticket: one Margherita, queued. */
export function fakeKitchenLine(overrides: Partial<TKitchenLine> = {}): TKitchenLine {
  return {
    lineIndex: 0,
    menuItemId: fakeId(),
    name: 'Margherita',
    quantity: 1,
    voidedQuantity: 0,
    options: [],
    note: null,
    seat: null,
    kitchenStatus: 'queued',
    startedAt: null,
    readyAt: null,
    voidedAt: null,
    notice: null,
    ...overrides,
  };
}

let number = 100;

/** A fired ticket of course 1 at table 4, one queued line unless told. */
export function fakeKitchenTicket(overrides: Partial<TKitchenTicket> = {}): TKitchenTicket {
  number += 1;
  return {
    orderId: fakeId(),
    orderNumber: number,
    tableNumber: 4,
    course: 1,
    firedAt: new Date().toISOString(),
    takenBy: null,
    orderNote: null,
    lines: [fakeKitchenLine()],
    ...overrides,
  };
}

/** A station's view with these tickets (their all-day counts summed as the server does). */
export function fakeKitchenView(station: TStation, overrides: Partial<TKitchenView> = {}): TKitchenView {
  const tickets = overrides.tickets ?? [];
  return { station, tickets, recent: [], allDay: allDayOf(tickets), printer: null, ...overrides };
}

/** `minutes` ago, as an ISO instant. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
