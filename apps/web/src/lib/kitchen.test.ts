import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeKitchenLine, fakeKitchenTicket, fakeKitchenView, minutesAgo } from '../testing/kitchen-fixtures';
import { fakeStation } from '../testing/station-fixtures';
import { stationsQueryOptions } from './get-stations';
import { applyStations, kitchenViewQueryKey, withKitchenTicket } from './kitchen';

describe('a station view kept from kitchen.updated', () => {
  const grill = fakeStation({ name: 'Grill' });
  const steak = fakeKitchenLine({ name: 'Steak', quantity: 2 });
  const older = fakeKitchenTicket({ firedAt: minutesAgo(12), lines: [steak] });
  const newer = fakeKitchenTicket({ firedAt: minutesAgo(3), lines: [fakeKitchenLine({ name: 'Burger' })] });

  it('puts a new ticket in its place, oldest fired first, and counts it all day', () => {
    const view = fakeKitchenView(grill, { tickets: [newer] });
    const next = withKitchenTicket(view, { stationId: grill.id, ticket: older, done: false });
    expect(next.tickets.map((ticket) => ticket.orderNumber)).toEqual([older.orderNumber, newer.orderNumber]);
    expect(next.allDay.map((entry) => [entry.name, entry.quantity])).toEqual([
      ['Steak', 2],
      ['Burger', 1],
    ]);
  });

  it('replaces a changed ticket, and moves a done one to the recent bumps (newest first)', () => {
    const view = fakeKitchenView(grill, { tickets: [older, newer] });
    const started = {
      ...older,
      lines: [{ ...steak, kitchenStatus: 'preparing' as const, startedAt: minutesAgo(1) }],
    };
    const after = withKitchenTicket(view, { stationId: grill.id, ticket: started, done: false });
    expect(after.tickets[0]?.lines[0]?.kitchenStatus).toBe('preparing');
    expect(after.tickets).toHaveLength(2);

    const ready = {
      ...started,
      lines: [{ ...started.lines[0]!, kitchenStatus: 'ready' as const, readyAt: minutesAgo(0) }],
    };
    const done = withKitchenTicket(after, { stationId: grill.id, ticket: ready, done: true });
    expect(done.tickets.map((ticket) => ticket.orderNumber)).toEqual([newer.orderNumber]);
    expect(done.recent.map((ticket) => ticket.orderNumber)).toEqual([older.orderNumber]);
    expect(done.allDay.map((entry) => entry.name)).toEqual(['Burger']);
  });

  it('leaves another station alone, and drops a ticket voided whole without a recent bump', () => {
    const view = fakeKitchenView(grill, { tickets: [older] });
    expect(withKitchenTicket(view, { stationId: fakeStation().id, ticket: newer, done: false })).toBe(view);
    const voided = {
      ...older,
      lines: [{ ...steak, quantity: 0, voidedQuantity: 2, kitchenStatus: 'voided' as const }],
    };
    const next = withKitchenTicket(view, { stationId: grill.id, ticket: voided, done: true });
    expect(next.tickets).toEqual([]);
    expect(next.recent).toEqual([]);
  });
});

describe('stations kept from stations.updated', () => {
  it('writes the list where every screen reads it, and reads the station views again', () => {
    const queryClient = new QueryClient();
    const restaurantId = 'r1';
    const grill = fakeStation({ name: 'Grill' });
    const viewKey = kitchenViewQueryKey(restaurantId, grill.id);
    queryClient.setQueryData(viewKey, fakeKitchenView(grill));
    const renamed = { ...grill, name: 'Charcoal grill' };

    applyStations(queryClient, restaurantId, { items: [renamed] });

    expect(queryClient.getQueryData(stationsQueryOptions(restaurantId).queryKey)).toEqual([renamed]);
    expect(queryClient.getQueryState(viewKey)?.isInvalidated).toBe(true);
  });
});
