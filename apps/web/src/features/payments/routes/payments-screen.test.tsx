import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPaymentListItem } from '@tavolo/contract/payments';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder } from '../../../testing/order-fixtures';
import { fakePayment, fakeRefund, fakeStats } from '../../../testing/payment-fixtures';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';

const RID = ME.restaurantId;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Handler = (request: { url: URL; method: string; init: RequestInit }) => Response | undefined;

function stubPaymentsApi({
  me = ME as TMeResponse,
  payments = [fakePayment()] as TPaymentListItem[],
  stats = fakeStats(),
  handle = (() => undefined) as Handler,
} = {}) {
  const lists: Record<string, string>[] = [];
  const statsQueries: Record<string, string>[] = [];
  const fetch = stubFetch((request) => {
    const { url } = request;
    const handled = handle(request);
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`)
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    if (url.pathname === `/api/payments/stats/${RID}`) {
      statsQueries.push(Object.fromEntries(url.searchParams));
      return jsonResponse(200, stats);
    }
    if (url.pathname === `/api/payments/restaurant/${RID}`) {
      lists.push(Object.fromEntries(url.searchParams));
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      return jsonResponse(200, {
        items: payments.slice((page - 1) * pageSize, page * pageSize),
        total: payments.length,
        page,
        pageSize,
      });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, lists, statsQueries };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PaymentsScreen', () => {
  it('shows the totals, the charts with their figures, and the list of the period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 14 March is already 15 March in Rome: the period ends on the restaurant's day.
    vi.setSystemTime(new Date('2025-03-14T23:30:00Z'));
    const refunded = fakePayment({ orderNumber: 7, method: 'cash', refundedMinor: 500 });
    const { lists, statsQueries } = stubPaymentsApi({
      payments: [
        fakePayment({ receipt: { id: '99999999-9999-4999-8999-999999999999', number: '2025-000042' } }),
        { ...refunded, refunds: [fakeRefund(refunded)] },
      ],
    });
    renderApp('/dashboard/payments');

    const cards = await screen.findAllByTestId('stat-card', {}, { timeout: 5_000 });
    expect(cards.map((card) => card.firstChild?.textContent)).toEqual([
      'Revenue',
      'Payments',
      'Average payment',
      'Refunds',
    ]);
    expect(within(cards[0]!).getByText('€125.00')).toBeTruthy();
    expect(within(cards[1]!).getByText('5')).toBeTruthy();
    expect(within(cards[2]!).getByText('€27.00')).toBeTruthy();
    expect(within(cards[3]!).getByText('€10.00')).toBeTruthy();
    expect(within(cards[0]!).getByText('€135.00 before refunds')).toBeTruthy();
    expect(statsQueries.at(-1)).toEqual({ from: '2025-03-09', to: '2025-03-15' });
    expect(lists.at(-1)).toEqual({ from: '2025-03-09', to: '2025-03-15', page: '1', pageSize: '20' });

    // Each chart says what it shows in words, and lists its figures.
    const byDay = screen.getByRole('figure', { name: 'Revenue by day' });
    expect(byDay.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(byDay).getByText(/Best day: .*14.*€80\.00/)).toBeTruthy();
    expect(within(byDay).getByRole('rowheader', { name: /13/ })).toBeTruthy();
    const byMethod = screen.getByRole('figure', { name: 'Revenue by method' });
    expect(within(byMethod).getByText('Revenue by payment method: Card €80.00, Cash €45.00.')).toBeTruthy();
    // The charts' code arrives on its own (lazily); a skeleton holds their place until then.
    await waitFor(() => expect(screen.queryAllByTestId('chart-skeleton')).toHaveLength(0));
    expect(within(byDay).getByTestId('chart-days').querySelector('.recharts-wrapper')).toBeTruthy();

    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    // 18:30 UTC is 19:30 in Rome.
    expect(rows[0]!.textContent).toMatch(/7:30\s?PM|19:30/);
    expect(within(rows[0]!).getByText('#12')).toBeTruthy();
    expect(within(rows[0]!).getByText('Card')).toBeTruthy();
    expect(within(rows[0]!).getByText('Succeeded')).toBeTruthy();
    expect(within(rows[0]!).getByText('Marco Bianchi')).toBeTruthy();
    // Its receipt, one tap away; a payment from before receipts has none.
    expect(within(rows[0]!).getByRole('link', { name: '2025-000042' }).getAttribute('href')).toBe(
      '/dashboard/payments/receipts/99999999-9999-4999-8999-999999999999',
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByText('Partly refunded')).toBeTruthy();
    expect(within(rows[1]!).getByText('€5.00 refunded')).toBeTruthy();
    expect(screen.getByTestId('payments-count').textContent).toBe('2 payments');
  });

  it('keeps the period and the filters in the URL and asks for them', async () => {
    const { lists, statsQueries } = stubPaymentsApi();
    const { router } = renderApp(
      '/dashboard/payments?period=custom&from=2025-01-01&to=2025-01-31&method=cash',
    );
    await screen.findAllByTestId('payment-row', {}, { timeout: 5_000 });
    expect(statsQueries.at(-1)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(lists.at(-1)).toMatchObject({ from: '2025-01-01', to: '2025-01-31', method: 'cash' });
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom');

    fill('To', '2025-02-10');
    await waitFor(() => expect(statsQueries.at(-1)).toEqual({ from: '2025-01-01', to: '2025-02-10' }));
    fill('Status', 'refunded');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ method: 'cash', status: 'refunded' }));
    expect(router.state.location.search).toBe(
      '?period=custom&from=2025-01-01&to=2025-02-10&method=cash&status=refunded',
    );

    fill('Period', 'today');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?period=today&method=cash&status=refunded'),
    );
    expect(screen.queryByLabelText('From')).toBeNull();

    // An end before the start asks for other dates rather than loading nothing.
    fill('Period', 'custom');
    await waitFor(() => expect(screen.getByLabelText('From')).toBeTruthy());
    fill('From', '2025-12-01');
    fill('To', '2025-11-01');
    expect(await screen.findByText('Choose the period')).toBeTruthy();
  });

  it('shows an empty state, and an error with a retry', async () => {
    let fail = true;
    stubPaymentsApi({
      payments: [],
      handle: ({ url }) =>
        url.pathname === `/api/payments/restaurant/${RID}` && fail
          ? errorResponse(500, 'INTERNAL', 'Something broke')
          : undefined,
    });
    renderApp('/dashboard/payments');
    expect(await screen.findByText('Could not load the payments', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payments in this period')).toBeTruthy();
  });

  it('refunds what is left of a payment, validated, confirmed and sent with an Idempotency-Key', async () => {
    const payment = fakePayment({ amountMinor: 2000, refundedMinor: 500 });
    const sent: { body: unknown; key: string | null }[] = [];
    let answer: 'field-error' | 'ok' = 'field-error';
    const { lists, statsQueries } = stubPaymentsApi({
      payments: [payment],
      handle: ({ url, method, init }) => {
        if (url.pathname !== `/api/payments/${payment.id}/refund` || method !== 'POST') return undefined;
        sent.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        if (answer === 'field-error')
          return errorResponse(409, 'CONFLICT', 'More than what is left', {
            amountMinor: 'is more than what is left',
          });
        const refund = fakeRefund(payment, { amountMinor: 1000 });
        return jsonResponse(201, {
          refund,
          payment: { ...payment, refundedMinor: 1500, refunds: [refund] },
          order: fakeOrder({ id: payment.orderId, paidMinor: 500, paymentStatus: 'partially_refunded' }),
        });
      },
    });
    renderApp('/dashboard/payments');
    const [row] = await screen.findAllByTestId('payment-row', {}, { timeout: 5_000 });
    fireEvent.click(within(row!).getByRole('button', { name: /^Refund the €20\.00 payment of order 12/ }));

    const dialog = await screen.findByTestId('refund-dialog');
    const amount = within(dialog).getByLabelText('Amount (EUR)') as HTMLInputElement;
    // What is left of the payment to start with.
    expect(amount.value).toBe('15.00');
    for (const button of within(dialog).getAllByRole('button')) {
      if (button.getAttribute('aria-label') === 'Close') continue;
      expect(button.className).toMatch(/min-h-11/);
    }

    fireEvent.change(amount, { target: { value: '15.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText(/must be at most €15\.00/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText(/must be more than zero/)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: ' Cold soup ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirmation = await within(dialog).findByTestId('refund-confirmation');
    expect(confirmation.textContent).toMatch(/Give back €10\.00 of this payment\? Reason: “Cold soup”/);

    // The server refuses: its message shows on the field, the dialog stays open.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund €10.00' }));
    expect(await within(dialog).findByText(/is more than what is left/)).toBeTruthy();
    expect(await screen.findByText(/The refund of €10\.00 was not recorded/)).toBeTruthy();

    // The same refund again: the same key, so the server can never give the money back twice.
    answer = 'ok';
    const listsBefore = lists.length;
    const statsBefore = statsQueries.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund €10.00' }));
    expect(await screen.findByText('€10.00 refunded for order #12.')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ body: { amountMinor: 1000, reason: 'Cold soup' }, key: expect.any(String) });
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('refund-confirmation')).toBeNull());
    // The list and the stats reload.
    await waitFor(() => expect(lists.length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(statsQueries.length).toBeGreaterThan(statsBefore));
  });

  it('offers refunds only to those who may manage payments', async () => {
    stubPaymentsApi({ me: staffSession(['payments.view']) });
    renderApp('/dashboard/payments');
    const [row] = await screen.findAllByTestId('payment-row', {}, { timeout: 5_000 });
    expect(within(row!).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Refund the/ })).toHaveLength(0);
  });
});
