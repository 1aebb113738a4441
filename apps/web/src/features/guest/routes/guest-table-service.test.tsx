import type { TGuestMenu } from '@tavolo/contract/menu';
import type {
  TBillLine,
  TBillReceipt,
  TBillSplit,
  TServiceRequest,
  TTableBill,
} from '@tavolo/contract/table-service';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import { fakeCategory, fakeGuestTodayMenu, fakeId, fakeMenuItem } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { fakeReceipt } from '../../../testing/receipt-fixtures';
import { renderApp } from '../../../testing/render-app';
import { cartStorageKey } from '../model/cart';
import { ordersStorageKey } from '../model/remembered-orders';

const QR = 'table-four-code-0123456789';
const ORDER_A = '00000000-0000-4000-8000-0000000000a1';
const ORDER_B = '00000000-0000-4000-8000-0000000000b2';
const PAYMENT_ID = '88888888-8888-4888-8888-888888888888';
const RECEIPT_ID = '99999999-9999-4999-8999-999999999999';

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.reset();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const pizza = fakeCategory({ name: 'Pizza' });
const margherita = fakeMenuItem({ name: 'Margherita', priceMinor: 1_000, categoryId: pizza.id });
const guestMenu = (soldOut = false): TGuestMenu => ({
  restaurant: {
    id: fakeId(),
    name: 'Trattoria Giulia',
    address: null,
    phone: null,
    logoUrl: null,
    bannerUrl: null,
    currency: 'EUR',
    timezone: 'Europe/Rome',
    serviceChargePercent: 0,
  },
  table: { id: fakeId(), number: 4, label: null },
  menu: fakeGuestTodayMenu([{ category: pizza, items: [{ ...margherita, soldOut }] }]),
  language: 'en',
  languages: ['en'],
});

/** One id per dish name: a bill's lines name their dishes by id, as the menu does. */
const dishIds = new Map<string, string>([['Margherita', margherita.id]]);
function dishId(name: string): string {
  const id = dishIds.get(name) ?? fakeId();
  dishIds.set(name, id);
  return id;
}

function billLineBase(
  overrides: Partial<TBillLine> = {},
): Omit<TBillLine, 'options' | 'unitPriceMinor' | 'amountMinor' | 'discountMinor'> & Partial<TBillLine> {
  const name = overrides.name ?? 'Margherita';
  return {
    orderId: ORDER_A,
    orderNumber: 12,
    seat: null,
    lineIndex: 0,
    menuItemId: dishId(name),
    name,
    quantity: 2,
    paidQuantity: 0,
    pendingQuantity: 0,
    totalMinor: 2_000,
    ...overrides,
  };
}

/** Fixtures without a service charge: a line reads at what it costs. */
function billLine(overrides: Partial<TBillLine> = {}): TBillLine {
  const base = billLineBase(overrides);
  return {
    options: [],
    unitPriceMinor: Math.round(base.totalMinor / Math.max(1, base.quantity)),
    amountMinor: base.totalMinor,
    discountMinor: 0,
    ...base,
  };
}

function bill(overrides: Partial<TTableBill> = {}): TTableBill {
  const lines = overrides.lines ?? [
    billLine(),
    billLine({ lineIndex: 1, name: 'Tiramisù', quantity: 1, totalMinor: 700 }),
    billLine({ orderId: ORDER_B, orderNumber: 13, name: 'Espresso', quantity: 3, totalMinor: 1_000 }),
  ];
  const totalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  const paidMinor = overrides.paidMinor ?? 0;
  return {
    visitId: '00000000-0000-4000-8000-0000000000c3',
    tableId: '00000000-0000-4000-8000-0000000000d4',
    tableNumber: 4,
    currency: 'EUR',
    lines,
    itemsMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    discountMinor: 0,
    serviceChargeMinor: 0,
    orderTipsMinor: 0,
    totalMinor,
    paidMinor,
    dueMinor: Math.max(0, totalMinor - paidMinor),
    pendingMinor: 0,
    tipsMinor: 0,
    payments: [],
    split: null,
    ...overrides,
  };
}

function serviceRequest(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000e5',
    tableId: '00000000-0000-4000-8000-0000000000d4',
    tableNumber: 4,
    kind: 'waiter',
    message: null,
    status: 'open',
    createdAt: new Date().toISOString(),
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

function receipt(overrides: Partial<TBillReceipt> = {}): TBillReceipt {
  return {
    paymentId: PAYMENT_ID,
    status: 'succeeded',
    restaurantName: 'Trattoria Giulia',
    tableNumber: 4,
    currency: 'EUR',
    mode: 'items',
    parts: null,
    items: [{ menuItemId: margherita.id, name: 'Margherita', quantity: 1, amountMinor: 1_000 }],
    amountMinor: 1_000,
    tipMinor: 150,
    paidAt: '2025-03-14T19:00:00.000Z',
    receiptId: null,
    createdAt: '2025-03-14T18:59:00.000Z',
    ...overrides,
  };
}

type Sent = { headers: Record<string, string>; body: Record<string, unknown> };

/** The table's API: the menu, the bill, the calls to staff, checkouts and receipts, each as given. */
function stubTableApi({
  currentBill = () => bill(),
  menu = () => guestMenu(),
  requests = () => [],
  createRequest = (body) => jsonResponse(201, serviceRequest({ kind: body.kind as TServiceRequest['kind'] })),
  checkout = () =>
    jsonResponse(201, {
      paymentId: PAYMENT_ID,
      checkoutUrl: `/pay/sandbox/${PAYMENT_ID}`,
      amountMinor: 3_700,
      tipMinor: 0,
      currency: 'EUR',
    }),
  currentReceipt = () => receipt(),
  receiptEmail = () => new Response(null, { status: 202 }),
  order,
}: {
  currentBill?: () => TTableBill;
  /** The menu in the language asked for (`lang`). */
  menu?: (language: string | null) => TGuestMenu;
  requests?: () => TServiceRequest[];
  createRequest?: (body: Record<string, unknown>) => Response;
  checkout?: (body: Record<string, unknown>) => Response;
  currentReceipt?: () => TBillReceipt;
  /** The answer to e-mailing the receipt (202). */
  receiptEmail?: () => Response;
  order?: ReturnType<typeof fakeOrder>;
} = {}) {
  const receiptReads: string[] = [];
  const emails: Record<string, unknown>[] = [];
  const checkouts: Sent[] = [];
  const calls: Sent[] = [];
  const billReads: number[] = [];
  const menuReads: number[] = [];
  const fetch = stubFetch(({ url, method, init }) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (method === 'GET' && url.searchParams.has('qrToken') && url.searchParams.get('qrToken') !== QR) {
      return errorResponse(404, 'NOT_FOUND', "This table's code is not valid any more");
    }
    if (url.pathname === '/api/menu/qr') {
      menuReads.push(Date.now());
      return jsonResponse(200, menu(url.searchParams.get('lang')));
    }
    if (url.pathname === '/api/tables/bill') {
      billReads.push(Date.now());
      return jsonResponse(200, currentBill());
    }
    if (url.pathname === '/api/service-requests/table') return jsonResponse(200, { items: requests() });
    if (url.pathname === '/api/service-requests' && method === 'POST') {
      calls.push({ headers, body });
      return createRequest(body);
    }
    if (url.pathname === '/api/tables/bill/checkout' && method === 'POST') {
      checkouts.push({ headers, body });
      return checkout(body);
    }
    if (url.pathname === `/api/tables/bill/payments/${PAYMENT_ID}`)
      return jsonResponse(200, currentReceipt());
    if (url.pathname === `/api/receipts/${RECEIPT_ID}` && url.searchParams.get('token') === QR) {
      receiptReads.push(url.search);
      return jsonResponse(200, fakeReceipt({ id: RECEIPT_ID, tableNumber: 4 }));
    }
    if (url.pathname === `/api/receipts/${RECEIPT_ID}/email` && method === 'POST') {
      emails.push(body);
      return receiptEmail();
    }
    if (order && url.pathname === `/api/orders/${order.id}`) return jsonResponse(200, order);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, checkouts, calls, billReads, menuReads, receiptReads, emails };
}

const tableStream = () => {
  const stream = FakeEventSource.instances.find((source) => source.url.startsWith('/api/tables/stream'));
  if (!stream) throw new Error('no table stream');
  return stream;
};

const openBill = async () => {
  const view = renderApp(`/t/${QR}/bill`);
  await screen.findByTestId('bill-due', {}, { timeout: 5_000 });
  return view;
};

describe('the bill page', () => {
  it('shows the bill by order, with what is paid, being paid and due, and the payments so far', async () => {
    stubTableApi({
      currentBill: () =>
        bill({
          lines: [
            billLine({ paidQuantity: 2 }),
            billLine({ lineIndex: 1, name: 'Tiramisù', quantity: 1, totalMinor: 700, pendingQuantity: 1 }),
            billLine({ orderId: ORDER_B, orderNumber: 13, name: 'Espresso', quantity: 3, totalMinor: 1_000 }),
          ],
          paidMinor: 2_000,
          pendingMinor: 700,
          tipsMinor: 300,
          payments: [
            {
              id: '00000000-0000-4000-8000-0000000000f6',
              amountMinor: 2_000,
              tipMinor: 300,
              method: 'online',
              mode: 'items',
              at: '2025-03-14T18:30:00.000Z',
            },
          ],
        }),
    });
    await openBill();
    expect(screen.getByTestId('bill-total').textContent).toBe('€37.00');
    // Paid with the tips paid; the tip after the total, never inside a line (issue 42).
    expect(screen.getByTestId('bill-paid').textContent).toBe('€23.00');
    expect(screen.getByTestId('bill-due').textContent).toBe('€17.00');
    expect(screen.getByTestId('bill-tips').textContent).toBe('€3.00');
    expect(
      within(screen.getByTestId('bill-summary'))
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Total', 'Tip', 'Total with tip', 'Paid', 'Left to pay']);
    const orders = screen.getAllByTestId('bill-order');
    expect(orders.map((order) => within(order).getByRole('heading').textContent)).toEqual([
      'Order #12',
      'Order #13',
    ]);
    expect(screen.getAllByTestId('bill-line').map((line) => line.getAttribute('data-state'))).toEqual([
      'paid',
      'pending',
      'open',
    ]);
    expect(screen.getAllByTestId('bill-line')[1]?.textContent).toContain('Being paid');
    expect(screen.getByText('€7.00 is being paid on another phone right now.')).toBeTruthy();
    const payment = screen.getByTestId('bill-payment');
    expect(payment.textContent).toContain('€20.00');
    expect(payment.textContent).toContain('+ €3.00 tip');
    // The whole bill is what nobody else is paying.
    expect(screen.getByRole('radio', { name: /Pay the whole bill/ }).closest('label')?.textContent).toContain(
      '€10.00',
    );
  });

  it('reads lines at their menu price, then the discount, the service charge and the total, the tip after it', async () => {
    // €17.00 steak with a €1.70 discount and 10 % service on what is left: the line stays €17.00 (issue 42).
    stubTableApi({
      currentBill: () =>
        bill({
          lines: [
            billLine({
              name: 'Steak',
              quantity: 1,
              options: [{ group: 'Cooking', choice: 'Rare', priceMinor: 0 }],
              unitPriceMinor: 1_700,
              amountMinor: 1_700,
              discountMinor: 170,
              totalMinor: 1_683 + 200,
            }),
          ],
          itemsMinor: 1_700,
          discountMinor: 170,
          serviceChargeMinor: 153,
          orderTipsMinor: 200,
          totalMinor: 1_883,
        }),
    });
    await openBill();
    expect(screen.getByTestId('bill-line-amount').textContent).toBe('€17.00');
    expect(screen.getByTestId('bill-line').textContent).toContain('Rare');
    const rows = screen.getByTestId('bill-summary').children;
    expect([...rows].map((row) => row.textContent)).toEqual([
      'Subtotal€17.00',
      'Discounts−€1.70',
      'Service charge€1.53',
      'Total€16.83',
      'Tip€2.00',
      'Total with tip€18.83',
      'Paid€0.00',
      'Left to pay€18.83',
    ]);
  });

  it('says when there is nothing on the bill yet, and when it is all paid', async () => {
    let current = bill({ lines: [] });
    stubTableApi({ currentBill: () => current });
    renderApp(`/t/${QR}/bill`);
    expect(await screen.findByText('Nothing on the bill yet', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('bill-pay')).toBeNull();

    current = bill({ paidMinor: 3_700 });
    tableStream().emit('bill.updated', {
      tableId: current.tableId,
      tableNumber: 4,
      visitId: current.visitId,
      totalMinor: 3_700,
      paidMinor: 3_700,
      dueMinor: 0,
      closed: false,
    });
    expect(await screen.findByText('All paid — thank you')).toBeTruthy();
    expect(screen.queryByTestId('bill-pay')).toBeNull();
  });

  it('thanks the table when the last payment ends the visit and leaves a new, empty bill', async () => {
    let current = bill({ paidMinor: 1_000 });
    stubTableApi({ currentBill: () => current });
    await openBill();
    current = bill({ lines: [], visitId: '00000000-0000-4000-8000-0000000000c9' });
    tableStream().emit('bill.updated', {
      tableId: current.tableId,
      tableNumber: 4,
      visitId: bill().visitId,
      totalMinor: 3_700,
      paidMinor: 3_700,
      dueMinor: 0,
      closed: true,
    });
    expect(await screen.findByText('All paid — thank you')).toBeTruthy();
    expect(screen.getByTestId('bill-settled').textContent).toContain('€37.00 paid in all');
    expect(screen.queryByText('Nothing on the bill yet')).toBeNull();
  });

  it('pays the whole bill with a 10% tip: an Idempotency-Key, then off to the checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { checkouts } = stubTableApi();
    await openBill();
    fireEvent.click(screen.getByRole('button', { name: /^10%/ }));
    expect(screen.getByTestId('bill-pay-tip').textContent).toBe('€3.70');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €40.70' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/pay/sandbox/${PAYMENT_ID}`));
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]?.body).toEqual({ qrToken: QR, mode: 'full', tipMinor: 370 });
    expect(checkouts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('splits equally: the stepper shows each share, the checkout gets the number of ways', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { checkouts } = stubTableApi();
    await openBill();
    fireEvent.click(screen.getByRole('radio', { name: /Split equally/ }));
    expect(screen.getByTestId('split-each').textContent).toBe('2 ways · €18.50 each');
    fireEvent.click(screen.getByRole('button', { name: 'One more (Ways to split)' }));
    expect(screen.getByTestId('split-each').textContent).toBe('3 ways · €12.33 each');
    expect(screen.getByTestId('bill-pay-amount').textContent).toBe('€12.33');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €12.33' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(checkouts[0]?.body).toEqual({ qrToken: QR, mode: 'equal', parts: 3, tipMinor: 0 });
  });

  it('splits what is due, not the whole bill: after €24.00 of €37.00 was paid, 3 ways ask €4.33', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { checkouts } = stubTableApi({ currentBill: () => bill({ paidMinor: 2_400 }) });
    await openBill();
    fireEvent.click(screen.getByRole('radio', { name: /Split equally/ }));
    fireEvent.click(screen.getByRole('button', { name: 'One more (Ways to split)' }));
    expect(screen.getByTestId('split-each').textContent).toBe('3 ways · €4.33 each');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €4.33' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(checkouts[0]?.body).toEqual({ qrToken: QR, mode: 'equal', parts: 3, tipMinor: 0 });
  });

  it('joins the split under way at its size and ways; the last share shows the remainder', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const split: TBillSplit = {
      id: '00000000-0000-4000-8000-0000000000f7',
      parts: 3,
      dueMinor: 1_300,
      shareMinor: 433,
      paidShares: 1,
      takenShares: 2,
      nextShareMinor: 434,
      stale: false,
    };
    const { checkouts } = stubTableApi({
      currentBill: () => bill({ paidMinor: 2_833, pendingMinor: 433, split }),
    });
    await openBill();
    // The table is splitting: the page opens on the share, and the ways are the split's.
    expect(screen.getByRole('radio', { name: /Split equally/ })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: 'One more (Ways to split)' })).toBeNull();
    expect(screen.getByTestId('split-under-way').textContent).toContain(
      'The table is splitting €13.00 into 3 shares: 2 paid or being paid.',
    );
    expect(screen.getByTestId('split-each').textContent).toBe('3 ways · €4.33 each');
    expect(screen.getByText('Yours is the last share, €4.34: it takes what rounding left.')).toBeTruthy();
    expect(screen.getByTestId('bill-pay-amount').textContent).toBe('€4.34');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €4.34' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(checkouts[0]?.body).toEqual({ qrToken: QR, mode: 'equal', parts: 3, tipMinor: 0 });
  });

  it('hears that the bill changed mid-split, shows the split as stale and splits what is left again', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const split: TBillSplit = {
      id: '00000000-0000-4000-8000-0000000000f8',
      parts: 3,
      dueMinor: 3_700,
      shareMinor: 1_233,
      paidShares: 1,
      takenShares: 1,
      nextShareMinor: 1_233,
      stale: false,
    };
    let current = bill({ paidMinor: 1_233, split });
    let refuse = true;
    const { checkouts, billReads } = stubTableApi({
      currentBill: () => current,
      checkout: () => {
        if (!refuse) {
          return jsonResponse(201, {
            paymentId: PAYMENT_ID,
            checkoutUrl: `/pay/sandbox/${PAYMENT_ID}`,
            amountMinor: 1_022,
            tipMinor: 0,
            currency: 'EUR',
          });
        }
        refuse = false;
        // Meanwhile the table ordered a €6.00 glass.
        current = bill({
          totalMinor: 4_300,
          paidMinor: 1_233,
          dueMinor: 3_067,
          split: { ...split, stale: true },
        });
        return errorResponse(
          409,
          'SPLIT_STALE',
          'The bill changed since it was split 3 ways (an order, a refund or a payment outside the split): split it again to share what is due now',
        );
      },
    });
    await openBill();
    expect(screen.getByTestId('bill-pay-amount').textContent).toBe('€12.33');
    const reads = billReads.length;
    fireEvent.click(screen.getByRole('button', { name: 'Pay €12.33' }));
    expect(
      await within(screen.getByTestId('bill-pay')).findByText(
        /The bill changed since it was split 3 ways \(an order, a refund or a payment outside/,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(billReads.length).toBeGreaterThan(reads));
    const stale = await screen.findByTestId('split-stale');
    expect(stale.textContent).toContain('The bill changed since it was split 3 ways');
    expect(stale.textContent).toContain('Split what is left to pay, €30.67, again');
    expect(screen.getByTestId('split-each').textContent).toBe('3 ways · €10.22 each');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €10.22' }));
    await waitFor(() => expect(checkouts).toHaveLength(2));
    expect(checkouts[0]?.body).toEqual({ qrToken: QR, mode: 'equal', parts: 3, tipMinor: 0 });
    expect(checkouts[1]?.body).toEqual({ qrToken: QR, mode: 'equal', parts: 3, newSplit: true, tipMinor: 0 });
    expect(checkouts[1]?.headers['idempotency-key']).not.toBe(checkouts[0]?.headers['idempotency-key']);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/pay/sandbox/${PAYMENT_ID}`));
  });

  it('pays for chosen items with a tip typed by hand, and refuses a tip above the amount', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { checkouts } = stubTableApi();
    await openBill();
    fireEvent.click(screen.getByRole('radio', { name: /Pay for items/ }));
    expect(screen.getByRole('button', { name: 'Pay €0.00' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'One more (Margherita, order #12)' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more (Espresso, order #13)' }));
    expect(screen.getByTestId('bill-pay-amount').textContent).toBe('€13.33');
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    fireEvent.change(screen.getByLabelText('Tip amount'), { target: { value: '20' } });
    expect(screen.getByText('The tip cannot be more than the amount you pay.')).toBeTruthy();
    expect(screen.getByTestId('bill-pay-button')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Tip amount'), { target: { value: '1.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay €14.83' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));
    expect(checkouts[0]?.body).toEqual({
      qrToken: QR,
      mode: 'items',
      items: [
        { orderId: ORDER_A, lineIndex: 0, quantity: 1 },
        { orderId: ORDER_B, lineIndex: 0, quantity: 1 },
      ],
      tipMinor: 150,
    });
  });

  it("names the dishes in the guest's language, each falling back to the name the order keeps", async () => {
    const drinks = fakeCategory({ name: 'Drinks' });
    const water = fakeMenuItem({ id: dishId('Still water'), name: 'Still water', categoryId: drinks.id });
    const tiramisu = fakeMenuItem({ id: dishId('Tiramisù'), name: 'Tiramisù', categoryId: drinks.id });
    // The server answers a German guest in German where the restaurant wrote German, and in the
    // working language where it did not (the tiramisù); the espresso is off today's menu.
    const germanMenu = (): TGuestMenu => ({
      ...guestMenu(),
      menu: fakeGuestTodayMenu([
        { category: pizza, items: [{ ...margherita, name: 'Margherita mit Basilikum' }] },
        {
          category: { ...drinks, name: 'Getränke' },
          items: [{ ...water, name: 'Stilles Wasser' }, tiramisu],
        },
      ]),
      language: 'de',
      languages: ['en', 'de'],
    });
    stubTableApi({
      menu: (language) => (language === 'de' ? germanMenu() : guestMenu()),
      currentBill: () =>
        bill({
          lines: [
            billLine(),
            billLine({ lineIndex: 1, name: 'Still water', quantity: 1, totalMinor: 300 }),
            billLine({ lineIndex: 2, name: 'Tiramisù', quantity: 1, totalMinor: 700 }),
            billLine({ orderId: ORDER_B, orderNumber: 13, name: 'Espresso', quantity: 3, totalMinor: 1_000 }),
          ],
        }),
    });
    loadCatalogues('de');
    i18n.activate('de');
    try {
      await openBill();
      expect(screen.getAllByTestId('bill-line').map((line) => line.querySelector('p')?.textContent)).toEqual([
        '2 × Margherita mit Basilikum',
        '1 × Stilles Wasser',
        '1 × Tiramisù',
        '3 × Espresso',
      ]);
      fireEvent.click(screen.getByRole('radio', { name: /Einzelne Posten bezahlen/ }));
      expect(
        screen.getAllByTestId('bill-item-choice').map((choice) => choice.querySelector('p')?.textContent),
      ).toEqual(['Margherita mit Basilikum', 'Stilles Wasser', 'Tiramisù', 'Espresso']);
      expect(
        screen.getAllByRole('button', { name: /Margherita mit Basilikum, Bestellung Nr\. 12/ }),
      ).toHaveLength(2);
    } finally {
      await speakEnglishAgain();
    }
  });

  it("names the receipt's dishes in the guest's language", async () => {
    stubTableApi({
      menu: (language) =>
        language === 'de'
          ? {
              ...guestMenu(),
              menu: fakeGuestTodayMenu([
                { category: pizza, items: [{ ...margherita, name: 'Margherita mit Basilikum' }] },
              ]),
              language: 'de',
              languages: ['en', 'de'],
            }
          : guestMenu(),
      currentReceipt: () => receipt(),
    });
    loadCatalogues('de');
    i18n.activate('de');
    try {
      renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
      expect(await screen.findByTestId('receipt')).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByTestId('receipt-item').textContent).toContain('1 × Margherita mit Basilikum'),
      );
    } finally {
      await speakEnglishAgain();
    }
  });

  it('says who is paying already on a 409, and shows the bill as it is now', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let current = bill();
    const { billReads } = stubTableApi({
      currentBill: () => current,
      checkout: () => {
        current = bill({ pendingMinor: 3_700 });
        return errorResponse(409, 'CONFLICT', 'Someone else is paying for Margherita');
      },
    });
    await openBill();
    const reads = billReads.length;
    fireEvent.click(screen.getByTestId('bill-pay-button'));
    expect(
      await within(screen.getByTestId('bill-pay')).findByText('Someone else is paying for Margherita'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert').textContent,
    ).toContain('Someone else is paying for Margherita');
    await waitFor(() => expect(billReads.length).toBeGreaterThan(reads));
    expect(await screen.findByText('€37.00 is being paid on another phone right now.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says in the guest's language, with the guest's dish names, what was paid meanwhile", async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const itemsTaken = [
      {
        orderId: ORDER_A,
        lineIndex: 0,
        menuItemId: margherita.id,
        name: 'Margherita',
        quantity: 2,
        remaining: 0,
        beingPaid: true,
      },
      {
        orderId: ORDER_B,
        lineIndex: 0,
        menuItemId: dishId('Espresso'),
        name: 'Espresso',
        quantity: 3,
        remaining: 1,
        beingPaid: false,
      },
    ];
    stubTableApi({
      menu: (language) =>
        language === 'de'
          ? {
              ...guestMenu(),
              menu: fakeGuestTodayMenu([
                { category: pizza, items: [{ ...margherita, name: 'Margherita mit Basilikum' }] },
              ]),
              language: 'de',
              languages: ['en', 'de'],
            }
          : guestMenu(),
      checkout: () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message:
              'Someone else is paying for Margherita: 0 of 2 left to pay; Espresso is partly paid: 1 of 3 left to pay',
            fields: { 'items.0.quantity': '0 of 2 left to pay', 'items.1.quantity': '1 of 3 left to pay' },
            itemsTaken,
          },
        }),
    });
    loadCatalogues('de');
    i18n.activate('de');
    try {
      await openBill();
      fireEvent.click(screen.getByRole('radio', { name: /Einzelne Posten bezahlen/ }));
      fireEvent.click(
        screen.getByRole('button', { name: 'Eins mehr (Margherita mit Basilikum, Bestellung Nr. 12)' }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Eins mehr (Espresso, Bestellung Nr. 13)' }));
      fireEvent.click(screen.getByTestId('bill-pay-button'));
      const said =
        'Jemand anderes bezahlt gerade Margherita mit Basilikum: noch 0 von 2 offen. Espresso ist teilweise bezahlt: noch 1 von 3 offen.';
      expect(await within(screen.getByTestId('bill-pay')).findByText(said)).toBeTruthy();
      expect(
        within(screen.getByRole('region', { name: 'Benachrichtigungen' })).getByRole('alert').textContent,
      ).toContain(said);
    } finally {
      await speakEnglishAgain();
    }
  });

  it('explains a table code that does not work', async () => {
    stubTableApi();
    renderApp('/t/some-old-code-0123456789/bill');
    expect(
      await screen.findByRole('heading', { name: "This code doesn't work any more" }, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});

describe('calling staff', () => {
  it('calls a waiter from the menu, then shows the acknowledgement the stream brings', async () => {
    const { calls } = stubTableApi();
    renderApp(`/t/${QR}`);
    fireEvent.click(await screen.findByTestId('call-staff', {}, { timeout: 5_000 }));
    const sheet = await screen.findByRole('dialog', { name: 'Call staff' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Call a waiter' }));
    await waitFor(() =>
      expect(screen.getByTestId('service-request-status').textContent).toBe(
        'You called a waiter · Sent — staff have been told',
      ),
    );
    expect(calls[0]?.body).toEqual({ qrToken: QR, kind: 'waiter' });
    expect(screen.queryByRole('dialog', { name: 'Call staff' })).toBeNull();
    expect(screen.getByText('Sent — staff have been told.')).toBeTruthy();

    tableStream().emit('service_request.updated', {
      request: serviceRequest({
        status: 'acknowledged',
        acknowledgedAt: new Date().toISOString(),
        acknowledgedBy: 'Marco',
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('service-request-status').getAttribute('data-state')).toBe('on-the-way'),
    );
    expect(screen.getByTestId('service-request-status').textContent).toContain('On the way');
  });

  it('shows a call made earlier at the table, and sends a message with a live counter', async () => {
    const { calls } = stubTableApi({
      requests: () => [serviceRequest({ kind: 'bill' })],
      createRequest: (body) =>
        jsonResponse(
          201,
          serviceRequest({
            id: '00000000-0000-4000-8000-0000000000e7',
            kind: 'message',
            message: String(body.message),
          }),
        ),
    });
    renderApp(`/t/${QR}`);
    expect(
      (
        await screen.findByText(
          'You asked for the bill · Sent — staff have been told',
          {},
          { timeout: 5_000 },
        )
      ).textContent,
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('call-staff'));
    const sheet = await screen.findByRole('dialog', { name: 'Call staff' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send a message' }));
    fireEvent.change(within(sheet).getByLabelText('Your message'), {
      target: { value: 'More water, please' },
    });
    expect(within(sheet).getByText('18 / 200')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ qrToken: QR, kind: 'message', message: 'More water, please' });
  });

  it("is on the order page too, with the way to the table's bill", async () => {
    const order = fakeOrder();
    localStorage.setItem(
      ordersStorageKey(QR),
      JSON.stringify([
        { orderId: order.id, guestToken: 'secret', number: order.number, placedAt: order.createdAt },
      ]),
    );
    stubTableApi({ order });
    const { router } = renderApp(`/t/${QR}/orders/${order.id}`);
    expect(await screen.findByTestId('call-staff', {}, { timeout: 5_000 })).toBeTruthy();
    // The table's stream runs beside the order's own.
    expect(FakeEventSource.instances.map((source) => source.url.split('?')[0])).toEqual([
      '/api/tables/stream',
      `/api/orders/${order.id}/stream`,
    ]);
    fireEvent.click(screen.getByRole('link', { name: "View the table's bill" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${QR}/bill`));
    expect(await screen.findByTestId('bill-due')).toBeTruthy();
  });

  it('answers a 429 kindly', async () => {
    stubTableApi({ createRequest: () => errorResponse(429, 'RATE_LIMITED', 'Too many requests') });
    renderApp(`/t/${QR}/bill`);
    fireEvent.click(await screen.findByTestId('call-staff', {}, { timeout: 5_000 }));
    const sheet = await screen.findByRole('dialog', { name: 'Call staff' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Bring the bill' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      "You've called several times; staff will be with you shortly.",
    );
  });
});

describe('the live menu and the cart', () => {
  it('flags a dish that sells out while it is in the cart, and will not order until it is removed', async () => {
    let soldOut = false;
    const { menuReads } = stubTableApi({ menu: () => guestMenu(soldOut) });
    localStorage.setItem(
      cartStorageKey(QR),
      JSON.stringify({
        lines: [
          {
            id: 'line-1',
            menuItemId: margherita.id,
            name: 'Margherita',
            unitPriceMinor: 1_000,
            quantity: 1,
            options: [],
            note: '',
          },
        ],
        note: '',
        customerName: '',
        checkout: null,
      }),
    );
    renderApp(`/t/${QR}`);
    await screen.findByTestId('cart-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('cart-bar-warning')).toBeNull();

    soldOut = true;
    const reads = menuReads.length;
    tableStream().emit('menu.updated', { reason: 'item.sold_out', menuItemId: margherita.id });
    expect(await screen.findByTestId('cart-bar-warning')).toBeTruthy();
    expect(menuReads.length).toBeGreaterThan(reads);
    fireEvent.click(screen.getByTestId('cart-bar'));
    const cart = await screen.findByRole('dialog', { name: 'Your order' });
    expect(within(cart).getByTestId('cart-line-error').textContent).toBe('Sold out — remove it to continue.');
    expect(within(cart).getByRole('button', { name: /Place order/ })).toHaveProperty('disabled', true);
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Margherita' }));
    expect(within(cart).queryByTestId('cart-line-error')).toBeNull();
  });
});

describe('the receipt page', () => {
  it('waits for a pending payment, then shows the receipt once the bill moves', async () => {
    let current = receipt({ status: 'pending', paidAt: null });
    stubTableApi({ currentReceipt: () => current });
    renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
    expect(await screen.findByTestId('receipt-pending', {}, { timeout: 5_000 })).toBeTruthy();

    current = receipt();
    tableStream().emit('bill.updated', {
      tableId: bill().tableId,
      tableNumber: 4,
      visitId: bill().visitId,
      totalMinor: 3_700,
      paidMinor: 1_000,
      dueMinor: 2_700,
      closed: false,
    });
    expect(await screen.findByTestId('receipt')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paid — thank you!' })).toBeTruthy();
    expect(screen.getByTestId('receipt-item').textContent).toContain('1 × Margherita');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('€10.00');
    expect(screen.getByTestId('receipt-tip').textContent).toBe('€1.50');
    expect(screen.getByTestId('receipt-total').textContent).toBe('€11.50');
    expect(screen.getByTestId('receipt').textContent).toContain('Table 4');
  });

  it('asks again every few seconds while the payment is pending, even without the stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = receipt({ status: 'pending', paidAt: null });
    stubTableApi({ currentReceipt: () => current });
    renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
    expect(await screen.findByTestId('receipt-pending', {}, { timeout: 5_000 })).toBeTruthy();
    current = receipt();
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(await screen.findByTestId('receipt')).toBeTruthy();
    vi.useRealTimers();
  });

  it('says a failed payment did not go through, with a way back to the bill', async () => {
    stubTableApi({ currentReceipt: () => receipt({ status: 'failed', paidAt: null }) });
    const { router } = renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'The payment did not go through' }, { timeout: 5_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the bill' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/t/${QR}/bill`));
  });

  it('shows a share of an equal split', async () => {
    stubTableApi({ currentReceipt: () => receipt({ mode: 'equal', parts: 3, items: [], tipMinor: 0 }) });
    renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
    expect((await screen.findByTestId('receipt-what', {}, { timeout: 5_000 })).textContent).toBe(
      'Your share of the bill (split 3 ways)',
    );
  });

  it('offers the receipt once it is issued: to view (loaded when asked), as a PDF, and by e-mail', async () => {
    let current = receipt();
    const { receiptReads, emails } = stubTableApi({ currentReceipt: () => current });
    renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
    expect(await screen.findByTestId('receipt', {}, { timeout: 5_000 })).toBeTruthy();
    // No receipt yet: nothing to offer.
    expect(screen.queryByTestId('your-receipt')).toBeNull();

    current = receipt({ receiptId: RECEIPT_ID });
    tableStream().emit('bill.updated', {
      tableId: bill().tableId,
      tableNumber: 4,
      visitId: bill().visitId,
      totalMinor: 3_700,
      paidMinor: 1_000,
      dueMinor: 2_700,
      closed: false,
    });
    const card = await screen.findByTestId('your-receipt');
    expect(within(card).getByRole('heading', { name: 'Your receipt' })).toBeTruthy();
    expect(within(card).getByTestId('your-receipt-pdf').getAttribute('href')).toBe(
      `/api/receipts/${RECEIPT_ID}.pdf?token=${QR}`,
    );
    // The receipt itself is read only when the guest opens it, with the table's code.
    expect(receiptReads).toEqual([]);
    const view = within(card).getByRole('button', { name: 'View the receipt' });
    expect(view.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(view);
    const document = await within(card).findByTestId('guest-receipt-document');
    expect(receiptReads).toEqual([`?token=${QR}`]);
    expect(within(document).getByTestId('receipt-view-tax-id').textContent).toBe('VAT No. IT01234567890');
    expect(within(card).getByRole('button', { name: 'Hide the receipt' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByTestId('receipt-print').parentElement).toBe(globalThis.document.body);

    fireEvent.click(within(card).getByRole('button', { name: 'E-mail it to me' }));
    fireEvent.change(within(card).getByLabelText('E-mail address'), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Send the receipt' }));
    expect((await within(card).findByTestId('email-receipt-sent')).textContent).toBe(
      'The receipt is on its way to anna@example.com.',
    );
    expect(emails).toEqual([{ email: 'anna@example.com', token: QR }]);
  });

  it('says when the receipt was e-mailed too often, in the guest’s language', async () => {
    loadCatalogues('de');
    stubTableApi({
      currentReceipt: () => receipt({ receiptId: RECEIPT_ID }),
      receiptEmail: () => errorResponse(429, 'RATE_LIMITED', 'Too many attempts; try again in 3000 seconds'),
    });
    i18n.activate('de');
    try {
      renderApp(`/t/${QR}/bill/receipts/${PAYMENT_ID}`);
      const card = await screen.findByTestId('your-receipt', {}, { timeout: 5_000 });
      fireEvent.click(within(card).getByRole('button', { name: 'Per E-Mail zusenden' }));
      fireEvent.change(within(card).getByLabelText('E-Mail-Adresse'), {
        target: { value: 'anna@example.com' },
      });
      fireEvent.click(within(card).getByRole('button', { name: 'Beleg senden' }));
      expect(
        await within(card).findByText(
          'Dieser Beleg wurde gerade zu oft verschickt. Versuchen Sie es in einer Stunde erneut.',
        ),
      ).toBeTruthy();
    } finally {
      await speakEnglishAgain();
    }
  });
});
