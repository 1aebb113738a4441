import type { TKitchenStats, TKitchenTicket, TKitchenView, TStation } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import { allDayOf } from '@tavolo/contract/values/kitchen';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, type FetchHandler, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeKitchenLine, fakeKitchenTicket, minutesAgo } from '../../../testing/kitchen-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';
import { fakeKitchen, fakeStation } from '../../../testing/station-fixtures';

const RID = ME.restaurantId;
const COOK = staffSession(['orders.view', 'orders.manage']);

const kitchen = fakeKitchen();
const grill = fakeStation({ name: 'Grill' });
const bar = fakeStation({ name: 'Bar' });
const STATIONS: TStation[] = [kitchen, grill, bar];
const BURGER = '00000000-0000-4000-8000-00000000b001';

type Server = {
  /** Each station's tickets to make and recent bumps, as GET /api/kitchen answers. */
  views: Map<string, Pick<TKitchenView, 'tickets' | 'recent'>>;
  orders: TOrder[];
  stats?: TKitchenStats;
};

/** The order a ticket belongs to, its lines at their places, as bump and recall answer it. */
function orderOf(ticket: TKitchenTicket): TOrder {
  const items = [];
  for (const line of ticket.lines)
    items[line.lineIndex] = fakeOrderLine({
      name: line.name,
      kitchenStatus: line.kitchenStatus,
      startedAt: line.startedAt,
      readyAt: line.readyAt,
    });
  return fakeOrder({
    id: ticket.orderId,
    number: ticket.orderNumber,
    items: [...items].map((item) => item ?? fakeOrderLine()),
  });
}

/** The lines of a ticket moved as the server would move them. */
function moved(ticket: TKitchenTicket, lineIndexes: number[], status: 'preparing' | 'ready'): TKitchenTicket {
  const at = new Date().toISOString();
  return {
    ...ticket,
    lines: ticket.lines.map((line) =>
      lineIndexes.includes(line.lineIndex)
        ? {
            ...line,
            kitchenStatus: status,
            startedAt: line.startedAt ?? at,
            readyAt: status === 'ready' ? at : null,
          }
        : line,
    ),
  };
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

function stubServer(server: Server, extra?: FetchHandler) {
  return stubFetch(async (request) => {
    const { url, method, init } = request;
    if (extra) {
      const answer = await extra(request);
      if (answer.status !== 599) return answer;
    }
    if (url.pathname === '/auth/me') return jsonResponse(200, COOK);
    if (url.pathname === `/api/orders/restaurant/${RID}`)
      return jsonResponse(200, { items: server.orders, total: server.orders.length, page: 1, pageSize: 100 });
    if (url.pathname === '/api/service-requests') return jsonResponse(200, { items: [] });
    if (url.pathname === `/api/tables/restaurant/${RID}/bills`)
      return jsonResponse(200, { currency: 'EUR', items: [] });
    if (url.pathname === '/api/stations') return jsonResponse(200, { items: STATIONS });
    if (url.pathname === '/api/kitchen/stats')
      return jsonResponse(
        200,
        server.stats ?? { from: minutesAgo(60), to: minutesAgo(0), stations: [], dishes: [] },
      );
    if (url.pathname === '/api/kitchen' && method === 'GET') {
      const station = STATIONS.find((one) => one.id === (url.searchParams.get('stationId') ?? kitchen.id));
      if (!station) return errorResponse(404, 'NOT_FOUND', 'Station not found');
      const { tickets, recent } = server.views.get(station.id) ?? { tickets: [], recent: [] };
      return jsonResponse(200, { station, tickets, recent, allDay: allDayOf(tickets), printer: null });
    }
    if (url.pathname === '/api/kitchen/bump' || url.pathname === '/api/kitchen/recall') {
      const { orderId, lineIndexes, status = 'preparing' } = bodyOf(init);
      for (const view of server.views.values()) {
        const ticket = [...view.tickets, ...view.recent].find((one) => one.orderId === orderId);
        if (ticket) return jsonResponse(200, orderOf(moved(ticket, lineIndexes, status)));
      }
      return errorResponse(404, 'NOT_FOUND', 'Order not found');
    }
    return errorResponse(404, 'NOT_FOUND', `Not stubbed: ${method} ${url.pathname}`);
  });
}

/** An answer that lets the stub's own routes answer instead. */
const pass = () => new Response(null, { status: 599 });

beforeEach(() => {
  // The roomy layout unless a test asks for the compact one (happy-dom's window is 1024×768).
  localStorage.setItem('tavolo.kitchen.compact', 'off');
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const tickets = () => screen.queryAllByTestId('kitchen-ticket');
const numbers = () => tickets().map((ticket) => Number(ticket.dataset.orderNumber));
const ticketOf = (number: number) => {
  const found = tickets().find((ticket) => ticket.dataset.orderNumber === String(number));
  if (!found) throw new Error(`no ticket #${number}`);
  return found;
};
const lineOf = (number: number, lineIndex: number) => {
  const found = ticketOf(number).querySelector<HTMLElement>(`[data-line-index="${lineIndex}"]`);
  if (!found) throw new Error(`no line ${lineIndex} on #${number}`);
  return found;
};
/** A key of the bump bar, pressed wherever the focus is. */
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const requests = (fetch: ReturnType<typeof stubServer>, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).split('?')[0] === path && init?.method === 'POST')
    .map(([, init]) => bodyOf(init as RequestInit));

async function openStation() {
  renderApp('/dashboard/kitchen');
  await screen.findByRole('heading', { name: 'Kitchen', level: 1 }, { timeout: 5_000 });
}

/** The grill: a steak fired 16 minutes ago, burgers 9 minutes ago, a fresh salad. */
function grillServer(): Server {
  const steak = fakeKitchenTicket({
    orderNumber: 41,
    tableNumber: 7,
    course: 1,
    firedAt: minutesAgo(16),
    takenBy: 'Sara Esposito',
    orderNote: 'Birthday: candle on the dessert',
    lines: [
      fakeKitchenLine({
        lineIndex: 0,
        name: 'Ribeye',
        quantity: 2,
        options: [{ group: 'Cooking', choice: 'Medium rare' }],
        note: 'No salt',
        seat: 2,
      }),
      fakeKitchenLine({
        lineIndex: 1,
        name: 'Fries',
        quantity: 1,
        voidedQuantity: 1,
        kitchenStatus: 'preparing',
      }),
    ],
  });
  const burgers = fakeKitchenTicket({
    orderNumber: 42,
    tableNumber: 12,
    course: 0,
    firedAt: minutesAgo(9),
    lines: [fakeKitchenLine({ lineIndex: 0, menuItemId: BURGER, name: 'Burger', quantity: 3 })],
  });
  const salad = fakeKitchenTicket({
    orderNumber: 43,
    tableNumber: 3,
    course: 2,
    firedAt: minutesAgo(1),
    lines: [
      fakeKitchenLine({ lineIndex: 0, menuItemId: BURGER, name: 'Burger', quantity: 1 }),
      fakeKitchenLine({ lineIndex: 3, name: 'Caesar salad', quantity: 1 }),
    ],
  });
  return {
    // The server lists them oldest first; the screen keeps that order.
    views: new Map([[grill.id, { tickets: [steak, burgers, salad], recent: [] }]]),
    orders: [],
    stats: {
      from: minutesAgo(600),
      to: minutesAgo(0),
      stations: [{ stationId: grill.id, name: 'Grill', lines: 24, avgSeconds: 400, p90Seconds: 720 }],
      dishes: [],
    },
  };
}

describe('KitchenScreen (a station)', () => {
  it("shows the device's station: tickets oldest first, aged, with their lines, the all-day sums and prep times", async () => {
    localStorage.setItem(`tavolo.kitchen.station.${RID}`, grill.id);
    const fetch = stubServer(grillServer());
    await openStation();
    await waitFor(() => expect(numbers()).toEqual([41, 42, 43]));
    expect(fetch.mock.calls.some(([input]) => String(input) === `/api/kitchen?stationId=${grill.id}`)).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Grill' }).getAttribute('aria-pressed')).toBe('true');

    const steak = within(ticketOf(41));
    expect(ticketOf(41).dataset.urgency).toBe('late');
    expect(ticketOf(42).dataset.urgency).toBe('warning');
    expect(ticketOf(43).dataset.urgency).toBe('normal');
    expect(steak.getByText('Table 7')).toBeTruthy();
    expect(steak.getByText('#41 · Starters')).toBeTruthy();
    expect(within(ticketOf(42)).getByText('#42 · At once')).toBeTruthy();
    expect(steak.getByText('16 min')).toBeTruthy();
    expect(steak.getByText('Waiter: Sara Esposito')).toBeTruthy();
    expect(steak.getByText('Birthday: candle on the dessert')).toBeTruthy();
    expect(lineOf(41, 0).textContent).toContain('2×Ribeye');
    expect(lineOf(41, 0).textContent).toContain('Medium rare');
    expect(lineOf(41, 0).textContent).toContain('No salt');
    expect(lineOf(41, 0).textContent).toContain('Seat 2');
    expect(lineOf(41, 1).textContent).toContain('Cooking');
    // The voided fry stays on the ticket, struck through.
    expect(ticketOf(41).querySelector('del')?.textContent).toBe('1× Fries');

    const allDay = screen.getAllByTestId('all-day-entry').map((entry) => entry.textContent);
    expect(allDay).toEqual(['4×Burger', '2×RibeyeMedium rare', '1×Caesar salad', '1×Fries']);
    expect(screen.getByTestId('prep-figures').textContent).toBe(
      'Today: avg 7 min · 90% within 12 min · 24 items',
    );
  });

  it('works by keyboard: digits pick a ticket, arrows move, Enter starts a line, Space bumps the ticket, R recalls it', async () => {
    localStorage.setItem(`tavolo.kitchen.station.${RID}`, grill.id);
    const server = grillServer();
    const fetch = stubServer(server);
    await openStation();
    await waitFor(() => expect(numbers()).toEqual([41, 42, 43]));
    const [steak, burgers] = server.views.get(grill.id)!.tickets;

    press('3');
    expect(document.activeElement?.hasAttribute('data-ticket-header')).toBe(true);
    expect(ticketOf(43).contains(document.activeElement)).toBe(true);
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(lineOf(43, 3));
    press('ArrowLeft');
    // Burgers have one line: the selection goes to it.
    expect(document.activeElement).toBe(lineOf(42, 0));
    press('Enter');
    await waitFor(() => expect(lineOf(42, 0).dataset.kitchenStatus).toBe('preparing'));
    await waitFor(() =>
      expect(requests(fetch, '/api/kitchen/bump')).toEqual([
        { orderId: burgers!.orderId, lineIndexes: [0], status: 'preparing' },
      ]),
    );

    press('ArrowLeft');
    press('ArrowUp');
    expect(document.activeElement).toBe(within(ticketOf(41)).getByRole('button', { name: /Bump table 7/ }));
    press(' ');
    // Every open line is made ready: the ticket leaves for the recent bumps.
    await waitFor(() => expect(numbers()).toEqual([42, 43]));
    expect(requests(fetch, '/api/kitchen/bump')[1]).toEqual({
      orderId: steak!.orderId,
      lineIndexes: [0, 1],
      status: 'ready',
    });
    expect(within(screen.getByTestId('recent')).getByText(/Table 7/)).toBeTruthy();
    // The focus stays on the board, on the ticket that took its place.
    expect(ticketOf(42).contains(document.activeElement)).toBe(true);

    press('r');
    await waitFor(() =>
      expect(requests(fetch, '/api/kitchen/recall')).toEqual([
        { orderId: steak!.orderId, lineIndexes: [0, 1] },
      ]),
    );
    await waitFor(() => expect(numbers()).toEqual([41, 42, 43]));
    expect(await screen.findByText('Table 7 (#41) recalled.')).toBeTruthy();
  });

  it("shows a bump at once, puts it back when refused and says the server's reason", async () => {
    localStorage.setItem(`tavolo.kitchen.station.${RID}`, grill.id);
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    let answered = false;
    stubServer(grillServer(), async ({ url }) => {
      // The station is read again after a refusal; that answer waits, so the undo is the screen's own.
      if (answered && url.pathname === '/api/kitchen') return new Promise<Response>(() => {});
      if (url.pathname !== '/api/kitchen/bump') return pass();
      await refused;
      answered = true;
      return errorResponse(409, 'CONFLICT', 'Line 1 of order 42 was voided');
    });
    await openStation();
    await waitFor(() => expect(numbers()).toEqual([41, 42, 43]));
    fireEvent.click(lineOf(42, 0));
    // Before the server answers.
    await waitFor(() => expect(lineOf(42, 0).dataset.kitchenStatus).toBe('preparing'));
    refuse();
    expect(await screen.findByText('Line 1 of order 42 was voided')).toBeTruthy();
    await waitFor(() => expect(lineOf(42, 0).dataset.kitchenStatus).toBe('queued'));
  });

  it('follows kitchen.updated: a changed ticket replaces its copy, a done one goes to recent, all-day follows; a reconnect reads again', async () => {
    const server = grillServer();
    server.views.set(kitchen.id, server.views.get(grill.id)!);
    const fetch = stubServer(server);
    await openStation();
    await waitFor(() => expect(numbers()).toEqual([41, 42, 43]));
    const stream = FakeEventSource.last;
    if (!stream) throw new Error('no stream');
    const [, burgers, salad] = server.views.get(kitchen.id)!.tickets;

    act(() =>
      stream.emit('kitchen.updated', {
        stationId: kitchen.id,
        ticket: { ...burgers!, lines: [{ ...burgers!.lines[0]!, quantity: 5 }] },
        done: false,
      }),
    );
    await waitFor(() => expect(lineOf(42, 0).textContent).toContain('5×Burger'));
    expect(screen.getAllByTestId('all-day-entry')[0]?.textContent).toBe('6×Burger');

    // Another station's ticket is not this one's.
    act(() =>
      stream.emit('kitchen.updated', {
        stationId: bar.id,
        ticket: fakeKitchenTicket({ orderNumber: 99 }),
        done: false,
      }),
    );
    act(() =>
      stream.emit('kitchen.updated', {
        stationId: kitchen.id,
        ticket: moved(salad!, [0, 3], 'ready'),
        done: true,
      }),
    );
    await waitFor(() => expect(numbers()).toEqual([41, 42]));
    expect(within(screen.getByTestId('recent')).getByText(/Table 3/)).toBeTruthy();
    expect(screen.getAllByTestId('all-day-entry').map((entry) => entry.textContent)).toEqual([
      '5×Burger',
      '2×RibeyeMedium rare',
      '1×Fries',
    ]);

    const reads = () =>
      fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/kitchen?')).length;
    const before = reads();
    act(() => stream.emit('ready', {}));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

describe('ExpoScreen (the pass)', () => {
  it("shows each station's progress, fires a held course and marks a ready order served", async () => {
    const placed = minutesAgo(20);
    const cooking = fakeOrder({
      number: 51,
      tableNumber: 9,
      status: 'preparing',
      createdAt: placed,
      items: [
        fakeOrderLine({ name: 'Spritz', stationId: bar.id, course: 0, kitchenStatus: 'ready' }),
        fakeOrderLine({ name: 'Ribeye', stationId: grill.id, course: 1, kitchenStatus: 'ready' }),
        fakeOrderLine({ name: 'Burger', stationId: grill.id, course: 1, kitchenStatus: 'preparing' }),
        fakeOrderLine({ name: 'Tiramisù', stationId: null, course: 2, kitchenStatus: 'held', firedAt: null }),
      ],
    });
    const ready = fakeOrder({
      number: 52,
      tableNumber: 2,
      status: 'ready',
      createdAt: minutesAgo(5),
      items: [fakeOrderLine({ stationId: kitchen.id, course: 1, kitchenStatus: 'ready' })],
    });
    const fetch = stubServer({ views: new Map(), orders: [ready, cooking] }, ({ url, method }) => {
      if (url.pathname === `/api/orders/${cooking.id}/fire` && method === 'POST')
        return jsonResponse(200, {
          ...cooking,
          version: 2,
          items: cooking.items.map((line) => ({
            ...line,
            kitchenStatus: line.kitchenStatus === 'held' ? 'queued' : line.kitchenStatus,
          })),
        });
      if (url.pathname === `/api/orders/${ready.id}/status` && method === 'PUT')
        return jsonResponse(200, { ...ready, status: 'served', version: 2 });
      return pass();
    });
    renderApp('/dashboard/kitchen/expo');
    await screen.findByRole('heading', { name: 'Expo', level: 1 }, { timeout: 5_000 });
    const cards = await screen.findAllByTestId('expo-order');
    // Oldest first.
    expect(cards.map((card) => card.dataset.orderNumber)).toEqual(['51', '52']);
    const first = within(cards[0]!);
    await waitFor(() =>
      expect(first.getAllByTestId('expo-station').map((row) => row.firstElementChild?.textContent)).toEqual([
        'Grill1/2 ready',
        'Bar1/1 ready',
      ]),
    );
    // The pass names what it waits for, not only how many.
    expect(first.getAllByTestId('expo-waiting').map((list) => list.textContent)).toEqual(['1×BurgerCooking']);
    expect(first.getByRole('progressbar', { name: 'Grill' }).getAttribute('aria-valuenow')).toBe('1');
    expect(first.getAllByTestId('expo-course').map((course) => course.textContent)).toEqual([
      'At once: 1/1 ready',
      'Starters: 1/2 ready',
      'Mains: held',
    ]);
    expect(first.queryByRole('button', { name: /served/ })).toBeNull();

    fireEvent.click(first.getByRole('button', { name: 'Fire mains for table 9 (#51)' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([input]) => String(input) === `/api/orders/${cooking.id}/fire`)
          .map(([, init]) => bodyOf(init as RequestInit)),
      ).toEqual([{ course: 2 }]),
    );
    await waitFor(() => expect(first.queryByRole('button', { name: /^Fire / })).toBeNull());
    expect(first.getAllByTestId('expo-station').map((row) => row.firstElementChild?.textContent)).toContain(
      'Kitchen0/1 ready',
    );

    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Mark table 2 (#52) served' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(
            ([input, init]) => String(input) === `/api/orders/${ready.id}/status` && init?.method === 'PUT',
          )
          .map(([, init]) => bodyOf(init as RequestInit)),
      ).toEqual([{ status: 'served' }]),
    );
    // Served with nothing left to fire: it leaves the pass.
    await waitFor(() => expect(screen.getAllByTestId('expo-order')).toHaveLength(1));
  });
});
