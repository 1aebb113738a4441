import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubDashboard() {
  return stubFetch(({ url }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, ME);
    if (url.pathname === `/api/orders/restaurant/${ME.restaurantId}`)
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    if (url.pathname === `/api/categories/${ME.restaurantId}`) return jsonResponse(200, { items: [] });
    if (url.pathname === `/api/tables/restaurant/${ME.restaurantId}`) return jsonResponse(200, { items: [] });
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

describe('new orders, from any dashboard screen', () => {
  it('reach staff on the Tables screen: a toast, a badge on Orders, the count in the title', async () => {
    stubDashboard();
    renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Tables', level: 1 }, { timeout: 5_000 });
    // One connection for the dashboard, opened by the layout, not by a screen.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    const order = fakeOrder({ number: 17, tableNumber: 5 });
    act(() => FakeEventSource.last?.emit('order.created', { order }, 2));

    expect(await screen.findByText('New order #17 at table 5')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('new-orders-badge')[0]?.textContent).toBe('1 new'));
    await waitFor(() => expect(document.title).toBe('(1) Tables · Tavolo'));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reach the kitchen as tickets, not as a toast over the station screen', async () => {
    stubDashboard();
    renderApp('/dashboard/kitchen/expo');
    await screen.findByRole('heading', { name: 'Expo', level: 1 }, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    act(() =>
      FakeEventSource.last?.emit('order.created', { order: fakeOrder({ number: 18, tableNumber: 6 }) }, 2),
    );
    await waitFor(() => expect(screen.getAllByTestId('new-orders-badge')[0]?.textContent).toBe('1 new'));
    expect(screen.queryByText('New order #18 at table 6')).toBeNull();
  });

  it('say nothing of an order the member took themself (their phone said it was sent)', async () => {
    stubDashboard();
    renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Tables', level: 1 }, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    const mine = fakeOrder({ number: 19, tableNumber: 7, takenBy: { id: ME.userId, name: ME.name } });
    act(() => FakeEventSource.last?.emit('order.created', { order: mine }, 2));
    const theirs = fakeOrder({ number: 20, tableNumber: 8 });
    act(() => FakeEventSource.last?.emit('order.created', { order: theirs }, 3));
    expect(await screen.findByText('New order #20 at table 8')).toBeTruthy();
    expect(screen.queryByText('New order #19 at table 7')).toBeNull();
  });

  it('open no connection for someone who does not follow orders', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/auth/me'
        ? jsonResponse(200, { ...ME, userType: 'staff', permissions: ['menu.manage'] })
        : url.pathname === `/api/categories/${ME.restaurantId}`
          ? jsonResponse(200, { items: [] })
          : errorResponse(404, 'NOT_FOUND', 'Not found'),
    );
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Categories', level: 1 }, { timeout: 5_000 });
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
