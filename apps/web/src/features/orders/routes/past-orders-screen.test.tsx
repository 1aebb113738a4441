import type { TOrder } from '@tavolo/contract/orders';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';

const RID = ME.restaurantId;

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function completed(number: number, overrides: Partial<TOrder> = {}) {
  const order = fakeOrder({ number, createdAt: '2025-03-14T18:00:00.000Z', ...overrides });
  return movedOrder(
    { ...order, paidMinor: order.totalMinor, paymentStatus: 'paid' },
    'completed',
    '2025-03-14T19:00:00.000Z',
  );
}

/** 45 past orders, served 20 a page like the server, and the queries it was asked. */
function stubPastOrders(all: TOrder[] = Array.from({ length: 45 }, (_, index) => completed(45 - index))) {
  const queries: URLSearchParams[] = [];
  const fetch = stubFetch(({ url }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, ME);
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      // The dashboard's live connection keeps the board's list (status=current) too: not ours.
      if (url.searchParams.get('status') === 'current') {
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
      }
      queries.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const q = url.searchParams.get('q');
      const matching = q ? all.filter((order) => String(order.number) === q) : all;
      return jsonResponse(200, {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      });
    }
    const single = /^\/api\/orders\/([^/]+)$/.exec(url.pathname);
    const one = all.find((order) => order.id === single?.[1]);
    if (one) return jsonResponse(200, one);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, queries, last: () => Object.fromEntries(queries.at(-1) ?? []) };
}

describe('PastOrdersScreen', () => {
  it('lists past orders by default, with a page at a time and the total', async () => {
    const { last } = stubPastOrders();
    const { router } = renderApp('/dashboard/orders/past-orders');
    expect(await screen.findByText('45 orders · showing 1–20', {}, { timeout: 5_000 })).toBeTruthy();
    expect(last()).toEqual({ status: 'past', page: '1', pageSize: '20' });
    expect(screen.getAllByTestId('past-order-row')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    expect(await screen.findByText('45 orders · showing 21–40')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(last()).toMatchObject({ page: '2' });
  });

  it('keeps filters in the URL, sends them, and exports what is shown', async () => {
    const { last } = stubPastOrders();
    const { router } = renderApp(
      '/dashboard/orders/past-orders?status=cancelled&from=2025-03-01&to=2025-03-14&table=4',
    );
    await screen.findByText(/orders ·|No orders/, {}, { timeout: 5_000 });
    expect(last()).toEqual({
      status: 'cancelled',
      from: '2025-03-01',
      to: '2025-03-14',
      table: '4',
      page: '1',
      pageSize: '20',
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('cancelled');
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(
      `/api/orders/restaurant/${RID}/export.csv?status=cancelled&from=2025-03-01&to=2025-03-14&table=4`,
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=all&from=2025-03-01&to=2025-03-14&table=4'),
    );
    await waitFor(() => expect(last().status).toBeUndefined());
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(
      `/api/orders/restaurant/${RID}/export.csv?from=2025-03-01&to=2025-03-14&table=4`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('clears a search typed a moment before "Clear filters" too', async () => {
    stubPastOrders();
    const { router } = renderApp('/dashboard/orders/past-orders?table=4');
    await screen.findByText(/orders ·|No orders/, {}, { timeout: 5_000 });
    // The typing pause runs on a fake clock from here, moved past by hand rather than slept
    // through (the clock also follows real time, so the query's zero-delay notifications run).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Ann' } });
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      // Well past the typing pause: nothing comes back.
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(router.state.location.search).toBe('');
      expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches by order number after a pause in typing, and opens the order', async () => {
    const { last } = stubPastOrders();
    const { router } = renderApp('/dashboard/orders/past-orders?page=2');
    await screen.findByText('45 orders · showing 21–40', {}, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '7' } });
    expect(await screen.findByText('1 order')).toBeTruthy();
    expect(last()).toMatchObject({ q: '7', page: '1' });
    expect(router.state.location.search).toBe('?q=7');

    const rows = screen.getAllByTestId('past-order-row');
    expect(rows).toHaveLength(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Order\s*#7\s*, details$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #7' });
    expect(within(dialog).getAllByTestId('history-entry')).toHaveLength(2);
    expect(within(dialog).getByText('Completed', { selector: '[data-testid=history-entry] *' })).toBeTruthy();
  });

  it('tells an empty history from a search that found nothing', async () => {
    stubPastOrders([]);
    renderApp('/dashboard/orders/past-orders');
    expect(
      await screen.findByRole('heading', { name: 'No past orders yet' }, { timeout: 5_000 }),
    ).toBeTruthy();
    cleanup();

    stubPastOrders([]);
    renderApp('/dashboard/orders/past-orders?q=nobody');
    expect(await screen.findByRole('heading', { name: 'No orders match' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/auth/me' ? jsonResponse(200, ME) : errorResponse(500, 'INTERNAL', 'Boom'),
    );
    renderApp('/dashboard/orders/past-orders');
    expect(
      await screen.findByRole('heading', { name: 'Could not load the orders' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
