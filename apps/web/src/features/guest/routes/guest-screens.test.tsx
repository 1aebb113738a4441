import type { TGuestMenu } from '@tavolo/contract/menu';
import type { TOrder } from '@tavolo/contract/orders';
import type { TReview } from '@tavolo/contract/reviews';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeGuestTodayMenu, fakeId, fakeMenuItem } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';
import { includedTax } from '../../../testing/tax-fixtures';
import { cartStorageKey } from '../model/cart';
import { REVIEWED_STORAGE_KEY } from '../model/order-review';
import { ordersStorageKey } from '../model/remembered-orders';

const QR = 'table-four-code-0123456789';

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pizza = fakeCategory({ name: 'Pizza' });
const margherita = fakeMenuItem({
  name: 'Margherita',
  priceMinor: 950,
  categoryId: pizza.id,
  options: [
    {
      name: 'Size',
      required: true,
      min: 1,
      max: 1,
      choices: [
        { name: 'Regular', priceMinor: 0 },
        { name: 'Large', priceMinor: 300 },
      ],
    },
  ],
});
const diavola = fakeMenuItem({ name: 'Diavola', priceMinor: 1150, categoryId: pizza.id, soldOut: true });

const guestMenu: TGuestMenu = {
  restaurant: {
    id: fakeId(),
    name: 'Trattoria Giulia',
    address: null,
    phone: null,
    logoUrl: null,
    bannerUrl: null,
    currency: 'EUR',
    timezone: 'Europe/Rome',
    serviceChargePercent: 10,
  },
  table: { id: fakeId(), number: 4, label: 'Window' },
  menu: fakeGuestTodayMenu([{ category: pizza, items: [margherita, diavola] }]),
  language: 'en',
  languages: ['en'],
};

function order(overrides: Partial<TOrder> = {}): TOrder {
  const at = '2025-03-14T18:00:00.000Z';
  return {
    id: '77777777-7777-4777-8777-777777777777',
    number: 12,
    tableId: guestMenu.table.id,
    tableNumber: 4,
    source: 'qr',
    takenBy: null,
    status: 'pending',
    items: [
      {
        menuItemId: margherita.id,
        name: 'Margherita',
        unitPriceMinor: 1250,
        quantity: 1,
        options: [{ group: 'Size', choice: 'Large', priceMinor: 300 }],
        note: null,
        seat: null,
        course: null,
        voidedQuantity: 0,
        discountMinor: 0,
        lineTotalMinor: 1250,
        stationId: null,
        kitchenStatus: 'queued',
        firedAt: at,
        startedAt: null,
        readyAt: null,
        voidedAt: null,
        kitchenNotice: null,
        tax: { name: '', rateBasisPoints: 0, netMinor: 1250, taxMinor: 0 },
      },
    ],
    subtotalMinor: 1250,
    discountMinor: 0,
    serviceChargeMinor: 125,
    tipMinor: 0,
    totalMinor: 1375,
    pricesIncludeTax: true,
    netMinor: 1375 - 0,
    taxMinor: 0,
    taxes: [],
    serviceChargeTax: { name: '', rateBasisPoints: 0, netMinor: 0, taxMinor: 0 },
    paidMinor: 0,
    paymentStatus: 'unpaid',
    currency: 'EUR',
    note: null,
    customerName: null,
    statusHistory: [{ status: 'pending', at, by: { type: 'guest', id: null, name: 'Guest' }, reason: null }],
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

type Post = { key: string | undefined; body: unknown };

/** The guest API: the menu, and POST /api/orders answered by `answer` (which sees every post so far). */
function stubGuestApi(
  answer: (posts: Post[]) => Response = () => jsonResponse(201, { ...order(), guestToken: 'secret' }),
) {
  const posts: Post[] = [];
  const fetch = stubFetch(({ url, method, init }) => {
    if (url.pathname === '/api/menu/qr') {
      return url.searchParams.get('qrToken') === QR
        ? jsonResponse(200, guestMenu)
        : errorResponse(404, 'NOT_FOUND', "This table's code is not valid any more");
    }
    if (url.pathname === '/api/orders' && method === 'POST') {
      const headers = init.headers as Record<string, string>;
      posts.push({ key: headers['idempotency-key'], body: JSON.parse(String(init.body)) });
      return answer(posts);
    }
    if (url.pathname === `/api/orders/${order().id}`) {
      const headers = init.headers as Record<string, string>;
      return headers['x-guest-token'] === 'secret'
        ? jsonResponse(200, order())
        : errorResponse(404, 'NOT_FOUND', 'No');
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, posts };
}

async function addLargeMargherita() {
  fireEvent.click(await screen.findByRole('button', { name: 'Margherita' }, { timeout: 5_000 }));
  const sheet = await screen.findByRole('dialog', { name: 'Margherita' });
  fireEvent.click(within(sheet).getByRole('radio', { name: /Large/ }));
  fireEvent.click(within(sheet).getByRole('button', { name: /Add to order/ }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Margherita' })).toBeNull());
}

async function openCart() {
  fireEvent.click(screen.getByTestId('cart-bar'));
  return screen.findByRole('dialog', { name: 'Your order' });
}

describe('GuestMenuScreen', () => {
  it('shows the menu, with the sold-out dish unavailable', async () => {
    stubGuestApi();
    renderApp(`/t/${QR}`);
    expect(
      await screen.findByRole('heading', { name: 'Trattoria Giulia', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('guest-table').textContent).toBe('Table 4 · Window');
    expect(screen.getByRole('button', { name: 'Margherita' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Diavola' })).toBeNull();
    expect(screen.getByText('Sold out')).toBeTruthy();
  });

  it('insists on a required option, then keeps the line in the cart across a reload', async () => {
    stubGuestApi();
    const first = renderApp(`/t/${QR}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Margherita' }, { timeout: 5_000 }));
    const sheet = await screen.findByRole('dialog', { name: 'Margherita' });
    fireEvent.click(within(sheet).getByRole('button', { name: /Add to order/ }));
    expect(within(sheet).getByText('Choose one.')).toBeTruthy();
    expect(within(sheet).getByRole('alert').textContent).toBe('Choose your size to continue.');
    expect(localStorage.getItem(cartStorageKey(QR))).toBeNull();

    fireEvent.click(within(sheet).getByRole('radio', { name: /Large/ }));
    expect(within(sheet).queryByText('Choose one.')).toBeNull();
    expect(within(sheet).getByRole('button', { name: /Add to order/ }).textContent).toContain('€12.50');
    fireEvent.click(within(sheet).getByRole('button', { name: /Add to order/ }));
    await waitFor(() => expect(screen.getByTestId('cart-bar').textContent).toContain('€13.75'));
    const stored = JSON.parse(localStorage.getItem(cartStorageKey(QR)) ?? '{}');
    expect(stored.lines).toMatchObject([
      { menuItemId: margherita.id, quantity: 1, options: [{ group: 'Size', choice: 'Large' }] },
    ]);

    first.unmount();
    renderApp(`/t/${QR}`);
    await waitFor(() => expect(screen.getByTestId('cart-bar').textContent).toContain('€13.75'), {
      timeout: 5_000,
    });
  });

  it('reuses the Idempotency-Key when the same cart is sent again, and makes a new one after a change', async () => {
    const { posts } = stubGuestApi((sent) =>
      sent.length < 3
        ? errorResponse(429, 'RATE_LIMITED', 'Too many orders')
        : jsonResponse(201, { ...order(), guestToken: 'secret' }),
    );
    const { router } = renderApp(`/t/${QR}`);
    await addLargeMargherita();
    const cart = await openCart();
    const place = () => fireEvent.click(within(cart).getByRole('button', { name: /Place order/ }));

    place();
    expect(await within(cart).findByText(/Many orders came from this table just now/)).toBeTruthy();
    await waitFor(() =>
      expect(within(cart).getByRole('button', { name: /Place order/ })).toHaveProperty('disabled', false),
    );
    place();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    // The key was stored with the cart, so a reload would send the same one too.
    expect(JSON.parse(localStorage.getItem(cartStorageKey(QR)) ?? '{}').checkout.key).toBe(posts[0]?.key);

    await waitFor(() =>
      expect(within(cart).getByRole('button', { name: /Place order/ })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(cart).getByRole('button', { name: 'One more (How many Margherita)' }));
    place();
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]?.key).not.toBe(posts[0]?.key);
    expect(posts[2]?.body).toEqual({
      qrToken: QR,
      items: [{ menuItemId: margherita.id, quantity: 2, options: [{ group: 'Size', choice: 'Large' }] }],
    });

    // Placed: the order is remembered with its token, the cart is emptied, the order page opens.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${QR}/orders/${order().id}`));
    expect(JSON.parse(localStorage.getItem(ordersStorageKey(QR)) ?? '[]')).toMatchObject([
      { orderId: order().id, guestToken: 'secret', number: 12 },
    ]);
    expect(localStorage.getItem(cartStorageKey(QR))).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Order #12' })).toBeTruthy();
  });

  it("shows the server's complaint on the cart line it is about", async () => {
    stubGuestApi(() =>
      errorResponse(422, 'UNPROCESSABLE', 'Some items cannot be ordered as they are', {
        'items.0.menuItemId': 'Margherita is sold out',
      }),
    );
    renderApp(`/t/${QR}`);
    await addLargeMargherita();
    const cart = await openCart();
    fireEvent.click(within(cart).getByRole('button', { name: /Place order/ }));
    expect((await within(cart).findByTestId('cart-line-error')).textContent).toBe(
      'Sold out — remove it to continue.',
    );
    expect(within(cart).getByText(/One dish cannot be ordered as it is/)).toBeTruthy();
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Margherita' }));
    expect(within(cart).queryByTestId('cart-line-error')).toBeNull();
  });

  it('says on the cart line how many are left when the dish runs short (409 OUT_OF_STOCK)', async () => {
    stubGuestApi(() =>
      jsonResponse(409, {
        error: {
          code: 'OUT_OF_STOCK',
          message: 'Only 1 Margherita left',
          fields: { 'items.0.quantity': 'only 1 left' },
          outOfStock: [{ menuItemId: margherita.id, name: 'Margherita', remaining: 1, lines: [0] }],
        },
      }),
    );
    renderApp(`/t/${QR}`);
    await addLargeMargherita();
    const cart = await openCart();
    fireEvent.click(within(cart).getByRole('button', { name: 'One more (How many Margherita)' }));
    fireEvent.click(within(cart).getByRole('button', { name: /Place order/ }));
    expect((await within(cart).findByTestId('cart-line-error')).textContent).toBe(
      'Only 1 left — lower the quantity to continue.',
    );
    expect(within(cart).getByText(/One dish cannot be ordered as it is/)).toBeTruthy();
    fireEvent.click(within(cart).getByRole('button', { name: 'One less (How many Margherita)' }));
    expect(within(cart).queryByTestId('cart-line-error')).toBeNull();
  });

  it('filters by dietary tags and allergens, says how many dishes it hides, and keeps the filter at this table', async () => {
    const salads = fakeCategory({ name: 'Salads' });
    const greens = fakeMenuItem({ name: 'Greens', categoryId: salads.id, tags: ['vegan', 'vegetarian'] });
    const caesar = fakeMenuItem({ name: 'Caesar', categoryId: salads.id, allergens: ['eggs', 'fish'] });
    const quattro = fakeMenuItem({
      name: 'Quattro formaggi',
      categoryId: pizza.id,
      tags: ['vegetarian'],
      allergens: ['milk'],
    });
    const menu: TGuestMenu = {
      ...guestMenu,
      menu: fakeGuestTodayMenu([
        { category: salads, items: [greens, caesar] },
        { category: pizza, items: [quattro] },
      ]),
    };
    stubFetch(({ url }) =>
      url.pathname === '/api/menu/qr' ? jsonResponse(200, menu) : errorResponse(404, 'NOT_FOUND', 'No'),
    );
    const view = renderApp(`/t/${QR}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }, { timeout: 5_000 }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter the menu' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'vegetarian' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'milk' }));
    expect(within(sheet).getByRole('button', { name: 'vegetarian' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show 1 dish' }));

    expect(await screen.findByText('2 dishes are hidden by your filter.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Greens' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Caesar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quattro formaggi' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filter · 2' })).toBeTruthy();

    // Still there after a reload at the same table.
    view.unmount();
    renderApp(`/t/${QR}`);
    expect(
      await screen.findByText('2 dishes are hidden by your filter.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('button', { name: 'Caesar' })).toBeTruthy();
    expect(screen.queryByText(/hidden by your filter/)).toBeNull();
    sessionStorage.clear();
  });

  it('explains a code that does not work', async () => {
    stubGuestApi();
    renderApp('/t/some-old-code-0123456789');
    expect(
      await screen.findByRole('heading', { name: "This code doesn't work any more" }, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});

describe('GuestOrderScreen', () => {
  const remember = () =>
    localStorage.setItem(
      ordersStorageKey(QR),
      JSON.stringify([
        { orderId: order().id, guestToken: 'secret', number: 12, placedAt: order().createdAt },
      ]),
    );

  it('follows the order live and says when the stream is down', async () => {
    remember();
    stubGuestApi();
    renderApp(`/t/${QR}/orders/${order().id}`);
    expect(await screen.findByRole('heading', { name: 'Order #12' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toContain('We have your order');

    const stream = FakeEventSource.last!;
    expect(stream.url).toBe(`/api/orders/${order().id}/stream?guestToken=secret`);
    stream.open();
    stream.emit('ready', {});
    await waitFor(() => expect(screen.getByTestId('connection-hint').textContent).toBe('Live'));

    const at = '2025-03-14T18:05:00.000Z';
    stream.emit('order.updated', {
      order: order({
        status: 'ready',
        statusHistory: [
          ...order().statusHistory,
          { status: 'accepted', at, by: { type: 'staff', id: null, name: 'Marco' }, reason: null },
          { status: 'preparing', at, by: { type: 'staff', id: null, name: 'Marco' }, reason: null },
          { status: 'ready', at, by: { type: 'staff', id: null, name: 'Marco' }, reason: null },
        ],
      }),
    });
    await waitFor(() => expect(screen.getByTestId('order-status').getAttribute('data-status')).toBe('ready'));
    expect(screen.getByTestId('order-status').textContent).toContain('Your order is ready');
    const current = screen
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Ready');

    stream.fail({ closed: true });
    await waitFor(() => expect(screen.getByTestId('connection-hint').textContent).toBe('Offline, retrying…'));
  });

  it('shows a cancellation with its reason', async () => {
    remember();
    stubGuestApi();
    renderApp(`/t/${QR}/orders/${order().id}`);
    await screen.findByRole('heading', { name: 'Order #12' }, { timeout: 5_000 });
    FakeEventSource.last!.emit('order.updated', {
      order: order({
        status: 'cancelled',
        statusHistory: [
          ...order().statusHistory,
          {
            status: 'cancelled',
            at: '2025-03-14T18:03:00.000Z',
            by: { type: 'staff', id: null, name: 'Marco' },
            reason: 'The oven is broken',
          },
        ],
      }),
    });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toContain('Cancelled'));
    expect(screen.getByText('The restaurant cancelled this order: The oven is broken')).toBeTruthy();
  });

  it('shows units the restaurant voided struck through, and a discount', async () => {
    remember();
    stubGuestApi();
    renderApp(`/t/${QR}/orders/${order().id}`);
    await screen.findByRole('heading', { name: 'Order #12' }, { timeout: 5_000 });
    const [line] = order().items;
    FakeEventSource.last!.emit('order.updated', {
      order: order({
        version: 3,
        items: [{ ...line!, quantity: 1, voidedQuantity: 1, discountMinor: 250, lineTotalMinor: 1000 }],
        subtotalMinor: 1000,
        discountMinor: 250,
      }),
    });
    const row = await screen.findByTestId('order-line');
    await waitFor(() => expect(within(row).getByTestId('voided-units').textContent).toBe('1 taken off'));
    expect(within(row).getByText(/^2 ×/)).toBeTruthy();
    expect(within(row).getByText('−€2.50 discount')).toBeTruthy();
    expect(screen.getByTestId('bill-row-discount').textContent).toBe('Discounts−€2.50');
  });

  it('says under the total what it holds of each tax rate, and nothing of tax without rates', async () => {
    remember();
    stubGuestApi();
    renderApp(`/t/${QR}/orders/${order().id}`);
    const total = await screen.findByTestId('order-total', {}, { timeout: 5_000 });
    const figures = () => [...total.closest('dl')!.children].map((row) => row.textContent);
    expect(figures()).toEqual(['Subtotal€12.50', 'Service charge€1.25', 'Total€13.75']);
    // The dish and the service charge at 10 %: 13.75 holds 1.25.
    FakeEventSource.last!.emit('order.updated', {
      order: order({ version: 3, taxes: [includedTax('Food', 1000, 1375)], netMinor: 1250, taxMinor: 125 }),
    });
    await waitFor(() => expect(screen.getAllByTestId('order-tax')).toHaveLength(1));
    expect(figures()).toEqual([
      'Subtotal€12.50',
      'Service charge€1.25',
      'Total€13.75',
      'of which VAT 10%€1.25',
    ]);
  });

  it('does not show an order this phone did not place', async () => {
    stubGuestApi();
    renderApp(`/t/${QR}/orders/${order().id}`);
    expect(
      await screen.findByRole('heading', { name: "This order isn't on this phone" }, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});

describe('GuestOrderScreen payment', () => {
  const remember = () =>
    localStorage.setItem(
      ordersStorageKey(QR),
      JSON.stringify([
        { orderId: order().id, guestToken: 'secret', number: 12, placedAt: order().createdAt },
      ]),
    );
  afterEach(() => {
    vi.restoreAllMocks();
  });

  type Checkout = { headers: Record<string, string> };

  /** The guest API with the order as `current()` has it, and the checkout answered by `answer`. */
  function stubPaymentApi(
    current: () => TOrder,
    answer: () => Response = () =>
      jsonResponse(201, {
        paymentId: '88888888-8888-4888-8888-888888888888',
        checkoutUrl: '/pay/sandbox/88888888-8888-4888-8888-888888888888',
        amountMinor: 1_375,
        currency: 'EUR',
      }),
  ) {
    const checkouts: Checkout[] = [];
    const orderReads: number[] = [];
    stubFetch(({ url, method, init }) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (url.pathname === '/api/menu/qr') return jsonResponse(200, guestMenu);
      if (url.pathname === `/api/orders/${order().id}/checkout` && method === 'POST') {
        checkouts.push({ headers });
        return answer();
      }
      if (url.pathname === `/api/orders/${order().id}`) {
        orderReads.push(Date.now());
        return headers['x-guest-token'] === 'secret'
          ? jsonResponse(200, current())
          : errorResponse(404, 'NOT_FOUND', 'No');
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    return { checkouts, orderReads };
  }

  it('pays what is due: starts the checkout with the guest token and an Idempotency-Key, then goes to it', async () => {
    remember();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { checkouts } = stubPaymentApi(() => order());
    renderApp(`/t/${QR}/orders/${order().id}`);
    const panel = await screen.findByTestId('order-payment', {}, { timeout: 5_000 });
    expect(panel.getAttribute('data-state')).toBe('due');
    expect(within(panel).getByTestId('amount-due').textContent).toBe('€13.75');
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/pay/sandbox/88888888-8888-4888-8888-888888888888'),
    );
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]!.headers['x-guest-token']).toBe('secret');
    expect(checkouts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tries again with the same key after a dropped connection, and says what went wrong', async () => {
    remember();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let fail = true;
    const { checkouts } = stubPaymentApi(
      () => order(),
      () =>
        fail
          ? errorResponse(503, 'UNAVAILABLE', 'The payment provider is not answering')
          : jsonResponse(201, {
              paymentId: '88888888-8888-4888-8888-888888888888',
              checkoutUrl: 'https://pay.example.com/c/abc',
              amountMinor: 1_375,
              currency: 'EUR',
            }),
    );
    renderApp(`/t/${QR}/orders/${order().id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }, { timeout: 5_000 }));
    expect(await screen.findByText('The payment provider is not answering')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/c/abc'));
    expect(checkouts[1]!.headers['idempotency-key']).toBe(checkouts[0]!.headers['idempotency-key']);
  });

  it('shows a partly paid order as paid and due, and a paid one as paid without a button', async () => {
    remember();
    let current = order({ paidMinor: 1_000 });
    stubPaymentApi(() => current);
    renderApp(`/t/${QR}/orders/${order().id}`);
    expect((await screen.findByTestId('payment-progress', {}, { timeout: 5_000 })).textContent).toBe(
      '€10.00 paid · €3.75 due',
    );
    expect(screen.getByTestId('amount-due').textContent).toBe('€3.75');

    current = order({ paidMinor: 1_375, paymentStatus: 'paid', version: 2 });
    FakeEventSource.last!.emit('order.updated', { order: current });
    await waitFor(() => expect(screen.getByTestId('order-payment').getAttribute('data-state')).toBe('paid'));
    expect(screen.getByTestId('order-payment').textContent).toContain('Paid');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('is usable again and reloads the order when the browser comes back from the checkout', async () => {
    remember();
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let current = order();
    const { orderReads } = stubPaymentApi(() => current);
    renderApp(`/t/${QR}/orders/${order().id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }, { timeout: 5_000 }));
    expect(await screen.findByText('Opening the payment…')).toBeTruthy();

    // Paid on the provider's page, then the Back button: the page comes back from the browser's cache.
    current = order({ paidMinor: 1_375, paymentStatus: 'paid', version: 2 });
    const reads = orderReads.length;
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await waitFor(() => expect(screen.getByTestId('order-payment').getAttribute('data-state')).toBe('paid'));
    expect(orderReads.length).toBeGreaterThan(reads);
  });

  it('asks nothing of a cancelled order', async () => {
    remember();
    stubPaymentApi(() => order({ status: 'cancelled' }));
    renderApp(`/t/${QR}/orders/${order().id}`);
    await screen.findByRole('heading', { name: 'Order #12' }, { timeout: 5_000 });
    expect(screen.queryByTestId('order-payment')).toBeNull();
  });
});

describe('GuestOrderScreen review', () => {
  const remember = () =>
    localStorage.setItem(
      ordersStorageKey(QR),
      JSON.stringify([
        { orderId: order().id, guestToken: 'secret', number: 12, placedAt: order().createdAt },
      ]),
    );
  const served = () => order({ status: 'served' });
  const review = (overrides: Partial<TReview> = {}): TReview => ({
    id: '99999999-9999-4999-8999-999999999999',
    orderId: order().id,
    orderNumber: 12,
    tableNumber: 4,
    rating: 4,
    comment: null,
    guestName: null,
    createdAt: '2025-03-14T19:00:00.000Z',
    ...overrides,
  });

  /** The guest API with the order as `current()` has it; the review lookup and POST /reviews as given. */
  function stubReviewApi(
    current: () => TOrder,
    {
      existing = () => null,
      answer = (body) => jsonResponse(201, review({ rating: body.rating as number })),
    }: {
      existing?: () => TReview | null;
      answer?: (body: Record<string, unknown>) => Response;
    } = {},
  ) {
    const posts: Record<string, unknown>[] = [];
    const lookups: Record<string, string>[] = [];
    stubFetch(({ url, method, init }) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (url.pathname === '/api/menu/qr') return jsonResponse(200, guestMenu);
      if (url.pathname === `/reviews/order/${order().id}`) {
        lookups.push(headers);
        return jsonResponse(200, { review: existing() });
      }
      if (url.pathname === '/reviews' && method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return answer(body);
      }
      if (url.pathname === `/api/orders/${order().id}`) return jsonResponse(200, current());
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    return { posts, lookups };
  }

  const openOrder = async () => {
    renderApp(`/t/${QR}/orders/${order().id}`);
    await screen.findByRole('heading', { name: 'Order #12' }, { timeout: 5_000 });
  };

  it('asks nothing before the order is served, then asks once the live status says served', async () => {
    remember();
    const { lookups } = stubReviewApi(() => order({ status: 'preparing' }));
    await openOrder();
    expect(screen.queryByRole('heading', { name: 'How was it?' })).toBeNull();
    expect(lookups).toHaveLength(0);

    FakeEventSource.last!.emit('order.updated', { order: { ...served(), version: 5 } });
    expect(await screen.findByRole('heading', { name: 'How was it?' })).toBeTruthy();
    expect(lookups[0]?.['x-guest-token']).toBe('secret');
    const stars = within(screen.getByRole('radiogroup', { name: 'Your rating' })).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
  });

  it('sends the rating, comment and name with the token, then thanks the guest with the stars and remembers it', async () => {
    remember();
    const { posts } = stubReviewApi(served);
    await openOrder();
    const card = await screen.findByTestId('order-review');
    fireEvent.click(within(card).getByRole('button', { name: 'Send review' }));
    expect(within(card).getByRole('alert').textContent).toBe('Choose from 1 to 5 stars');
    expect(posts).toHaveLength(0);

    fireEvent.click(within(card).getByRole('radio', { name: '4 stars' }));
    expect((within(card).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    const comment = within(card).getByLabelText('Anything to add? (optional)');
    fireEvent.change(comment, { target: { value: 'Great pizza.\nSlow coffee.' } });
    expect(within(card).getByText('25 / 1,000')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Your name (optional)'), { target: { value: ' Bea ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send review' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(posts).toEqual([
      {
        orderId: order().id,
        guestToken: 'secret',
        rating: 4,
        comment: 'Great pizza.\nSlow coffee.',
        guestName: 'Bea',
      },
    ]);
    expect(screen.getByRole('img', { name: 'You gave 4 stars' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'How was it?' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(REVIEWED_STORAGE_KEY)!)).toEqual([
      { orderId: order().id, rating: 4 },
    ]);

    // Back on this phone later: the thank-you at once.
    cleanup();
    await openOrder();
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
  });

  it('turns a 409 (already reviewed, from another phone) into the thank-you, with the stars given', async () => {
    remember();
    let known: TReview | null = null;
    stubReviewApi(served, {
      existing: () => known,
      answer: () => {
        known = review({ rating: 2 });
        return errorResponse(409, 'DUPLICATE', 'This order has already been reviewed');
      },
    });
    await openOrder();
    const card = await screen.findByTestId('order-review');
    fireEvent.click(within(card).getByRole('radio', { name: '5 stars' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'You gave 2 stars' })).toBeTruthy();
  });

  it('shows the thank-you straight away when the server has a review of this order', async () => {
    remember();
    stubReviewApi(() => order({ status: 'completed' }), { existing: () => review({ rating: 5 }) });
    await openOrder();
    expect(await screen.findByRole('img', { name: 'You gave 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('keeps the form and says what went wrong when sending fails', async () => {
    remember();
    stubReviewApi(served, {
      answer: () => errorResponse(422, 'UNPROCESSABLE', 'This order can be reviewed once it has been served'),
    });
    await openOrder();
    const card = await screen.findByTestId('order-review');
    fireEvent.click(within(card).getByRole('radio', { name: '3 stars' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send review' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This order can be reviewed once it has been served',
    );
    expect(within(card).getByRole('button', { name: 'Send review' })).toBeTruthy();
  });
});
