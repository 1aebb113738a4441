import 'fake-indexeddb/auto';
import type { TGuestMenu } from '@tavolo/contract/menu';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeGuestTodayMenu, fakeId, fakeMenuItem } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { guestOrderQueue } from '../api/guest-order-queue';
import { cartStorageKey } from '../model/cart';
import { SAVED_AT_HEADER } from '../model/guest-offline';
import { ordersStorageKey } from '../model/remembered-orders';
import { waitingOrdersKey } from '../model/waiting-orders';

/*
 * The menu screen through a Wi-Fi drop (PRODUCT.md §13, decision 041), on the real queue over an
 * in-memory IndexedDB: an order placed without a network waits on the phone under its
 * Idempotency-Key, goes once when the phone is back and opens as an online order would; one the
 * server refuses meanwhile gives the cart back with the reason. Each test has a table of its own:
 * the page's queue is one for the whole page, as in a browser.
 */

const pasta = fakeCategory({ name: 'Pasta' });
const carbonara = fakeMenuItem({ name: 'Carbonara', priceMinor: 1200, categoryId: pasta.id });
const menu: TGuestMenu = {
  restaurant: {
    id: fakeId(),
    name: 'Osteria Nina',
    address: null,
    phone: null,
    logoUrl: null,
    bannerUrl: null,
    currency: 'EUR',
    timezone: 'Europe/Rome',
    serviceChargePercent: 0,
  },
  table: { id: fakeId(), number: 3, label: null },
  menu: fakeGuestTodayMenu([{ category: pasta, items: [carbonara] }]),
  language: 'en',
  languages: ['en'],
};

const placed = (id: string, number: number) => ({
  ...fakeOrder({ id, number, tableNumber: 3, source: 'qr' }),
  guestToken: `token-of-${id}`,
});

type Post = { key: string | undefined; body: unknown };

/** The guest API for one table: its menu, and POST /api/orders answered by `answer`. */
function stubGuestApi(
  code: string,
  answer: (post: Post, posts: Post[]) => Response | Promise<Response>,
  { savedAt }: { savedAt?: number } = {},
) {
  const posts: Post[] = [];
  stubFetch(async ({ url, method, init }) => {
    if (url.pathname === '/api/menu/qr' && url.searchParams.get('qrToken') === code) {
      const response = jsonResponse(200, menu);
      if (savedAt) response.headers.set(SAVED_AT_HEADER, String(savedAt));
      return response;
    }
    if (url.pathname === '/api/orders' && method === 'POST') {
      const headers = new Headers(init.headers);
      const post = { key: headers.get('idempotency-key') ?? undefined, body: JSON.parse(String(init.body)) };
      posts.push(post);
      return answer(post, posts);
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return posts;
}

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.reset();
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  setOnline(true);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function orderCarbonara(quantity = 1) {
  fireEvent.click(await screen.findByRole('button', { name: 'Carbonara' }, { timeout: 5_000 }));
  const sheet = await screen.findByRole('dialog', { name: 'Carbonara' });
  for (let more = 1; more < quantity; more += 1)
    fireEvent.click(within(sheet).getByRole('button', { name: 'One more (How many Carbonara)' }));
  fireEvent.click(within(sheet).getByRole('button', { name: /Add to order/ }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Carbonara' })).toBeNull());
  fireEvent.click(screen.getByTestId('cart-bar'));
  const cart = await screen.findByRole('dialog', { name: 'Your order' });
  fireEvent.click(within(cart).getByRole('button', { name: /Place order/ }));
}

const entriesOf = async (code: string) =>
  (await guestOrderQueue().list()).filter((entry) => entry.meta?.qrToken === code);

describe('the menu screen without a network', () => {
  it('keeps an order placed offline on the phone, and sends it once when the phone is back: the order opens', async () => {
    const code = 'table-offline-sent-000001';
    const order = placed('55555555-5555-4555-8555-555555555555', 31);
    const posts = stubGuestApi(code, () => jsonResponse(201, order));
    setOnline(false);
    const { router } = renderApp(`/t/${code}`);
    expect((await screen.findByTestId('saved-menu', {}, { timeout: 5_000 })).textContent).toContain(
      "You're offline",
    );
    await orderCarbonara(2);

    const waiting = await screen.findByTestId('queued-orders');
    expect(waiting.textContent).toContain('Waiting for a connection');
    expect(within(waiting).getByTestId('queued-order').textContent).toContain('2 × Carbonara');
    expect(within(waiting).getByTestId('queued-order').textContent).toContain('€24.00');
    expect(screen.queryByTestId('cart-bar')).toBeNull();
    expect(posts).toHaveLength(0);
    const [entry] = await entriesOf(code);
    expect(entry).toMatchObject({
      state: 'waiting',
      request: {
        method: 'POST',
        path: '/api/orders',
        body: { qrToken: code, items: [{ menuItemId: carbonara.id, quantity: 2 }] },
      },
    });
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    setOnline(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${code}/orders/${order.id}`));
    expect(posts).toEqual([{ key: entry?.idempotencyKey, body: entry?.request.body }]);
    // As an order placed online: remembered with its token, the cart empty, the queue too.
    expect(JSON.parse(localStorage.getItem(ordersStorageKey(code)) ?? '[]')).toMatchObject([
      { orderId: order.id, guestToken: order.guestToken, number: 31 },
    ]);
    expect(localStorage.getItem(cartStorageKey(code))).toBeNull();
    await waitFor(async () => expect(await entriesOf(code)).toEqual([]));
    // Nothing waits here any more: the next menu does not load the queue's code.
    await waitFor(() => expect(localStorage.getItem(waitingOrdersKey(code))).toBeNull());
  });

  it('shows an order queued before the page was closed at the next open, and sends it when the phone is back', async () => {
    const code = 'table-offline-reopen-0006';
    const order = placed('88888888-8888-4888-8888-888888888888', 33);
    const posts = stubGuestApi(code, () => jsonResponse(201, order));
    const body = { qrToken: code, items: [{ menuItemId: carbonara.id, quantity: 1 }] };
    const line = {
      id: 'l1',
      menuItemId: carbonara.id,
      name: 'Carbonara',
      unitPriceMinor: 1200,
      quantity: 1,
      options: [],
      note: '',
    };
    await guestOrderQueue().enqueue(
      { method: 'POST', path: '/api/orders', body },
      {
        idempotencyKey: '99999999-9999-4999-8999-999999999999',
        meta: {
          qrToken: code,
          cart: { lines: [line], note: '', customerName: '', checkout: null },
          totalMinor: 1200,
        },
      },
    );
    localStorage.setItem(waitingOrdersKey(code), '1');
    setOnline(false);
    const { router } = renderApp(`/t/${code}`);
    const waiting = await screen.findByTestId('queued-orders', {}, { timeout: 5_000 });
    expect(waiting.textContent).toContain('1 × Carbonara');
    setOnline(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${code}/orders/${order.id}`));
    expect(posts).toEqual([{ key: '99999999-9999-4999-8999-999999999999', body }]);
  });

  it('queues an order whose answer never came, under the same key: the retry gets the one order', async () => {
    const code = 'table-offline-lost-000002';
    const order = placed('66666666-6666-4666-8666-666666666666', 32);
    let reachable = false;
    const posts = stubGuestApi(code, () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return jsonResponse(201, order);
    });
    const { router } = renderApp(`/t/${code}`);
    await orderCarbonara();
    // The page's own tries (three) fail; the order then waits rather than being lost.
    const waiting = await screen.findByTestId('queued-orders', {}, { timeout: 10_000 });
    expect(waiting.textContent).toContain('Trying to reach the restaurant');
    expect(posts.length).toBeGreaterThanOrEqual(3);

    reachable = true;
    setOnline(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${code}/orders/${order.id}`));
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
    await waitFor(async () => expect(await entriesOf(code)).toEqual([]));
  }, 20_000);

  it('gives the cart back when the order is refused meanwhile, the dish flagged from the figures', async () => {
    const code = 'table-offline-refused-003';
    const posts = stubGuestApi(code, () =>
      jsonResponse(409, {
        error: {
          code: 'OUT_OF_STOCK',
          message: 'Only 1 Carbonara left',
          fields: { 'items.0.quantity': 'only 1 left' },
          outOfStock: [{ menuItemId: carbonara.id, name: 'Carbonara', remaining: 1, lines: [0] }],
        },
      }),
    );
    setOnline(false);
    renderApp(`/t/${code}`);
    await orderCarbonara(2);
    await screen.findByTestId('queued-orders');

    setOnline(true);
    const cart = await screen.findByRole('dialog', { name: 'Your order' }, { timeout: 5_000 });
    expect(posts).toHaveLength(1);
    expect((await within(cart).findByTestId('cart-line-error')).textContent).toBe(
      'Only 1 left — lower the quantity to continue.',
    );
    expect(within(cart).getByText(/Your order was not taken while you were offline\./).textContent).toContain(
      'One dish cannot be ordered as it is',
    );
    // The cart is the one sent, without the spent key: changing it and placing it is a new order.
    const stored = JSON.parse(localStorage.getItem(cartStorageKey(code)) ?? '{}');
    expect(stored).toMatchObject({ lines: [{ menuItemId: carbonara.id, quantity: 2 }], checkout: null });
    expect(screen.queryByTestId('queued-orders')).toBeNull();
    await waitFor(async () => expect(await entriesOf(code)).toEqual([]));
  });

  it("says a saved menu may be out of date, and that a menu the phone never saved loads once it's back", async () => {
    const code = 'table-offline-saved-00004';
    stubGuestApi(code, () => errorResponse(500, 'INTERNAL', 'No'), { savedAt: Date.UTC(2026, 0, 1, 19, 5) });
    renderApp(`/t/${code}`);
    const notice = await screen.findByTestId('saved-menu', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('Saved menu');
    expect(notice.textContent).toMatch(/This is the menu as it was at .+: it may have changed since\./);
    cleanup();

    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    setOnline(false);
    renderApp('/t/table-never-saved-000005');
    expect(
      await screen.findByText("This menu isn't saved on this phone yet.", { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
  });
});
