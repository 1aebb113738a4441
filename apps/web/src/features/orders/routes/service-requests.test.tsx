import type { TMeResponse } from '@tavolo/contract/auth';
import type { TServiceRequest } from '@tavolo/contract/table-service';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { fakeBillSummary, fakeServiceRequest } from '../../../testing/table-service-staff-fixtures';

// The chime itself is Web Audio; what matters here is that a new call rings it.
const chime = vi.hoisted(() => ({ played: 0 }));
vi.mock('../../../lib/chime', () => ({
  isAudioSupported: () => true,
  isAudioUnlocked: () => true,
  unlockAudio: async () => true,
  playChime: () => {
    chime.played += 1;
  },
}));

const RID = ME.restaurantId;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  chime.played = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubBoard(
  requests: TServiceRequest[],
  {
    acknowledge,
    me = ME,
    bills = 0,
  }: {
    acknowledge?: (request: TServiceRequest) => Response | Promise<Response>;
    me?: TMeResponse;
    bills?: number;
  } = {},
) {
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    }
    if (url.pathname === '/api/service-requests' && method === 'GET') {
      return jsonResponse(200, { items: requests });
    }
    if (url.pathname === `/api/tables/restaurant/${RID}/bills`) {
      return jsonResponse(200, {
        currency: 'EUR',
        items: Array.from({ length: bills }, (_, index) => fakeBillSummary({ tableNumber: index + 1 })),
      });
    }
    const one = /^\/api\/service-requests\/([^/]+)$/.exec(url.pathname);
    const request = requests.find((known) => known.id === one?.[1]);
    if (request && method === 'PUT' && acknowledge) return acknowledge(request);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

const items = () => screen.queryAllByTestId('service-request');
const tables = () => items().map((item) => Number(item.dataset.tableNumber));

async function openBoard() {
  renderApp('/dashboard/orders');
  await screen.findByTestId('order-board', {}, { timeout: 5_000 });
}

describe('the board’s requests from the tables', () => {
  it('lists open calls, the longest waiting first, with the table, the kind and the time', async () => {
    const billCall = fakeServiceRequest({ tableNumber: 9, kind: 'bill', createdAt: minutesAgo(1) });
    stubBoard([
      billCall,
      fakeServiceRequest({ tableNumber: 3, createdAt: minutesAgo(5) }),
      fakeServiceRequest({
        tableNumber: 6,
        kind: 'message',
        message: '<img src=x onerror=alert(1)> more bread',
        createdAt: minutesAgo(0),
      }),
    ]);
    await openBoard();
    const strip = await screen.findByTestId('service-requests');
    expect(within(strip).getByRole('heading', { name: /Requests/ })).toBeTruthy();
    expect(tables()).toEqual([3, 9, 6]);
    const [first, second, third] = items().map((item) => within(item));
    expect(first?.getByText('Waiter')).toBeTruthy();
    expect(first?.getByText('5 min')).toBeTruthy();
    expect(second?.getByText('Bill')).toBeTruthy();
    expect(third?.getByText('Message')).toBeTruthy();
    expect(third?.getByText('Just now')).toBeTruthy();
    // The guest's words are text, not markup.
    expect(third?.getByText('“<img src=x onerror=alert(1)> more bread”')).toBeTruthy();
    expect(strip.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'On my way: table 3, waiter' })).toBeTruthy();
    // A call for the bill leads to that table's bill.
    expect(screen.getByRole('link', { name: 'Open the bill of table 9' }).getAttribute('href')).toBe(
      `/dashboard/orders/bills?table=${billCall.tableId}`,
    );
    expect(screen.getAllByRole('link', { name: /Open the bill/ })).toHaveLength(1);
  });

  it('shows no strip at all while no table is calling', async () => {
    stubBoard([]);
    await openBoard();
    await screen.findByRole('heading', { name: 'No open orders' });
    expect(screen.queryByTestId('service-requests')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Requests/ })).toBeNull();
  });

  it('"On my way" takes the call off the strip at once and tells the server', async () => {
    const call = fakeServiceRequest({ tableNumber: 4, createdAt: minutesAgo(2) });
    let answer: (response: Response) => void = () => {};
    const fetch = stubBoard([call], {
      acknowledge: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'On my way: table 4, waiter' }));
    // Before the server answers.
    await waitFor(() => expect(screen.queryByTestId('service-requests')).toBeNull());
    const put = fetch.mock.calls.find(([url]) => url === `/api/service-requests/${call.id}`);
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'acknowledged' });
    answer(
      jsonResponse(200, {
        ...call,
        status: 'acknowledged',
        acknowledgedAt: new Date().toISOString(),
        acknowledgedBy: 'Giulia Rossi',
      }),
    );
    expect(await screen.findByText('Table 4 knows you are on your way.')).toBeTruthy();
    expect(screen.queryByTestId('service-requests')).toBeNull();
  });

  it('puts the call back and says so when the server refuses', async () => {
    const call = fakeServiceRequest({ tableNumber: 8, kind: 'bill', createdAt: minutesAgo(2) });
    stubBoard([call], {
      acknowledge: () => errorResponse(403, 'FORBIDDEN', 'You may not do this.'),
    });
    await openBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'On my way: table 8, bill' }));
    expect(await screen.findByText("Could not answer table 8's call: You may not do this.")).toBeTruthy();
    await waitFor(() => expect(tables()).toEqual([8]));
  });

  it('brings new calls live with a chime and a spoken line, and drops those others answered', async () => {
    localStorage.setItem('tavolo.orders.sound', 'on');
    const fetch = stubBoard([]);
    await openBoard();
    await screen.findByRole('heading', { name: 'No open orders' });
    const lists = () => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/service-requests?'));
    await waitFor(() => expect(lists()).toHaveLength(1));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    // Ready: the list is read again (it may have missed calls while the stream was away).
    await waitFor(() => expect(lists()).toHaveLength(2));

    const call = fakeServiceRequest({ tableNumber: 12, createdAt: minutesAgo(0) });
    act(() => FakeEventSource.last?.emit('service_request.created', { request: call }, 2));
    await waitFor(() => expect(tables()).toEqual([12]));
    expect(chime.played).toBe(1);
    expect(screen.getByTestId('request-announcement').textContent).toBe('Table 12 calls a waiter');
    // A replay of the same event neither doubles the call nor rings again.
    act(() => FakeEventSource.last?.emit('service_request.created', { request: call }, 2));
    expect(tables()).toEqual([12]);
    expect(chime.played).toBe(1);

    const answered = { ...call, status: 'acknowledged', acknowledgedBy: 'Marco' };
    act(() => FakeEventSource.last?.emit('service_request.updated', { request: answered }, 3));
    await waitFor(() => expect(screen.queryByTestId('service-requests')).toBeNull());
  });

  it('shows the calls without the button to those who only follow orders', async () => {
    const staff = { ...ME, userType: 'staff' as const, staffId: '55555555-5555-4555-8555-555555555555' };
    stubBoard([fakeServiceRequest({ tableNumber: 2 })], {
      me: { ...staff, permissions: ['orders.view', 'payments.view', 'payments.manage'] },
    });
    await openBoard();
    await waitFor(() => expect(tables()).toEqual([2]));
    expect(screen.queryByRole('button', { name: /On my way/ })).toBeNull();
  });

  it('counts the open bills on the way to them', async () => {
    stubBoard([], { bills: 3 });
    await openBoard();
    const link = screen.getByTestId('bills-link');
    await waitFor(() => expect(link.textContent).toBe('Bills · 3 open'));
    expect(link.getAttribute('href')).toBe('/dashboard/orders/bills');
  });

  it('tells staff on another screen that a table calls them', async () => {
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/orders/restaurant/${RID}`)
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
      if (url.pathname === `/api/tables/restaurant/${RID}`) return jsonResponse(200, { items: [] });
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Tables', level: 1 }, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const call = fakeServiceRequest({ tableNumber: 5, kind: 'bill' });
    act(() => FakeEventSource.last?.emit('service_request.created', { request: call }, 2));
    expect(await screen.findByText('Table 5 asks for the bill')).toBeTruthy();
  });
});

describe('the board and the tables’ bills', () => {
  it('recounts the open bills as they move, and says which table was just settled', async () => {
    let bills = 2;
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/orders/restaurant/${RID}`)
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
      if (url.pathname === '/api/service-requests') return jsonResponse(200, { items: [] });
      if (url.pathname === `/api/tables/restaurant/${RID}/bills`) {
        return jsonResponse(200, {
          currency: 'EUR',
          items: Array.from({ length: bills }, (_, index) => fakeBillSummary({ tableNumber: index + 3 })),
        });
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    await openBoard();
    const link = screen.getByTestId('bills-link');
    await waitFor(() => expect(link.textContent).toBe('Bills · 2 open'));
    expect(screen.queryByTestId('settled-tables')).toBeNull();

    bills = 1;
    const settled = fakeBillSummary({ tableNumber: 4 });
    act(() =>
      FakeEventSource.last?.emit(
        'bill.updated',
        { ...settled, totalMinor: 4200, paidMinor: 4200, dueMinor: 0, closed: true },
        7,
      ),
    );
    expect(await screen.findByText('Table 4 is settled')).toBeTruthy();
    expect(screen.getByTestId('settled-tables').textContent).toBe('Table 4 settled');
    await waitFor(() => expect(link.textContent).toBe('Bills · 1 open'));
  });
});
