import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { describe, expect, it } from 'vitest';
import { ticketKey } from '../../../lib/kitchen';
import { fakeKitchenLine, fakeKitchenTicket, fakeKitchenView } from '../../../testing/kitchen-fixtures';
import { fakeKitchen, fakeStation } from '../../../testing/station-fixtures';
import { type KitchenTap, withUnsentTaps } from './unsent-taps';

const grill = fakeKitchen();
const AT = Date.parse('2026-05-01T20:00:00Z');

function twoLines(): TKitchenTicket {
  return fakeKitchenTicket({
    lines: [
      fakeKitchenLine({ lineIndex: 0, name: 'Tagliata' }),
      fakeKitchenLine({ lineIndex: 1, name: 'Provola', quantity: 2 }),
    ],
  });
}

function tapOn(
  ticket: TKitchenTicket,
  lineIndexes: number[],
  how: 'preparing' | 'ready' | 'recall',
  { waiting = true, stationId = grill.id } = {},
): KitchenTap {
  const common = {
    stationId,
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    tableNumber: ticket.tableNumber,
    course: ticket.course,
    lineIndexes,
    dishes: [],
    by: { userId: 'cook', restaurantId: 'r' },
  };
  return {
    id: `${how}-${lineIndexes.join()}`,
    waiting,
    at: AT,
    tap:
      how === 'recall'
        ? { kind: 'kitchen.recall', ...common }
        : { kind: 'kitchen.bump', status: how, ...common },
  };
}

describe('a station with bumps made offline', () => {
  it('draws them over the server’s tickets, in order, and marks the lines still waiting', () => {
    const ticket = twoLines();
    const view = fakeKitchenView(grill, { tickets: [ticket] });
    const { view: shown, unsent } = withUnsentTaps(view, [
      tapOn(ticket, [0], 'preparing'),
      tapOn(ticket, [0], 'ready'),
      tapOn(ticket, [1], 'preparing'),
    ]);
    expect(shown.tickets[0]?.lines.map((line) => line.kitchenStatus)).toEqual(['ready', 'preparing']);
    expect(shown.tickets[0]?.lines[0]?.readyAt).toBe(new Date(AT).toISOString());
    expect([...(unsent.get(ticketKey(ticket)) ?? [])]).toEqual([0, 1]);
    // The all-day counts follow: only what is still to make.
    expect(shown.allDay.map((entry) => [entry.name, entry.quantity])).toEqual([['Provola', 2]]);
  });

  it('moves a ticket bumped whole to the recent ones, and a recall brings it back', () => {
    const ticket = twoLines();
    const view = fakeKitchenView(grill, { tickets: [ticket] });
    const bumped = withUnsentTaps(view, [tapOn(ticket, [0, 1], 'ready')]).view;
    expect(bumped.tickets).toEqual([]);
    expect(bumped.recent.map(ticketKey)).toEqual([ticketKey(ticket)]);
    const recalled = withUnsentTaps(view, [tapOn(ticket, [0, 1], 'ready'), tapOn(ticket, [1], 'recall')]);
    expect(recalled.view.tickets[0]?.lines.map((line) => line.kitchenStatus)).toEqual(['ready', 'preparing']);
  });

  it('keeps drawing a sent tap until the data is read again, without the mark', () => {
    const ticket = twoLines();
    const view = fakeKitchenView(grill, { tickets: [ticket] });
    const { view: shown, unsent } = withUnsentTaps(view, [
      tapOn(ticket, [0], 'preparing', { waiting: false }),
    ]);
    expect(shown.tickets[0]?.lines[0]?.kitchenStatus).toBe('preparing');
    expect(unsent.size).toBe(0);
  });

  it('leaves alone what no longer fits (bumped further elsewhere, voided), still marking it', () => {
    const ticket = fakeKitchenTicket({
      lines: [
        fakeKitchenLine({
          lineIndex: 0,
          kitchenStatus: 'ready',
          readyAt: new Date(AT - 60_000).toISOString(),
        }),
        fakeKitchenLine({ lineIndex: 1, kitchenStatus: 'voided' }),
        fakeKitchenLine({ lineIndex: 2 }),
      ],
    });
    const view = fakeKitchenView(grill, { tickets: [ticket] });
    const { view: shown, unsent } = withUnsentTaps(view, [tapOn(ticket, [0, 1], 'preparing')]);
    expect(shown.tickets[0]?.lines.map((line) => line.kitchenStatus)).toEqual(['ready', 'voided', 'queued']);
    expect([...(unsent.get(ticketKey(ticket)) ?? [])]).toEqual([0, 1]);
  });

  it('ignores another station’s taps and tickets it does not hold', () => {
    const ticket = twoLines();
    const view = fakeKitchenView(grill, { tickets: [ticket] });
    const elsewhere = withUnsentTaps(view, [
      tapOn(ticket, [0], 'ready', { stationId: fakeStation().id }),
      tapOn(twoLines(), [0], 'ready'),
    ]);
    expect(elsewhere.view).toBe(view);
    expect(elsewhere.unsent.has(ticketKey(ticket))).toBe(false);
  });
});
