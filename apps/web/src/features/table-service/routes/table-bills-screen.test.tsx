import type { TMeResponse } from '@tavolo/contract/auth';
import type { TTableBill, TTableBillSummary } from '@tavolo/contract/table-service';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeId } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeBillSummary, fakeTableBill } from '../../../testing/table-service-staff-fixtures';

const RID = ME.restaurantId;

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The room: its bills (changed by the test as the server would) and each table's full bill. */
function stubRoom(
  room: { items: TTableBillSummary[]; bills: Map<string, TTableBill> },
  {
    close,
    me = ME,
  }: {
    close?: (
      bill: TTableBill,
      body: Record<string, unknown>,
      init: RequestInit,
    ) => Response | Promise<Response>;
    me?: TMeResponse;
  } = {},
) {
  return stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    }
    if (url.pathname === `/api/tables/restaurant/${RID}/bills`) {
      return jsonResponse(200, { currency: 'EUR', items: room.items });
    }
    const one = /^\/api\/tables\/([^/]+)\/bill(\/close)?$/.exec(url.pathname);
    const bill = one ? room.bills.get(one[1] ?? '') : undefined;
    if (bill && !one?.[2] && method === 'GET') return jsonResponse(200, bill);
    if (bill && one?.[2] && method === 'POST' && close)
      return close(bill, JSON.parse(String(init.body)), init);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

/** Table 4 owes €42.00 on two lines, one of them half paid online with a tip; table 7 is paid. */
function fakeRoom() {
  const tableId = fakeId();
  const visitId = fakeId();
  const bill = fakeTableBill({ tableId, visitId, tableNumber: 4, paidMinor: 1200, dueMinor: 3000 });
  const [first, second] = bill.lines;
  bill.lines = [
    { ...first!, paidQuantity: 1 },
    { ...second!, pendingQuantity: 2 },
  ];
  bill.payments = [
    {
      id: fakeId(),
      amountMinor: 1200,
      tipMinor: 200,
      method: 'online',
      mode: 'items',
      at: '2025-03-14T18:30:00.000Z',
    },
  ];
  bill.tipsMinor = 200;
  bill.pendingMinor = 1800;
  const four = fakeBillSummary({
    tableId,
    visitId,
    tableNumber: 4,
    totalMinor: 4200,
    paidMinor: 1200,
    dueMinor: 3000,
  });
  const seven = fakeBillSummary({
    tableNumber: 7,
    orders: 1,
    totalMinor: 1500,
    paidMinor: 1500,
    dueMinor: 0,
  });
  return { room: { items: [seven, four], bills: new Map([[tableId, bill]]) }, bill, four, seven };
}

const rows = () => screen.queryAllByTestId('table-bill');
const row = (table: number) => {
  const found = rows().find((element) => element.dataset.tableNumber === String(table));
  if (!found) throw new Error(`no bill of table ${table}`);
  return found;
};

async function openScreen() {
  renderApp('/dashboard/orders/bills');
  await screen.findByRole('heading', { name: 'Bills', level: 1 }, { timeout: 5_000 });
}

describe('TableBillsScreen', () => {
  it('lists the tables with an open bill, by number, with what each still owes', async () => {
    const { room } = fakeRoom();
    stubRoom(room);
    await openScreen();
    expect(screen.getByRole('status', { name: 'Loading the bills' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((element) => element.dataset.tableNumber)).toEqual(['4', '7']);
    expect(within(row(4)).getByText('€30.00 due')).toBeTruthy();
    expect(within(row(4)).getByText('2 orders')).toBeTruthy();
    expect(row(7).dataset.status).toBe('paid');
    expect(within(row(7)).getByText('Paid in full')).toBeTruthy();
    expect(screen.getByTestId('bills-count').textContent).toBe('2 open bills · €30.00 due');
  });

  it('says so when no table has an open bill', async () => {
    stubRoom({ items: [], bills: new Map() });
    await openScreen();
    expect(await screen.findByRole('heading', { name: 'No open bills' })).toBeTruthy();
  });

  it('opens a bill: its lines paid or being paid, its payments with their tips', async () => {
    const { room } = fakeRoom();
    stubRoom(room);
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(4))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' });
    await within(sheet).findAllByTestId('bill-line');
    const lines = within(sheet).getAllByTestId('bill-line');
    expect(within(lines[0]!).getByText('1 of 2 paid')).toBeTruthy();
    expect(within(lines[1]!).getByText('Being paid')).toBeTruthy();
    expect(within(sheet).getByText('Order #12')).toBeTruthy();
    const payment = within(sheet).getByTestId('bill-payment');
    expect(payment.textContent).toContain('Online');
    expect(payment.textContent).toContain('€12.00 + €2.00 tip');
    expect(within(sheet).getByTestId('bill-totals').textContent).toContain('Being paid now€18.00');
    expect(within(sheet).getByRole('button', { name: 'Settle €30.00 by cash' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Settle by card' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Close without payment' })).toBeTruthy();
  });

  it('opens the bill a link names (the board’s "Open bill"), and closing it takes the table out of the URL', async () => {
    const { room, bill } = fakeRoom();
    stubRoom(room);
    const { router } = renderApp(`/dashboard/orders/bills?table=${bill.tableId}`);
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' }, { timeout: 5_000 });
    expect(await within(sheet).findAllByTestId('bill-line')).toHaveLength(2);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Table 4' })).toBeNull());
  });

  it('settles the rest by cash after asking, with an Idempotency-Key, and shows the table settled', async () => {
    const { room, bill, four } = fakeRoom();
    const fetch = stubRoom(room, {
      close: (known, body) => {
        room.items = room.items.filter((item) => item.tableId !== known.tableId);
        return jsonResponse(200, {
          visitId: known.visitId,
          settledMinor: body.payRestWith ? known.dueMinor : 0,
          bill: {
            ...known,
            visitId: fakeId(),
            lines: [],
            totalMinor: 0,
            paidMinor: 0,
            dueMinor: 0,
            payments: [],
          },
        });
      },
    });
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(4))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Settle €30.00 by cash' }));
    const confirm = await screen.findByRole('dialog', { name: 'Settle table 4 in cash?' });
    expect(confirm.textContent).toContain('A guest is paying €18.00 on their phone right now.');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/bill/close'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Settle €30.00 by cash' }));

    expect(await screen.findByText('Table 4 is settled: €30.00 recorded in cash.')).toBeTruthy();
    const call = fetch.mock.calls.find(([url]) => url === `/api/tables/${bill.tableId}/bill/close`);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ payRestWith: 'cash' });
    expect((call?.[1]?.headers as Record<string, string> | undefined)?.['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await waitFor(() => expect(row(4).dataset.status).toBe('settled'));
    expect(within(row(4)).getByText('Settled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Table 4' })).toBeNull());

    // The stream's word of the same close says nothing more.
    act(() =>
      FakeEventSource.last?.emit(
        'bill.updated',
        { ...four, closed: true, totalMinor: 4200, paidMinor: 4200, dueMinor: 0 },
        5,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Table 4 is settled')).toBeNull();
  });

  it('asks before closing without payment, and sends nothing when the answer is no', async () => {
    const { room } = fakeRoom();
    const fetch = stubRoom(room, { close: () => errorResponse(500, 'INTERNAL', 'Boom') });
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(4))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Close without payment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close table 4 without payment?' });
    expect(confirm.textContent).toContain('€30.00 is still due and is not recorded as paid.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close table 4 without payment?' })).toBeNull(),
    );
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/bill/close'))).toBe(false);

    // Yes, and the server fails: said in a toast; a retry sends the same key.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close without payment' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close table 4 without payment?' })).getByRole(
        'button',
        {
          name: 'Close without payment',
        },
      ),
    );
    expect(await screen.findByText(/^Could not close table 4's bill:/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close without payment' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close table 4 without payment?' })).getByRole(
        'button',
        {
          name: 'Close without payment',
        },
      ),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/bill/close'))).toHaveLength(2),
    );
    const keys = fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/bill/close'))
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(
      JSON.parse(String(fetch.mock.calls.find(([url]) => String(url).endsWith('/bill/close'))?.[1]?.body)),
    ).toEqual({});
  });

  it('closes a bill paid in full without asking', async () => {
    const { room } = fakeRoom();
    const paid = fakeTableBill({
      tableId: room.items[0]!.tableId,
      visitId: room.items[0]!.visitId,
      tableNumber: 7,
      paidMinor: 4200,
      dueMinor: 0,
    });
    room.bills.set(paid.tableId, paid);
    const fetch = stubRoom(room, {
      close: (known) =>
        jsonResponse(200, {
          visitId: known.visitId,
          settledMinor: 0,
          bill: { ...known, visitId: fakeId(), lines: [] },
        }),
    });
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(7))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 7' });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Close the bill' }));
    expect(await screen.findByText('Table 7 is settled.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === `/api/tables/${paid.tableId}/bill/close`)).toBe(true);
  });

  it('offers no way to close to those who do not take payments', async () => {
    const { room } = fakeRoom();
    stubRoom(room, {
      me: { ...ME, userType: 'staff', staffId: fakeId(), permissions: ['orders.view', 'orders.manage'] },
    });
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(4))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' });
    await within(sheet).findAllByTestId('bill-line');
    expect(
      within(sheet).queryByRole('button', { name: /Settle|Close without payment|Close the bill/ }),
    ).toBeNull();
  });

  it('follows the stream: a bill that moved is read again, a table paid in full shows settled', async () => {
    const { room, four } = fakeRoom();
    const fetch = stubRoom(room);
    await openScreen();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const lists = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/bills')).length;
    const before = lists();

    // The second guest pays the rest: the server ends the visit.
    room.items = room.items.filter((item) => item.tableId !== four.tableId);
    act(() =>
      FakeEventSource.last?.emit(
        'bill.updated',
        {
          tableId: four.tableId,
          tableNumber: 4,
          visitId: four.visitId,
          totalMinor: 4200,
          paidMinor: 4200,
          dueMinor: 0,
          closed: true,
        },
        9,
      ),
    );
    expect(await screen.findByText('Table 4 is settled')).toBeTruthy();
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    await waitFor(() => expect(row(4).dataset.status).toBe('settled'));
    expect(within(row(4)).getAllByText('€42.00')).toHaveLength(2);
    expect(screen.getByTestId('bills-count').textContent).toBe('1 open bill · €0.00 due');
  });

  it('says so when the visit ends while its bill is open', async () => {
    const { room, bill, four } = fakeRoom();
    stubRoom(room);
    await openScreen();
    fireEvent.click(await within(await waitFor(() => row(4))).findByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: 'Table 4' });
    await within(sheet).findAllByTestId('bill-line');

    room.items = room.items.filter((item) => item.tableId !== four.tableId);
    room.bills.set(bill.tableId, { ...bill, visitId: fakeId(), lines: [], payments: [] });
    act(() =>
      FakeEventSource.last?.emit(
        'bill.updated',
        { ...four, totalMinor: 4200, paidMinor: 4200, dueMinor: 0, closed: true },
        11,
      ),
    );
    expect(await within(sheet).findByTestId('bill-ended')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /Settle/ })).toBeNull();
  });
});
