import type { TMeResponse } from '@tavolo/contract/auth';
import type { TOrder } from '@tavolo/contract/orders';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { includedTax } from '../../../testing/tax-fixtures';

const RID = ME.restaurantId;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Handler = (
  order: TOrder,
  body: Record<string, unknown>,
  init: RequestInit,
) => Response | Promise<Response>;

function stubBoard(
  board: TOrder[],
  { move, pay, me = ME }: { move?: Handler; pay?: Handler; me?: TMeResponse } = {},
) {
  const byId = () => new Map(board.map((order) => [order.id, order]));
  return stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      return jsonResponse(200, { items: board, total: board.length, page: 1, pageSize: 100 });
    }
    // No table calls for staff and no open bills: the board as it was before table service.
    if (url.pathname === '/api/service-requests') return jsonResponse(200, { items: [] });
    if (url.pathname === `/api/tables/restaurant/${RID}/bills`) {
      return jsonResponse(200, { currency: 'EUR', items: [] });
    }
    const status = /^\/api\/orders\/([^/]+)\/status$/.exec(url.pathname);
    const order = status ? byId().get(status[1] ?? '') : undefined;
    if (status && method === 'PUT' && order && move) return move(order, JSON.parse(String(init.body)), init);
    const payment = /^\/api\/orders\/([^/]+)\/payments$/.exec(url.pathname);
    const paid = payment ? byId().get(payment[1] ?? '') : undefined;
    if (payment && method === 'POST' && paid && pay) return pay(paid, JSON.parse(String(init.body)), init);
    const single = /^\/api\/orders\/([^/]+)$/.exec(url.pathname);
    const one = single ? byId().get(single[1] ?? '') : undefined;
    if (one) return jsonResponse(200, one);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

/** Screen-reader text sits in spans; happy-dom may space them apart. */
const action = (label: string, number: number) => new RegExp(`^${label}\\s*: order ${number}$`);

const card = (number: number) => {
  const found = screen
    .queryAllByTestId('order-card')
    .find((element) => element.getAttribute('data-order-number') === String(number));
  if (!found) throw new Error(`no card #${number}`);
  return found;
};
const column = (status: string) => screen.getByTestId(`board-column-${status}`);
const cardsIn = (status: string) =>
  within(column(status))
    .queryAllByTestId('order-card')
    .map((element) => Number(element.getAttribute('data-order-number')));

async function openBoard() {
  renderApp('/dashboard/orders');
  await screen.findByTestId('order-board', {}, { timeout: 5_000 });
}

describe('OrdersScreen (the live board)', () => {
  it('shows each order in its column, large, with its dishes, notes and waiting time', async () => {
    const pizza = fakeOrder({
      number: 12,
      tableNumber: 7,
      customerName: 'Anna',
      createdAt: minutesAgo(12),
      note: 'Birthday: bring the cake last',
      items: [
        {
          menuItemId: '00000000-0000-4000-8000-0000000000aa',
          name: 'Margherita',
          unitPriceMinor: 950,
          quantity: 2,
          options: [{ group: 'Size', choice: 'Large', priceMinor: 300 }],
          note: 'No basil',
          seat: null,
          course: null,
          voidedQuantity: 0,
          discountMinor: 0,
          lineTotalMinor: 2500,
          stationId: null,
          kitchenStatus: 'queued',
          firedAt: minutesAgo(12),
          startedAt: null,
          readyAt: null,
          voidedAt: null,
          kitchenNotice: null,
          tax: { name: '', rateBasisPoints: 0, netMinor: 2500, taxMinor: 0 },
        },
      ],
    });
    const late = fakeOrder({ number: 13, status: 'preparing', createdAt: minutesAgo(25) });
    const fresh = fakeOrder({ number: 14, status: 'preparing', createdAt: minutesAgo(1), source: 'staff' });
    stubBoard([fresh, late, pizza]);
    await openBoard();
    await screen.findAllByTestId('order-card');

    expect(cardsIn('pending')).toEqual([12]);
    // The one waiting longest first.
    expect(cardsIn('preparing')).toEqual([13, 14]);
    expect(within(column('accepted')).getByText('Nothing accepted')).toBeTruthy();

    const first = within(card(12));
    expect(first.getByText('Table 7')).toBeTruthy();
    expect(first.getByText('Anna')).toBeTruthy();
    expect(first.getByText('Margherita')).toBeTruthy();
    expect(first.getByText('Large')).toBeTruthy();
    expect(first.getByText('“No basil”')).toBeTruthy();
    expect(first.getByText('Birthday: bring the cake last')).toBeTruthy();
    expect(first.getByText('12 min')).toBeTruthy();
    expect(card(12).dataset.urgency).toBe('warning');
    expect(card(13).dataset.urgency).toBe('late');
    expect(card(14).dataset.urgency).toBe('normal');
    expect(within(card(14)).getByText('Staff')).toBeTruthy();
    expect(first.getByRole('button', { name: action('Accept', 12) })).toBeTruthy();
    expect(within(card(13)).getByRole('button', { name: action('Ready', 13) })).toBeTruthy();

    expect(screen.getByTestId('connection-status').textContent).toBe('Connecting…');
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    expect(screen.getByTestId('connection-status').textContent).toBe('Live');
    act(() => FakeEventSource.last?.fail());
    expect(screen.getByTestId('connection-status').textContent).toContain('Reconnecting…');
    // The browser's word counts at once; a stream that cannot get through, after a few seconds.
    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-indicator').textContent).toMatch(/^Offline for \d+ s$/);
    // The board keeps its orders through the drop.
    expect(cardsIn('preparing')).toEqual([13, 14]);
    act(() => window.dispatchEvent(new Event('online')));
    act(() => FakeEventSource.last?.emit('ready', {}, 2));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    expect(screen.getByTestId('connection-status').textContent).toBe('Live');
  });

  it('says so when there are no open orders at all', async () => {
    stubBoard([]);
    await openBoard();
    expect(await screen.findByRole('heading', { name: 'No open orders' })).toBeTruthy();
  });

  it('adds a new order without reloading, highlights it and counts it until someone looks', async () => {
    stubBoard([]);
    await openBoard();
    await screen.findByRole('heading', { name: 'No open orders' });
    act(() => FakeEventSource.last?.emit('ready', {}, 1));

    const placed = fakeOrder({ number: 31, createdAt: minutesAgo(0) });
    act(() => FakeEventSource.last?.emit('order.created', { order: placed }, 2));
    await waitFor(() => expect(cardsIn('pending')).toEqual([31]));
    expect(within(card(31)).getByText('New')).toBeTruthy();
    expect(screen.getByTestId('unseen-orders').textContent).toBe('1 new order');
    await waitFor(() => expect(document.title).toBe('(1) Orders · Tavolo'));

    fireEvent.click(document.body);
    await waitFor(() => expect(screen.getByTestId('unseen-orders').textContent).toBe(''));
    await waitFor(() => expect(document.title).toBe('Orders · Tavolo'));
  });

  it('moves a card at once with one tap', async () => {
    const order = fakeOrder({ number: 40, createdAt: minutesAgo(2) });
    let answer: (response: Response) => void = () => {};
    const fetch = stubBoard([order], {
      move: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: action('Accept', 40) }));
    // Before the server answers.
    await waitFor(() => expect(cardsIn('accepted')).toEqual([40]));
    const call = fetch.mock.calls.find(([url]) => url === `/api/orders/${order.id}/status`);
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: 'accepted' });
    // Pressed from the keyboard (a click with no pointer): the focus follows the card.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: action('Start preparing', 40) }),
      ),
    );
    answer(jsonResponse(200, movedOrder(order, 'accepted', new Date().toISOString())));
    expect(await screen.findByRole('button', { name: action('Start preparing', 40) })).toBeTruthy();
  });

  it('takes a double tap as one: neither the card sliding in nor the same move goes twice', async () => {
    const first = fakeOrder({ number: 42, createdAt: minutesAgo(3) });
    const second = fakeOrder({ number: 43, createdAt: minutesAgo(2) });
    let answer: (response: Response) => void = () => {};
    const fetch = stubBoard([first, second], {
      move: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: action('Accept', 42) }));
    await waitFor(() => expect(cardsIn('accepted')).toEqual([42]));
    // The second tap of the double tap lands on the card that slid up, and on the moved card.
    fireEvent.click(screen.getByRole('button', { name: action('Accept', 43) }));
    // The moved card's next step waits, visibly, for the server's answer.
    const next = screen.getByRole('button', { name: action('Start preparing', 42) });
    await waitFor(() => expect(next.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(next);
    const moves = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/status'));
    expect(moves()).toHaveLength(1);
    expect(cardsIn('pending')).toEqual([43]);
    answer(jsonResponse(200, movedOrder(first, 'accepted', new Date().toISOString())));
    await waitFor(() => expect(cardsIn('accepted')).toEqual([42]));
    expect(moves()).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: action('Start preparing', 42) }).getAttribute('aria-disabled'),
      ).toBeNull(),
    );
  });

  it('puts the card back and explains when someone else moved the order first', async () => {
    const order = fakeOrder({ number: 41, createdAt: minutesAgo(2) });
    let refused = false;
    const fetch = stubBoard([order], {
      move: () => {
        refused = true;
        return errorResponse(409, 'INVALID_TRANSITION', 'An order that is cancelled cannot become accepted');
      },
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: action('Accept', 41) }));
    expect(
      await screen.findByText('Order #41 was already moved by someone else; the board is up to date again.'),
    ).toBeTruthy();
    expect(refused).toBe(true);
    await waitFor(() => expect(cardsIn('pending')).toEqual([41]));
    // And the board was loaded again.
    const lists = fetch.mock.calls.filter(([url]) =>
      String(url).startsWith(`/api/orders/restaurant/${RID}?`),
    );
    await waitFor(() => expect(lists.length).toBeGreaterThanOrEqual(1));
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([url]) => String(url).startsWith(`/api/orders/restaurant/${RID}?`)).length,
      ).toBe(2),
    );
  });

  it('cancels only with a reason', async () => {
    const order = fakeOrder({ number: 50, createdAt: minutesAgo(3) });
    const fetch = stubBoard([order], {
      move: (known, body) =>
        jsonResponse(200, movedOrder(known, 'cancelled', new Date().toISOString(), String(body.reason))),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for order 50' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order #50' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #50?' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(
      await within(dialog).findByText('Reason is required: say why the order is cancelled.'),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/status'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sold out' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order #50 was cancelled.')).toBeTruthy();
    const call = fetch.mock.calls.find(([url]) => url === `/api/orders/${order.id}/status`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: 'cancelled', reason: 'Sold out' });
    await waitFor(() => expect(screen.queryAllByTestId('order-card')).toHaveLength(0));
  });

  it('records a payment of what is due, with an Idempotency-Key', async () => {
    const order = fakeOrder({
      number: 60,
      status: 'ready',
      totalMinor: 2350,
      paidMinor: 0,
      createdAt: minutesAgo(5),
    });
    const fetch = stubBoard([order], {
      pay: (known, body) =>
        jsonResponse(201, {
          payment: {
            id: '00000000-0000-4000-8000-00000000ffff',
            orderId: known.id,
            amountMinor: body.amountMinor,
            method: body.method,
            status: 'succeeded',
            feeMinor: 0,
            refundedMinor: 0,
            reference: null,
            recordedBy: 'Giulia Rossi',
            createdAt: new Date().toISOString(),
          },
          order: {
            ...known,
            paidMinor: known.paidMinor + Number(body.amountMinor),
            updatedAt: new Date().toISOString(),
          },
        }),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for order 60' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Record payment… \(€23\.50 due\)$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment for order #60' });
    const amount = within(dialog).getByLabelText('Amount (EUR)') as HTMLInputElement;
    expect(amount.value).toBe('23.50');

    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(/^Amount \(EUR\) must be at most €23\.50/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '10,5' } });
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('€10.50 recorded for order #60.')).toBeTruthy();
    const call = fetch.mock.calls.find(([url]) => url === `/api/orders/${order.id}/payments`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ method: 'card', amountMinor: 1050 });
    const headers = call?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(card(60)).getByText('Partly paid · €13.00 due')).toBeTruthy());
  });

  it('"Complete" on an unpaid order records the payment first, then completes', async () => {
    const order = fakeOrder({ number: 70, status: 'served', totalMinor: 1900, createdAt: minutesAgo(30) });
    let paidOrder: TOrder | undefined;
    const fetch = stubBoard([order], {
      pay: (known, body) => {
        paidOrder = { ...known, paidMinor: 1900, paymentStatus: 'paid', updatedAt: new Date().toISOString() };
        return jsonResponse(201, {
          payment: {
            id: '00000000-0000-4000-8000-00000000fffe',
            orderId: known.id,
            amountMinor: body.amountMinor,
            method: body.method,
            status: 'succeeded',
            feeMinor: 0,
            refundedMinor: 0,
            reference: null,
            recordedBy: 'Giulia Rossi',
            createdAt: new Date().toISOString(),
          },
          order: paidOrder,
        });
      },
      move: () => jsonResponse(200, movedOrder(paidOrder ?? order, 'completed', new Date().toISOString())),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: action('Complete', 70) }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay and complete order #70' });
    expect(within(dialog).queryByLabelText('Amount (EUR)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record €19.00 and complete' }));
    expect(await screen.findByText('€19.00 recorded; order #70 is completed.')).toBeTruthy();
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls.indexOf(`/api/orders/${order.id}/payments`)).toBeLessThan(
      urls.indexOf(`/api/orders/${order.id}/status`),
    );
    await waitFor(() => expect(screen.queryAllByTestId('order-card')).toHaveLength(0));
  });

  it('only completes when someone else took the whole payment while the dialog was open', async () => {
    const order = fakeOrder({ number: 71, status: 'served', totalMinor: 1900, createdAt: minutesAgo(30) });
    const fetch = stubBoard([order], {
      move: (known) => jsonResponse(200, movedOrder(known, 'completed', new Date().toISOString())),
    });
    await openBoard();
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    fireEvent.click(await screen.findByRole('button', { name: action('Complete', 71) }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay and complete order #71' });
    const paidElsewhere = {
      ...order,
      paidMinor: 1900,
      paymentStatus: 'paid' as const,
      updatedAt: new Date().toISOString(),
    };
    act(() => FakeEventSource.last?.emit('order.updated', { order: paidElsewhere }, 2));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Order #71 is completed.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/payments'))).toBe(false);
  });

  it('completes a paid order in one tap, and says so as it leaves the board', async () => {
    const order = fakeOrder({
      number: 75,
      status: 'served',
      totalMinor: 1900,
      paidMinor: 1900,
      paymentStatus: 'paid',
      createdAt: minutesAgo(15),
    });
    const fetch = stubBoard([order], {
      move: (known) => jsonResponse(200, movedOrder(known, 'completed', new Date().toISOString())),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: action('Complete', 75) }));
    expect(await screen.findByText('Order #75 is completed.')).toBeTruthy();
    expect(
      JSON.parse(String(fetch.mock.calls.find(([url]) => String(url).endsWith('/status'))?.[1]?.body)),
    ).toEqual({ status: 'completed' });
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/payments'))).toBe(false);
    await waitFor(() => expect(screen.queryAllByTestId('order-card')).toHaveLength(0));
  });

  it('shows the kitchen no payments, and the cashier no lifecycle buttons', async () => {
    const order = fakeOrder({ number: 80, status: 'ready', createdAt: minutesAgo(1) });
    const staff = { ...ME, userType: 'staff' as const, staffId: '55555555-5555-4555-8555-555555555555' };
    stubBoard([order], { me: { ...staff, permissions: ['orders.view', 'orders.manage'] } });
    await openBoard();
    expect(await screen.findByRole('button', { name: action('Served', 80) })).toBeTruthy();
    // Ready orders cannot be cancelled and the kitchen takes no payments: nothing more to offer.
    expect(screen.queryByRole('button', { name: 'More actions for order 80' })).toBeNull();
    cleanup();

    stubBoard([order], {
      me: { ...staff, permissions: ['orders.view', 'payments.view', 'payments.manage'] },
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for order 80' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order #80' });
    expect(within(sheet).getByRole('button', { name: /^Record payment…/ })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Cancel order…' })).toBeNull();
    expect(screen.queryByRole('button', { name: action('Served', 80) })).toBeNull();
  });

  it('opens the details with the history, in the restaurant’s time zone', async () => {
    const placed = '2025-03-14T18:00:00.000Z';
    const order = movedOrder(
      fakeOrder({ number: 90, createdAt: placed, customerName: 'Marco', tipMinor: 200, totalMinor: 2100 }),
      'accepted',
      '2025-03-14T18:04:00.000Z',
    );
    stubBoard([order]);
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: /^Order\s*#90\s*, details$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #90' });
    const details = within(dialog);
    expect(details.getByText('Marco')).toBeTruthy();
    // Total, and due: nothing paid yet.
    expect(details.getAllByText('€21.00')).toHaveLength(2);
    expect(details.getByText('€2.00')).toBeTruthy();
    const history = details.getAllByTestId('history-entry');
    expect(history).toHaveLength(2);
    // 18:04 UTC is 19:04 in Rome.
    expect(history[1]?.textContent).toMatch(/7:04|19:04/);
    expect(history[1]?.textContent).toContain('by Giulia Rossi (owner)');
    expect(history[0]?.textContent).toContain('by Guest');
  });

  it('breaks the details’ total down by tax rate: what it holds, or the net and the tax added', async () => {
    const food = includedTax('Food', 1000, 1900);
    const included = fakeOrder({
      number: 92,
      pricesIncludeTax: true,
      taxes: [food],
      netMinor: food.netMinor,
    });
    const added = fakeOrder({
      number: 93,
      pricesIncludeTax: false,
      netMinor: 1900,
      taxMinor: 150 + 88,
      taxes: [
        { name: 'Food', rateBasisPoints: 1000, netMinor: 1500, taxMinor: 150 },
        { name: 'Drinks', rateBasisPoints: 2200, netMinor: 400, taxMinor: 88 },
      ],
      totalMinor: 1900 + 238,
    });
    const untaxed = fakeOrder({
      number: 94,
      taxes: [{ name: '', rateBasisPoints: 0, netMinor: 1900, taxMinor: 0 }],
    });
    stubBoard([included, added, untaxed]);
    await openBoard();
    const figures = async (number: number) => {
      fireEvent.click(
        await screen.findByRole('button', { name: new RegExp(`^Order\\s*#${number}\\s*, details$`) }),
      );
      const dialog = await screen.findByRole('dialog', { name: `Order #${number}` });
      const text = [...within(dialog).getByText('Total').closest('dl')!.children].map(
        (row) => row.textContent,
      );
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: `Order #${number}` })).toBeNull());
      return text;
    };
    // The subtotal shows only when something changes it: a discount, a service charge, tax added.
    expect(await figures(92)).toEqual(['Total€19.00', 'of which VAT 10%€1.73', 'Paid€0.00', 'Due€19.00']);
    expect(await figures(93)).toEqual([
      'Subtotal€19.00',
      'Net€19.00',
      'VAT 10%€1.50',
      'VAT 22%€0.88',
      'Total€21.38',
      'Paid€0.00',
      'Due€21.38',
    ]);
    // A restaurant without rates: nothing about tax.
    expect(await figures(94)).toEqual(['Total€19.00', 'Paid€0.00', 'Due€19.00']);
  });

  it('keeps the focus in the dialog when its actions give way to the details', async () => {
    const order = fakeOrder({ number: 91, createdAt: minutesAgo(3) });
    stubBoard([order]);
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for order 91' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #91' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'View details' }));
    await within(dialog).findAllByTestId('history-entry');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });
});
