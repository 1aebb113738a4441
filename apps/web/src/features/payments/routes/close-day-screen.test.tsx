import type { TMeResponse } from '@tavolo/contract/auth';
import type { TClosedDay, TDayReport } from '@tavolo/contract/receipts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeClosedDay, fakeDayReport, fakeZReport } from '../../../testing/receipt-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant, staffSession } from '../../../testing/staff-fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Handler = (request: { url: URL; method: string; init: RequestInit }) => Response | undefined;

function stubDaysApi({
  me = ME as TMeResponse,
  reports = { '2025-03-14': fakeDayReport() } as Record<string, TDayReport>,
  closed = [fakeClosedDay()] as TClosedDay[],
  handle = (() => undefined) as Handler,
} = {}) {
  const asked: string[] = [];
  const closes: { date: string; body: unknown; key: string | null }[] = [];
  stubFetch((request) => {
    const { url, method, init } = request;
    const handled = handle(request);
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/restaurants/${ME.restaurantId}`) return jsonResponse(200, fakeRestaurant());
    if (url.pathname === '/api/days')
      return jsonResponse(200, { items: closed, total: closed.length, page: 1, pageSize: 10 });
    const close = /^\/api\/days\/([\d-]+)\/close$/.exec(url.pathname);
    if (close && method === 'POST') {
      const date = close[1]!;
      const body = JSON.parse(String(init.body)) as { cashCountedMinor: number; note?: string };
      closes.push({ date, body, key: new Headers(init.headers).get('idempotency-key') });
      const report = fakeZReport({
        ...reports[date],
        closed: true,
        closedAt: '2025-03-14T23:50:00.000Z',
        closedBy: { id: ME.userId, name: ME.name },
        cashCountedMinor: body.cashCountedMinor,
        cashDifferenceMinor: body.cashCountedMinor - (reports[date]?.cashExpectedMinor ?? 0),
        note: body.note ?? null,
      });
      reports[date] = report;
      return jsonResponse(200, report);
    }
    const day = /^\/api\/days\/([\d-]+)$/.exec(url.pathname);
    if (day) {
      asked.push(day[1]!);
      return jsonResponse(200, reports[day[1]!] ?? fakeDayReport({ date: day[1]!, taxes: [], byMethod: [] }));
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { asked, closes, reports };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CloseDayScreen', () => {
  it('says a day with sales and no tax rates carries no VAT, and a day without sales that nothing was sold', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-15T01:30:00Z'));
    stubDaysApi({
      reports: {
        '2025-03-14': fakeDayReport({ taxes: [], grossMinor: 5665, netMinor: 5665, taxMinor: 0 }),
        '2025-03-13': fakeDayReport({
          date: '2025-03-13',
          taxes: [],
          grossMinor: 0,
          netMinor: 0,
          taxMinor: 0,
        }),
      },
    });
    renderApp('/dashboard/payments/close-day');
    const report = await screen.findByTestId('day-report', {}, { timeout: 5_000 });
    expect(
      within(report).getByText(/^No VAT on these sales: the restaurant has no tax rate set/),
    ).toBeTruthy();
    expect(within(report).queryByText('Nothing sold yet on this day.')).toBeNull();
    fill('Business day', '2025-03-13');
    expect(await screen.findByText('Nothing sold yet on this day.')).toBeTruthy();
  });

  it('opens on the current business day’s X report, with both rates and the figures', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:30 in Rome on the 15th belongs to the 14th.
    vi.setSystemTime(new Date('2025-03-15T01:30:00Z'));
    const { asked } = stubDaysApi();
    renderApp('/dashboard/payments/close-day');

    const report = await screen.findByTestId('day-report', {}, { timeout: 5_000 });
    expect(asked).toEqual(['2025-03-14']);
    expect((screen.getByLabelText('Business day') as HTMLInputElement).value).toBe('2025-03-14');
    expect(within(report).getByRole('heading', { name: 'X report' })).toBeTruthy();
    expect(within(report).getByText('Open · live')).toBeTruthy();
    expect(within(report).getByText('Friday, March 14, 2025')).toBeTruthy();
    // The rates, lowest first, each with its gross.
    const rates = within(report).getAllByTestId('report-tax-row');
    expect(rates.map((row) => row.textContent)).toEqual([
      '10% IVA 10%€21.82€2.18€24.00',
      '22% IVA 22%€6.56€1.44€8.00',
    ]);
    expect(within(screen.getByTestId('report-gross')).getByText('€32.00')).toBeTruthy();
    expect(within(report).getByTestId('report-methods').textContent).toBe('Cash (1)€20.00Card (1)€12.00');
    expect(within(report).getByText('Voids (1 line)')).toBeTruthy();
    expect(within(report).getByText('2025-000011 – 2025-000012')).toBeTruthy();
    // The closed days below, each opening its Z report.
    const [closedDay] = await screen.findAllByTestId('closed-day-row');
    expect(closedDay!.textContent).toContain('+€0.50');
    expect(within(closedDay!).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/payments/close-day?date=2025-03-13',
    );
  });

  it('shows the difference as the cash is typed, asks before closing, and shows the Z report', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T20:00:00Z'));
    const { closes } = stubDaysApi();
    renderApp('/dashboard/payments/close-day');
    await screen.findByTestId('close-day-form', {}, { timeout: 5_000 });

    const difference = screen.getByTestId('cash-difference');
    expect(difference.textContent).toBe('Shown as you type the cash counted');
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('Type the cash counted, 0 if there is none.')).toBeTruthy();

    fill('Cash counted (EUR)', '19,50');
    expect(difference.textContent).toBe('Short by €0.50');
    expect(difference.getAttribute('data-state')).toBe('short');
    expect(difference.className).toMatch(/text-red-800/);
    fill('Cash counted (EUR)', '20');
    expect(difference.textContent).toBe('Matches the cash expected');
    fill('Cash counted (EUR)', '21.00');
    expect(difference.textContent).toBe('Over by €1.00');
    expect(difference.className).toMatch(/text-green-800/);
    fill('Cash counted (EUR)', '19.50');
    fill('Note (optional)', ' Change from the tips jar ');

    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close the business day of Friday, March 14, 2025?',
    });
    expect(dialog.textContent).toContain('Cash counted: €19.50 (Short by €0.50).');
    expect(dialog.textContent).toContain('Closing is final');
    expect(closes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the day' }));

    expect(await screen.findByText('The business day of Friday, March 14, 2025 is closed.')).toBeTruthy();
    expect(closes).toEqual([
      {
        date: '2025-03-14',
        body: { cashCountedMinor: 1950, note: 'Change from the tips jar' },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('day-report').getAttribute('data-closed')).toBe('true'));
    const report = screen.getByTestId('day-report');
    expect(within(report).getByRole('heading', { name: 'Z report' })).toBeTruthy();
    expect(within(report).getByTestId('report-difference').textContent).toBe('Short by €0.50');
    expect(screen.queryByTestId('close-day-form')).toBeNull();
    // The Z report prints on its own, on 80 mm paper.
    const slip = screen.getByTestId('z-report-print');
    expect(slip.parentElement).toBe(document.body);
    expect(within(slip).getByTestId('day-report-slip').textContent).toContain('Z report');
    fireEvent.click(screen.getByRole('button', { name: 'Print the Z report' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('sends the same key again on a retry, and says when the day was closed meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T20:00:00Z'));
    let answer: 'down' | 'closed' = 'down';
    const keys: (string | null)[] = [];
    stubDaysApi({
      handle: ({ url, method, init }) => {
        if (!url.pathname.endsWith('/close') || method !== 'POST') return undefined;
        keys.push(new Headers(init.headers).get('idempotency-key'));
        return answer === 'down'
          ? errorResponse(503, 'UNAVAILABLE', 'Down for a moment')
          : errorResponse(409, 'DAY_CLOSED', 'The business day of 2025-03-14 is closed already');
      },
    });
    renderApp('/dashboard/payments/close-day');
    await screen.findByTestId('close-day-form', {}, { timeout: 5_000 });
    fill('Cash counted (EUR)', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText(/The day was not closed/)).toBeTruthy();

    answer = 'closed';
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('This day was closed already: its Z report is shown.')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('warns of the bills still open, closes only with "Close anyway", and keeps them on the Z report', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T20:00:00Z'));
    const open = {
      bills: {
        count: 2,
        dueMinor: 5375,
        cashMinor: 1000,
        items: [
          {
            tableId: '0d5e4a8e-3c1a-4b7e-9a55-0b2f6c1e0001',
            tableNumber: 4,
            tableLabel: 'Terrace',
            openedAt: '2025-03-14T18:00:00.000Z',
            totalMinor: 4620,
            paidMinor: 1000,
            dueMinor: 3620,
            cashMinor: 1000,
          },
          {
            tableId: '0d5e4a8e-3c1a-4b7e-9a55-0b2f6c1e0002',
            tableNumber: 7,
            tableLabel: null,
            openedAt: '2025-03-14T19:00:00.000Z',
            totalMinor: 1755,
            paidMinor: 0,
            dueMinor: 1755,
            cashMinor: 0,
          },
        ],
      },
      checkouts: { count: 1, amountMinor: 610 },
    };
    const { closes } = stubDaysApi({ reports: { '2025-03-14': fakeDayReport({ open }) } });
    renderApp('/dashboard/payments/close-day');
    const warning = await screen.findByTestId('open-at-close', {}, { timeout: 5_000 });
    expect(within(warning).getByRole('heading').textContent).toBe('2 bills are still open: €53.75 due');
    expect(
      within(warning)
        .getAllByTestId('open-bill')
        .map((row) => row.textContent),
    ).toEqual(['Table 4 · Terrace€36.20 due of €46.20€10.00 taken in cash', 'Table 7€17.55 due of €17.55']);
    expect(within(warning).getByTestId('open-cash').textContent).toMatch(/^€10.00 in cash was taken/);
    expect(within(warning).getByTestId('open-checkouts').textContent).toMatch(
      /^1 guest is paying online \(€6.10\)/,
    );

    fill('Cash counted (EUR)', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('close-open-warning').textContent).toBe(
      '2 bills are still open with €53.75 due. 1 online payment is under way.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Close the day' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close anyway' }));
    await waitFor(() => expect(screen.getByTestId('day-report').getAttribute('data-closed')).toBe('true'));
    expect(closes.map((c) => c.body)).toEqual([{ cashCountedMinor: 2000, acknowledgeOpen: true }]);
    // The Z report says what was open when it was closed.
    expect(within(screen.getByTestId('open-at-close')).getByRole('heading').textContent).toBe(
      'Closed with 2 bills open: €53.75 due',
    );
  });

  it('says so when bills were opened after the report was read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T20:00:00Z'));
    const bodies: unknown[] = [];
    stubDaysApi({
      handle: ({ url, method, init }) => {
        if (!url.pathname.endsWith('/close') || method !== 'POST') return undefined;
        bodies.push(JSON.parse(String(init.body)));
        return errorResponse(409, 'DAY_HAS_OPEN_BILLS', '1 bill(s) are still open');
      },
    });
    renderApp('/dashboard/payments/close-day');
    await screen.findByTestId('close-day-form', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('open-at-close')).toBeNull();
    fill('Cash counted (EUR)', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close the day' }));
    expect(
      await screen.findByText(/Bills were opened or payments started since the report was read/),
    ).toBeTruthy();
    expect(bodies).toEqual([{ cashCountedMinor: 2000 }]);
  });

  it('opens a closed day’s Z report from the list', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T20:00:00Z'));
    const { asked } = stubDaysApi({
      reports: { '2025-03-14': fakeDayReport(), '2025-03-13': fakeZReport({ date: '2025-03-13' }) },
    });
    const { router } = renderApp('/dashboard/payments/close-day');
    const [row] = await screen.findAllByTestId('closed-day-row', {}, { timeout: 5_000 });
    fireEvent.click(within(row!).getByRole('link'));
    await waitFor(() => expect(asked).toContain('2025-03-13'));
    expect(router.state.location.search).toBe('?date=2025-03-13');
    expect(await screen.findByRole('heading', { name: 'Z report' })).toBeTruthy();
    expect(screen.getByTestId('report-closed-by').textContent).toMatch(/^Closed by Giulia Rossi on /);
    expect(screen.getByText('Gave change from the tips jar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the current business day' })).toBeTruthy();
  });

  it('shows the X report without the close to those who may only see payments', async () => {
    stubDaysApi({ me: staffSession(['payments.view']) });
    renderApp('/dashboard/payments/close-day');
    expect(await screen.findByTestId('day-report', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('close-day-form')).toBeNull();
    expect(screen.getByText(/Closing the day needs the permission to manage payments/)).toBeTruthy();
  });
});
