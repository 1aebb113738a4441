import type { TMeResponse } from '@tavolo/contract/auth';
import type { TFloorTable, TFloorTableDetail } from '@tavolo/contract/floor';
import type { TOrder } from '@tavolo/contract/orders';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, type FetchHandler, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeFloorTable, fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { includedTax } from '../../../testing/tax-fixtures';

const RID = ME.restaurantId;
const MARCO = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const SARA = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** Marco, a waiter: he takes and moves orders, but may not void or discount without a PIN. */
const WAITER: TMeResponse = {
  ...ME,
  userType: 'staff',
  staffId: MARCO,
  name: 'Marco Bianchi',
  permissions: ['orders.view', 'orders.create', 'orders.manage'],
};

const pizza = fakeCategory({ name: 'Pizza' });
const drinks = fakeCategory({ name: 'Drinks' });
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
const water = fakeMenuItem({ name: 'Water', priceMinor: 300, categoryId: drinks.id });
const MENU = fakeTodayMenu([
  { category: pizza, items: [margherita] },
  { category: drinks, items: [water] },
]);

type Room = { tables: TFloorTable[]; orders: Map<string, TOrder[]>; serviceChargeBasisPoints?: number };

/** The server as these screens see it: the floor, each table's orders, and what a test adds. */
function stubServer(room: Room, { me = WAITER, extra }: { me?: TMeResponse; extra?: FetchHandler } = {}) {
  return stubFetch(async (request) => {
    const { url, method } = request;
    if (extra) {
      const answer = await extra(request);
      if (answer.status !== 599) return answer;
    }
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    }
    if (url.pathname === '/api/service-requests') return jsonResponse(200, { items: [] });
    if (url.pathname === `/api/tables/restaurant/${RID}/bills`)
      return jsonResponse(200, { currency: 'EUR', items: [] });
    if (url.pathname === `/api/menu/today/${RID}`) return jsonResponse(200, MENU);
    if (url.pathname === '/api/floor' && method === 'GET') return jsonResponse(200, { tables: room.tables });
    const one = /^\/api\/floor\/tables\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const table = room.tables.find((known) => known.id === one[1]);
      if (!table) return errorResponse(404, 'NOT_FOUND', 'Table not found');
      const detail: TFloorTableDetail = {
        table,
        orders: room.orders.get(table.id) ?? [],
        serviceChargeBasisPoints: room.serviceChargeBasisPoints ?? 0,
      };
      return jsonResponse(200, detail);
    }
    return errorResponse(404, 'NOT_FOUND', `Not stubbed: ${method} ${url.pathname}`);
  });
}

/** An answer that lets the stub's own routes answer instead. */
const pass = () => new Response(null, { status: 599 });

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));
const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const tiles = () => screen.queryAllByTestId('table-tile');
const tile = (number: number) => {
  const found = tiles().find((element) => element.dataset.tableNumber === String(number));
  if (!found) throw new Error(`no tile of table ${number}`);
  return found;
};

/** A terrace and a room: table 1 free, 4 ordered by Marco 12 minutes ago, 6 seated by Sara, 9 with the bill asked. */
function fakeRoom(): Room {
  const now = Date.now();
  return {
    tables: [
      fakeFloorTable({ number: 1, area: 'Terrace', seats: 2 }),
      fakeFloorTable({
        number: 4,
        area: 'Room',
        state: 'ordered',
        covers: 3,
        waiter: { id: MARCO, name: 'Marco Bianchi' },
        openedAt: new Date(now - 20 * 60_000).toISOString(),
        openOrders: 1,
        totalMinor: 4500,
        dueMinor: 4500,
        oldestOpenOrderAt: new Date(now - 12 * 60_000 - 5_000).toISOString(),
        openRequests: 1,
      }),
      fakeFloorTable({
        number: 6,
        area: 'Room',
        state: 'seated',
        covers: 2,
        waiter: { id: SARA, name: 'Sara Esposito' },
      }),
      fakeFloorTable({
        number: 9,
        area: 'Terrace',
        state: 'bill',
        covers: 4,
        totalMinor: 8000,
        dueMinor: 8000,
      }),
    ],
    orders: new Map(),
  };
}

async function openFloor() {
  const view = renderApp('/dashboard/floor');
  await screen.findByRole('heading', { name: 'Floor', level: 1 }, { timeout: 5_000 });
  return view;
}

describe('FloorScreen', () => {
  it('shows every table by area with its state in words, covers, waiter, waiting time and money due', async () => {
    const room = fakeRoom();
    stubServer(room);
    await openFloor();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const areas = screen.getAllByTestId('floor-area').map((area) => [
      within(area).getByRole('heading').textContent,
      within(area)
        .getAllByTestId('table-tile')
        .map((element) => element.dataset.tableNumber),
    ]);
    expect(areas).toEqual([
      ['Room', ['4', '6']],
      ['Terrace', ['1', '9']],
    ]);
    const four = within(tile(4));
    expect(four.getByText('Ordered')).toBeTruthy();
    expect(four.getByText('3 guests')).toBeTruthy();
    expect(four.getByText('You')).toBeTruthy();
    expect(four.getByText('12 min')).toBeTruthy();
    expect(four.getByText('€45.00 due')).toBeTruthy();
    expect(four.getByText('1 call')).toBeTruthy();
    expect(within(tile(6)).getByText('Sara Esposito')).toBeTruthy();
    expect(within(tile(9)).getByText('Bill asked')).toBeTruthy();
    expect(within(tile(1)).getByText('2 seats')).toBeTruthy();
    expect(tile(4).querySelector('a')?.getAttribute('href')).toBe(
      `/dashboard/floor/table/${room.tables[1]?.id}`,
    );
    expect(screen.getByText('3 of 4 tables seated · 9 guests · €125.00 due')).toBeTruthy();
  });

  it('puts my tables first on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubServer(fakeRoom());
    await openFloor();
    const mine = await screen.findByTestId('my-tables');
    expect(within(mine).getByRole('heading').textContent).toBe('My tables');
    expect(
      within(mine)
        .getAllByTestId('table-tile')
        .map((element) => element.dataset.tableNumber),
    ).toEqual(['4']);
    // Not twice: the room below holds the others.
    expect(tiles().filter((element) => element.dataset.tableNumber === '4')).toHaveLength(1);
  });

  it('follows table.updated from the stream, and reads the floor again on reconnect', async () => {
    const room = fakeRoom();
    const fetch = stubServer(room);
    await openFloor();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const stream = FakeEventSource.last;
    if (!stream) throw new Error('no stream');
    const six = { ...room.tables[2]!, state: 'ordered' as const, dueMinor: 1200, totalMinor: 1200 };
    act(() => stream.emit('table.updated', { table: six }, 7));
    await waitFor(() => expect(tile(6).dataset.state).toBe('ordered'));
    expect(within(tile(6)).getByText('€12.00 due')).toBeTruthy();

    const floorReads = () => fetch.mock.calls.filter(([input]) => String(input) === '/api/floor').length;
    const before = floorReads();
    act(() => stream.emit('ready', {}, 8));
    await waitFor(() => expect(floorReads()).toBeGreaterThan(before));
  });

  it('says when there are no tables, and when the floor cannot be read', async () => {
    stubServer({ tables: [], orders: new Map() }, { me: { ...ME, permissions: [] } });
    await openFloor();
    expect(await screen.findByRole('heading', { name: 'No tables yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up tables' })).toBeTruthy();
    cleanup();

    stubServer(fakeRoom(), {
      extra: ({ url }) => (url.pathname === '/api/floor' ? errorResponse(500, 'INTERNAL', 'boom') : pass()),
    });
    await openFloor();
    expect(await screen.findByRole('heading', { name: 'The floor could not be loaded' })).toBeTruthy();
  });

  it('is in the navigation of those who take or follow orders', async () => {
    stubServer(fakeRoom());
    await openFloor();
    expect(screen.getAllByRole('link', { name: 'Floor' }).length).toBeGreaterThan(0);
  });
});

async function openTable(room: Room, number: number) {
  const table = room.tables.find((known) => known.number === number);
  if (!table) throw new Error(`no table ${number}`);
  const view = renderApp(`/dashboard/floor/table/${table.id}`);
  await screen.findByRole('heading', { name: `Table ${number}`, level: 1 }, { timeout: 5_000 });
  return view;
}

describe('FloorTableScreen', () => {
  it('seats guests at a free table with their covers and waiter', async () => {
    const room = fakeRoom();
    const opened: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'POST' && /\/api\/tables\/[^/]+\/open$/.test(url.pathname)) {
          opened.push(bodyOf(init));
          const seated: TFloorTable = {
            ...room.tables[0]!,
            state: 'seated',
            covers: 3,
            waiter: { id: MARCO, name: 'Marco Bianchi' },
          };
          room.tables[0] = seated;
          return jsonResponse(200, seated);
        }
        return pass();
      },
    });
    await openTable(room, 1);
    const form = await screen.findByTestId('visit-form');
    fireEvent.click(within(form).getByRole('button', { name: 'One more (Guests)' }));
    expect(within(form).getByRole('combobox', { name: 'Waiter' })).toHaveProperty('value', MARCO);
    fireEvent.click(within(form).getByRole('button', { name: 'Seat guests' }));
    expect(await screen.findByText('Table 1 is open for 3 guests.')).toBeTruthy();
    expect(opened).toEqual([{ covers: 3, waiterId: MARCO }]);
    expect(await screen.findByTestId('visit-summary')).toBeTruthy();
  });

  it('lets a waiter hand a table to any active colleague, named by the floor’s list of waiters', async () => {
    const room = fakeRoom();
    stubServer(room, {
      extra: ({ url }) =>
        url.pathname === '/api/floor/waiters'
          ? jsonResponse(200, { items: [{ id: '00000000-0000-4000-8000-0000000000aa', name: 'Zoe Ferri' }] })
          : pass(),
    });
    await openTable(room, 1);
    const form = await screen.findByTestId('visit-form');
    const waiter = within(form).getByRole('combobox', { name: 'Waiter' });
    expect(await within(waiter).findByRole('option', { name: 'Zoe Ferri' })).toBeTruthy();
  });

  it('takes two dishes through the picker into a draft and sends it once, with the same key on a retry', async () => {
    // A 10 % service charge: the send button says the round at menu prices, the line under it what the bill adds.
    const room = { ...fakeRoom(), serviceChargeBasisPoints: 1000 };
    const sent: { body: unknown; key: string | undefined }[] = [];
    let fail = true;
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (url.pathname === '/api/orders' && method === 'POST') {
          sent.push({ body: bodyOf(init), key: headerOf(init, 'idempotency-key') });
          if (fail) {
            fail = false;
            return errorResponse(422, 'OUT_OF_STOCK', 'Margherita is sold out');
          }
          return jsonResponse(201, {
            ...fakeOrder({ number: 31, tableId: room.tables[1]!.id, source: 'staff' }),
            guestToken: null,
          });
        }
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(screen.getByTestId('add-items'));
    const picker = await screen.findByTestId('dish-picker');
    fireEvent.click(await within(picker).findByRole('button', { name: /Margherita/ }));

    // A required option: the sheet asks for it before adding.
    let sheet = await screen.findByTestId('dish-sheet');
    fireEvent.click(within(sheet).getByTestId('dish-sheet-submit'));
    expect(await within(sheet).findByText('Choose one.')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('radio', { name: /Large/ }));
    fireEvent.click(within(within(sheet).getByTestId('seat-chips')).getByRole('radio', { name: '2' }));
    fireEvent.change(within(sheet).getByRole('textbox', { name: 'Note for the kitchen' }), {
      target: { value: 'well done' },
    });
    expect(within(sheet).getByTestId('dish-sheet-submit').textContent).toBe('Add · €12.50');
    fireEvent.click(within(sheet).getByTestId('dish-sheet-submit'));

    // Back in the picker: the second dish, search finds it.
    const pickerAgain = await screen.findByTestId('dish-picker');
    fireEvent.change(within(pickerAgain).getByTestId('picker-search'), { target: { value: 'wat' } });
    fireEvent.click(await within(pickerAgain).findByRole('button', { name: /Water/ }));
    sheet = await screen.findByTestId('dish-sheet');
    fireEvent.click(within(sheet).getByTestId('dish-sheet-submit'));
    fireEvent.click(
      await within(await screen.findByTestId('dish-picker')).findByRole('button', { name: /Done/ }),
    );

    const draft = await screen.findByTestId('order-draft');
    expect(
      within(draft)
        .getAllByTestId('draft-line')
        .map((line) => line.textContent),
    ).toEqual([expect.stringContaining('1× Margherita'), expect.stringContaining('1× Water')]);
    const send = within(draft).getByTestId('send-draft');
    expect(send.textContent).toBe('Send 2 items · €15.50');
    // 10 % of €15.50 is €1.55, rounded as the server rounds it.
    expect(within(draft).getByTestId('draft-service-charge').textContent).toBe(
      'The bill adds a service charge of €1.55 (10%).',
    );

    fireEvent.click(send);
    expect(await screen.findByText(/The order was not sent/)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('order-draft')).getByTestId('send-draft'));
    expect(await screen.findByText('Order #31 sent for table 4: 2 items.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('order-draft')).toBeNull());

    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[0]?.body).toEqual({
      tableId: room.tables[1]!.id,
      items: [
        {
          menuItemId: margherita.id,
          quantity: 1,
          options: [{ group: 'Size', choice: 'Large' }],
          note: 'well done',
          seat: 2,
        },
        { menuItemId: water.id, quantity: 1, seat: 2 },
      ],
    });
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the draft through a reload', async () => {
    const room = fakeRoom();
    stubServer(room);
    const table = room.tables[1]!;
    sessionStorage.setItem(
      `tavolo.floor.draft.${table.id}`,
      JSON.stringify({
        tableId: table.id,
        idempotencyKey: 'kept-key',
        lines: [
          {
            id: 'l1',
            menuItemId: water.id,
            name: 'Water',
            unitPriceMinor: 300,
            quantity: 2,
            options: [],
            note: '',
            seat: null,
            course: 0,
          },
        ],
      }),
    );
    await openTable(room, 4);
    const draft = await screen.findByTestId('order-draft');
    expect(within(draft).getByTestId('send-draft').textContent).toBe('Send 2 items · €6.00');
  });

  it('shows the visit by seat and course, voided units struck through and discounts, and the bill', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    room.orders.set(table.id, [
      fakeOrder({
        number: 12,
        tableId: table.id,
        source: 'staff',
        takenBy: { id: MARCO, name: 'Marco Bianchi' },
        items: [
          fakeOrderLine({
            name: 'Margherita',
            quantity: 1,
            voidedQuantity: 1,
            seat: 1,
            course: 1,
            lineTotalMinor: 950,
          }),
          fakeOrderLine({
            name: 'Wine',
            quantity: 1,
            seat: 2,
            course: 0,
            discountMinor: 200,
            lineTotalMinor: 400,
          }),
        ],
        discountMinor: 200,
        subtotalMinor: 1350,
        totalMinor: 1350,
      }),
      fakeOrder({
        number: 13,
        tableId: table.id,
        source: 'qr',
        items: [fakeOrderLine({ name: 'Tiramisu' })],
        subtotalMinor: 950,
        totalMinor: 950,
      }),
    ]);
    room.tables[1] = { ...table, totalMinor: 2300, dueMinor: 2300 };
    stubServer(room);
    await openTable(room, 4);
    const lines = await screen.findByTestId('visit-lines');
    expect(
      within(lines)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Seat 1', 'Seat 2', 'Whole table']);
    const margheritaLine = within(lines).getAllByTestId('visit-line')[0]!;
    expect(within(margheritaLine).getByTestId('voided-units').textContent).toBe('1 voided');
    expect(within(margheritaLine).getByText('#12 · Taken by Marco Bianchi')).toBeTruthy();
    expect(within(lines).getByText('−€2.00 discount')).toBeTruthy();
    expect(within(lines).getByText('#13 · Guest (QR)')).toBeTruthy();
    const bill = screen.getByTestId('table-bill-figures');
    // Lines at their menu price (the wine at €6.00), the discount on its own row (issue 42).
    expect(
      within(lines)
        .getAllByTestId('visit-line-amount')
        .map((amount) => amount.textContent),
    ).toEqual(['€9.50', '€6.00', '€9.50']);
    expect(bill.querySelector('dl')?.textContent).toBe(
      'Subtotal€25.00Discounts−€2.00Total€23.00Paid€0.00Due€23.00',
    );
    // Settling opens the table's settle sheet here, not a read-only bill elsewhere.
    expect(within(bill).getByRole('button', { name: 'Settle the bill' })).toBeTruthy();
  });

  it('sums the visit’s taxes by rate under the bill’s total, leaving a cancelled order’s out', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    room.orders.set(table.id, [
      fakeOrder({ number: 12, tableId: table.id, taxes: [includedTax('Food', 1000, 2000)] }),
      fakeOrder({
        number: 13,
        tableId: table.id,
        taxes: [includedTax('Food', 1000, 1300), includedTax('Drinks', 2200, 1200)],
      }),
      // A cancelled order holds no tax of the bill.
      fakeOrder({
        number: 14,
        tableId: table.id,
        status: 'cancelled',
        taxes: [includedTax('Drinks', 2200, 5000)],
      }),
    ]);
    room.tables[1] = { ...table, totalMinor: 3800, dueMinor: 3800 };
    stubServer(room);
    await openTable(room, 4);
    const bill = await screen.findByTestId('table-bill-figures');
    // 2000 and 1300 at 10 % hold 182 and 118; 1200 at 22 % holds 216.
    expect(bill.querySelector('dl')?.textContent).toBe(
      'Total€38.00of which VAT 10%€3.00of which VAT 22%€2.16Paid€0.00Due€38.00',
    );
  });

  it('shows the net and the tax added before the bill’s total when prices exclude tax', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    room.orders.set(table.id, [
      fakeOrder({
        number: 12,
        tableId: table.id,
        pricesIncludeTax: false,
        netMinor: 4091,
        taxes: [{ name: 'Food', rateBasisPoints: 1000, netMinor: 4091, taxMinor: 409 }],
      }),
    ]);
    stubServer(room);
    await openTable(room, 4);
    const bill = await screen.findByTestId('table-bill-figures');
    expect(
      within(bill)
        .getAllByTestId('bill-tax')
        .map((row) => row.textContent),
    ).toEqual(['Net€40.91', 'VAT 10%€4.09']);
  });

  it('shows where each line is in the kitchen and fires a held course', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const order = fakeOrder({
      number: 12,
      tableId: table.id,
      source: 'staff',
      status: 'preparing',
      items: [
        fakeOrderLine({ name: 'Bruschetta', course: 1, kitchenStatus: 'preparing' }),
        fakeOrderLine({ name: 'Wine', course: 0, kitchenStatus: 'ready' }),
        fakeOrderLine({ name: 'Ossobuco', course: 2, kitchenStatus: 'held', firedAt: null }),
        fakeOrderLine({ name: 'Tiramisu', course: 3, kitchenStatus: 'held', firedAt: null }),
      ],
    });
    room.orders.set(table.id, [order]);
    const fired: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'POST' && url.pathname === `/api/orders/${order.id}/fire`) {
          fired.push(bodyOf(init));
          const after = {
            ...order,
            items: order.items.map((line) =>
              line.course === 2
                ? { ...line, kitchenStatus: 'queued' as const, firedAt: new Date().toISOString() }
                : line,
            ),
          };
          room.orders.set(table.id, [after]);
          return jsonResponse(200, after);
        }
        return pass();
      },
    });
    await openTable(room, 4);
    const statusOf = (name: string) =>
      within(
        screen.getAllByTestId('visit-line').find((line) => line.textContent?.includes(name))!,
      ).getByTestId('kitchen-status').textContent;
    await screen.findByTestId('visit-lines');
    expect(statusOf('Bruschetta')).toBe('In the kitchen: Preparing');
    expect(statusOf('Wine')).toBe('In the kitchen: Ready');
    expect(statusOf('Ossobuco')).toBe('In the kitchen: Held');

    const held = screen.getByTestId('held-courses');
    expect(
      within(held)
        .getAllByTestId('fire-course')
        .map((button) => button.textContent),
    ).toEqual(['Fire mains', 'Fire desserts']);
    fireEvent.click(within(held).getByRole('button', { name: 'Fire mains' }));
    expect(await screen.findByText('Sent to the kitchen: Mains, order #12.')).toBeTruthy();
    expect(fired).toEqual([{ course: 2 }]);
    await waitFor(() => expect(statusOf('Ossobuco')).toBe('In the kitchen: Sent'));
    expect(within(screen.getByTestId('held-courses')).getAllByTestId('fire-course')).toHaveLength(1);
  });

  it('offers the dish’s usual course, its category’s, by name', async () => {
    const room = fakeRoom();
    stubServer(room, {
      extra: ({ url }) =>
        url.pathname === `/api/categories/${RID}`
          ? jsonResponse(200, { items: [{ ...pizza, course: 2 }, drinks] })
          : pass(),
    });
    await openTable(room, 4);
    fireEvent.click(screen.getByTestId('add-items'));
    const picker = await screen.findByTestId('dish-picker');
    fireEvent.click(await within(picker).findByRole('button', { name: /Margherita/ }));
    const sheet = await screen.findByTestId('dish-sheet');
    const chips = within(sheet).getByTestId('course-chips');
    await waitFor(() =>
      expect(within(chips).getByRole('radio', { name: 'Usual (Mains)' })).toHaveProperty('checked', true),
    );
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((chip) => chip.closest('label')?.textContent),
    ).toEqual(['Usual (Mains)', 'At once', 'Starters', 'Mains', 'Desserts', 'Course 4', 'Course 5']);
  });

  it('says on the PIN sheet when no one who may approve has set a PIN', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const order = fakeOrder({
      number: 12,
      tableId: table.id,
      source: 'staff',
      items: [fakeOrderLine({ name: 'Margherita', quantity: 2, lineTotalMinor: 1900 })],
    });
    room.orders.set(table.id, [order]);
    stubServer(room, {
      extra: ({ url, method }) =>
        method === 'POST' && url.pathname === `/api/orders/${order.id}/lines/0/void`
          ? errorResponse(403, 'APPROVAL_REQUIRED', 'No PIN', {
              approvalPin: 'is required without orders.void',
              approvers: 'none has set a PIN',
            })
          : pass(),
    });
    await openTable(room, 4);
    fireEvent.click(await screen.findByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('choose-void'));
    const sheet = await screen.findByTestId('void-sheet');
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Wrong item' }));
    fireEvent.click(within(sheet).getByTestId('void-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }));
    const pin = await screen.findByTestId('pin-sheet');
    expect((await within(pin).findByRole('alert')).textContent).toMatch(
      /No one who may approve this has set an approval PIN yet: a manager sets one in Settings → Approval PIN/,
    );
  });

  it('voids a line after asking, with a manager’s PIN typed on the same phone and the same key', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const order = fakeOrder({
      number: 12,
      tableId: table.id,
      source: 'staff',
      items: [fakeOrderLine({ name: 'Margherita', quantity: 2, lineTotalMinor: 1900 })],
    });
    room.orders.set(table.id, [order]);
    const attempts: { body: Record<string, unknown>; key: string | undefined }[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'POST' && url.pathname === `/api/orders/${order.id}/lines/0/void`) {
          const body = bodyOf(init);
          attempts.push({ body, key: headerOf(init, 'idempotency-key') });
          if (!body.approvalPin)
            return errorResponse(403, 'APPROVAL_REQUIRED', 'A manager must approve this');
          if (body.approvalPin !== '2468') return errorResponse(403, 'APPROVAL_REFUSED', 'Wrong PIN');
          const voided = {
            ...order,
            version: 2,
            items: [{ ...order.items[0]!, quantity: 1, voidedQuantity: 1, lineTotalMinor: 950 }],
          };
          room.orders.set(table.id, [voided]);
          return jsonResponse(200, voided);
        }
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(await screen.findByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('choose-void'));
    const sheet = await screen.findByTestId('void-sheet');
    fireEvent.click(within(sheet).getByTestId('void-submit'));
    expect(await within(sheet).findByText('Choose why.')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Wrong item' }));
    fireEvent.click(within(sheet).getByTestId('void-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }));

    const pin = await screen.findByTestId('pin-sheet');
    expect(
      within(pin).getByText('Ask a manager to type their PIN to approve: Void 1 × Margherita.'),
    ).toBeTruthy();
    for (const digit of ['1', '1', '1', '1'])
      fireEvent.click(within(pin).getByRole('button', { name: digit }));
    fireEvent.click(within(pin).getByTestId('pin-submit'));
    expect(await within(pin).findByText(/That PIN was not accepted/)).toBeTruthy();
    expect(within(pin).getByTestId('pin-input')).toHaveProperty('value', '');
    fireEvent.change(within(pin).getByTestId('pin-input'), { target: { value: '2468' } });
    fireEvent.click(within(pin).getByTestId('pin-submit'));
    expect(await screen.findByText('1 × Margherita voided on order #12.')).toBeTruthy();
    expect(await screen.findByTestId('voided-units')).toBeTruthy();

    expect(attempts.map((attempt) => attempt.body.approvalPin ?? null)).toEqual([null, '1111', '2468']);
    expect(new Set(attempts.map((attempt) => attempt.key)).size).toBe(1);
    expect(attempts[0]?.body).toEqual({ quantity: 1, reason: 'wrong_item' });
  });

  it('says to void a line the kitchen has started instead of changing it', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const order = fakeOrder({
      number: 12,
      tableId: table.id,
      items: [fakeOrderLine({ menuItemId: water.id, name: 'Water', quantity: 1 })],
    });
    room.orders.set(table.id, [order]);
    const changes: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'PUT' && url.pathname === `/api/orders/${order.id}/lines/0`) {
          changes.push(bodyOf(init));
          return errorResponse(409, 'LINE_STARTED', 'The kitchen has started this line');
        }
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(await screen.findByTestId('line-actions'));
    fireEvent.click(await screen.findByRole('button', { name: /Change quantity/ }));
    const sheet = await screen.findByTestId('dish-sheet');
    fireEvent.click(within(sheet).getByRole('button', { name: 'One more (How many Water)' }));
    fireEvent.click(within(sheet).getByTestId('dish-sheet-submit'));
    expect(await within(sheet).findByText(/The kitchen has started this line/)).toBeTruthy();
    expect(changes).toEqual([{ quantity: 2 }]);
    fireEvent.click(within(sheet).getByTestId('void-instead'));
    expect(await screen.findByTestId('void-sheet')).toBeTruthy();
  });

  it('says at once, before any Save, that the kitchen started a line, and offers its void', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const order = fakeOrder({
      number: 12,
      tableId: table.id,
      items: [
        fakeOrderLine({ menuItemId: water.id, name: 'Water', quantity: 1, kitchenStatus: 'preparing' }),
      ],
    });
    room.orders.set(table.id, [order]);
    const changes: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'PUT' && url.pathname === `/api/orders/${order.id}/lines/0`)
          changes.push(bodyOf(init));
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(await screen.findByTestId('line-actions'));
    fireEvent.click(await screen.findByRole('button', { name: /Change quantity/ }));
    const sheet = await screen.findByTestId('line-started-sheet');
    expect(within(sheet).getByRole('alert').textContent).toMatch(/The kitchen has started Water/);
    expect(screen.queryByTestId('dish-sheet')).toBeNull();
    fireEvent.click(within(sheet).getByTestId('void-instead'));
    expect(await screen.findByTestId('void-sheet')).toBeTruthy();
    expect(changes).toEqual([]);
  });

  it('moves an order to another table after asking', async () => {
    const room = fakeRoom();
    const table = room.tables[1]!;
    const six = room.tables[2]!;
    const order = fakeOrder({ number: 12, tableId: table.id });
    room.orders.set(table.id, [order]);
    const moves: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'POST' && url.pathname === `/api/orders/${order.id}/move`) {
          moves.push(bodyOf(init));
          room.orders.set(table.id, []);
          return jsonResponse(200, { ...order, version: 2, tableId: six.id, tableNumber: 6 });
        }
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(await screen.findByTestId('move-order'));
    const sheet = await screen.findByTestId('move-order-sheet');
    const targets = await within(sheet).findAllByTestId('pick-table');
    expect(targets.map((button) => button.dataset.tableNumber)).toEqual(['1', '6', '9']);
    fireEvent.click(targets[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Move to table 6' }));
    expect(await screen.findByText('Order #12 moved to table 6.')).toBeTruthy();
    expect(moves).toEqual([{ tableId: six.id }]);
    expect(await screen.findByTestId('no-orders')).toBeTruthy();
  });

  it('clears a seated table with nothing on it', async () => {
    const room = fakeRoom();
    const six = room.tables[2]!;
    const cleared: string[] = [];
    stubServer(room, {
      extra: ({ url, method }) => {
        if (method === 'POST' && url.pathname === `/api/tables/${six.id}/clear`) {
          cleared.push(six.id);
          room.tables[2] = { ...six, state: 'free', covers: null, waiter: null, openedAt: null };
          return jsonResponse(200, room.tables[2]);
        }
        return pass();
      },
    });
    await openTable(room, 6);
    expect(screen.getByTestId('nothing-left')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clear-table'));
    expect(await screen.findByText('Table 6 is free again.')).toBeTruthy();
    expect(cleared).toEqual([six.id]);
  });

  it('moves the whole table to a free one after asking, and follows it there', async () => {
    const room = fakeRoom();
    const four = room.tables[1]!;
    const one = room.tables[0]!;
    const transfers: unknown[] = [];
    stubServer(room, {
      extra: ({ url, method, init }) => {
        if (method === 'POST' && url.pathname === `/api/tables/${four.id}/transfer`) {
          transfers.push(bodyOf(init));
          room.tables[0] = { ...four, id: one.id, number: one.number };
          return jsonResponse(200, room.tables[0]);
        }
        return pass();
      },
    });
    await openTable(room, 4);
    fireEvent.click(screen.getByTestId('transfer-table'));
    const sheet = await screen.findByTestId('transfer-sheet');
    const targets = await within(sheet).findAllByTestId('pick-table');
    // Only free tables take a party.
    expect(targets.map((button) => button.dataset.tableNumber)).toEqual(['1']);
    fireEvent.click(targets[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Move to table 1' }));
    expect(await screen.findByText('Table 4 moved to table 1.')).toBeTruthy();
    expect(transfers).toEqual([{ toTableId: one.id }]);
    expect(await screen.findByRole('heading', { name: 'Table 1', level: 1 })).toBeTruthy();
  });

  it('tells a waiter without payments.take whom to ask, instead of a sheet with nothing to do', async () => {
    const room = fakeRoom();
    stubServer(room);
    await openTable(room, 4);
    fireEvent.click(screen.getByTestId('settle-bill'));
    const hint = await screen.findByTestId('settle-no-permission');
    expect(hint.textContent).toMatch(/Ask a cashier or manager to take payment/);
  });

  it('says when the table is not there', async () => {
    const room = fakeRoom();
    stubServer(room);
    renderApp('/dashboard/floor/table/00000000-0000-4000-8000-999999999999');
    expect(
      await screen.findByRole('heading', { name: 'This table is not on the floor' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});
