import type { TMeResponse } from '@tavolo/contract/auth';
import type { TReceipt, TReceiptSummary } from '@tavolo/contract/receipts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeReceipt, fakeReceiptSummary } from '../../../testing/receipt-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant, staffSession } from '../../../testing/staff-fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Handler = (request: { url: URL; method: string; init: RequestInit }) => Response | undefined;

const RECEIPT = fakeReceipt({ id: '33333333-3333-4333-8333-333333333333' });
const CREDIT = fakeReceiptSummary({
  id: '44444444-4444-4444-8444-444444444444',
  number: '2025-000013',
  kind: 'credit_note',
  totalMinor: -800,
  orderNumbers: [41],
  creditFor: { id: RECEIPT.id, number: RECEIPT.number },
  issuedAt: '2025-03-14T21:00:00.000Z',
});

function stubReceiptsApi({
  me = ME as TMeResponse,
  receipts = [CREDIT, fakeReceiptSummary({ id: RECEIPT.id })] as TReceiptSummary[],
  receipt = RECEIPT as TReceipt,
  handle = (() => undefined) as Handler,
} = {}) {
  const lists: Record<string, string>[] = [];
  const emails: unknown[] = [];
  stubFetch((request) => {
    const { url, method, init } = request;
    const handled = handle(request);
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/restaurants/${ME.restaurantId}`) return jsonResponse(200, fakeRestaurant());
    if (url.pathname === '/api/receipts') {
      lists.push(Object.fromEntries(url.searchParams));
      const q = url.searchParams.get('q') ?? '';
      const items = receipts.filter((one) => one.number.includes(q));
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    }
    if (url.pathname === `/api/receipts/${receipt.id}/email` && method === 'POST') {
      emails.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 202 });
    }
    if (url.pathname === `/api/receipts/${receipt.id}`) return jsonResponse(200, receipt);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { lists, emails };
}

describe('ReceiptsScreen', () => {
  it('lists the current business day’s receipts, a credit note pointing at its receipt, and the CSV', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:30 in Rome on the 15th: still the business day of the 14th (it starts at 04:00).
    vi.setSystemTime(new Date('2025-03-15T01:30:00Z'));
    const { lists } = stubReceiptsApi();
    renderApp('/dashboard/payments/receipts?period=today');

    const rows = await screen.findAllByTestId('receipt-row', {}, { timeout: 5_000 });
    expect(lists.at(-1)).toEqual({ from: '2025-03-14', to: '2025-03-14', page: '1', pageSize: '20' });
    expect(rows).toHaveLength(2);
    const credit = rows[0]!;
    expect(credit.getAttribute('data-kind')).toBe('credit_note');
    expect(within(credit).getByText('Credit note')).toBeTruthy();
    expect(within(credit).getByTestId('credit-for-link').getAttribute('href')).toBe(
      `/dashboard/payments/receipts/${RECEIPT.id}`,
    );
    expect(within(credit).getByText('-€8.00')).toBeTruthy();
    const receipt = rows[1]!;
    expect(within(receipt).getByRole('link', { name: 'Open receipt 2025-000012' })).toBeTruthy();
    expect(receipt.textContent).toMatch(/8:30\s?PM|20:30/);
    expect(within(receipt).getByText('Table 7')).toBeTruthy();
    expect(within(receipt).getByText('#41')).toBeTruthy();
    expect(within(receipt).getByText('Card')).toBeTruthy();
    expect(within(receipt).getByText('€32.00')).toBeTruthy();
    expect(screen.getByTestId('receipts-count').textContent).toBe('2 receipts');
    expect(screen.getByTestId('receipts-csv').getAttribute('href')).toBe(
      '/api/receipts/export.csv?from=2025-03-14&to=2025-03-14',
    );
    // The area's tabs: Receipts is the one open.
    const tabs = screen.getByRole('navigation', { name: 'Payments area' });
    expect(within(tabs).getByRole('link', { name: 'Receipts' }).getAttribute('aria-current')).toBe('page');
  });

  it('searches by number as one types, keeps it in the URL, and says when nothing matches', async () => {
    const { lists } = stubReceiptsApi();
    const { router } = renderApp('/dashboard/payments/receipts');
    await screen.findAllByTestId('receipt-row', {}, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '000013' } });
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ q: '000013' }));
    expect(router.state.location.search).toBe('?q=000013');
    await waitFor(() => expect(screen.getAllByTestId('receipt-row')).toHaveLength(1));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '999' } });
    expect(await screen.findByText('No receipt matches “999”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(screen.getAllByTestId('receipt-row')).toHaveLength(2));
    expect(router.state.location.search).toBe('');
  });

  it('shows an empty state, and an error with a retry', async () => {
    let fail = true;
    stubReceiptsApi({
      receipts: [],
      handle: ({ url }) =>
        url.pathname === '/api/receipts' && fail
          ? errorResponse(500, 'INTERNAL', 'Something broke')
          : undefined,
    });
    renderApp('/dashboard/payments/receipts');
    expect(await screen.findByText('Could not load the receipts', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No receipts on these days')).toBeTruthy();
  });

  it('is closed to those who may not see payments', async () => {
    stubReceiptsApi({ me: staffSession(['orders.view']) });
    renderApp('/dashboard/payments/receipts');
    expect(await screen.findByTestId('no-access', {}, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('ReceiptScreen', () => {
  it('shows the receipt with Print, its PDF, and e-mails it', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { emails } = stubReceiptsApi();
    renderApp(`/dashboard/payments/receipts/${RECEIPT.id}`);

    expect(
      await screen.findByRole('heading', { name: 'Receipt 2025-000012', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    const paper = screen.getByTestId('receipt-paper');
    expect(within(paper).getByTestId('receipt-view-tax-id').textContent).toBe('VAT No. IT01234567890');
    // The copy for paper, outside the app, is the only thing printed.
    const slip = screen.getByTestId('receipt-print');
    expect(slip.parentElement).toBe(document.body);
    expect(within(slip).getByTestId('receipt-view')).toBeTruthy();
    const rules = [...document.adoptedStyleSheets, ...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .map((rule) => rule.cssText)
      .join('\n');
    // (happy-dom keeps no @page rule: the e2e suite checks the printed page's size.)
    expect(rules).toMatch(/\[data-print-slip\] \{ page: tavolo-slip; \}/);

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('receipt-pdf').getAttribute('href')).toBe(`/api/receipts/${RECEIPT.id}.pdf`);

    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    const dialog = await screen.findByTestId('email-receipt-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the receipt' }));
    expect(await within(dialog).findByText('Enter an e-mail address.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'anna@example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the receipt' }));
    expect(await within(dialog).findByText(/does not look like an e-mail address/)).toBeTruthy();
    expect(emails).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('E-mail address'), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the receipt' }));
    expect(await screen.findByText('The receipt is on its way to anna@example.com.')).toBeTruthy();
    expect(emails).toEqual([{ email: 'anna@example.com' }]);
    await waitFor(() =>
      expect(screen.queryByTestId('email-receipt-dialog')?.hasAttribute('open')).toBeFalsy(),
    );
  });

  it('says so when the receipt was e-mailed too often (429)', async () => {
    stubReceiptsApi({
      handle: ({ url, method }) =>
        url.pathname.endsWith('/email') && method === 'POST'
          ? errorResponse(429, 'RATE_LIMITED', 'Too many attempts; try again in 3000 seconds')
          : undefined,
    });
    renderApp(`/dashboard/payments/receipts/${RECEIPT.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail' }, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('email-receipt-dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the receipt' }));
    expect(
      await within(dialog).findByText(
        'This receipt has been e-mailed too many times for now. Try again in an hour.',
      ),
    ).toBeTruthy();
  });

  it('leads from a credit note to the receipt it credits', async () => {
    stubReceiptsApi({
      receipt: fakeReceipt({
        ...CREDIT,
        kind: 'credit_note',
        netMinor: -727,
        taxMinor: -73,
        totalMinor: -800,
      }),
    });
    renderApp(`/dashboard/payments/receipts/${CREDIT.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Credit note 2025-000013', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /gives money back for receipt 2025-000012/ }).getAttribute('href'),
    ).toBe(`/dashboard/payments/receipts/${RECEIPT.id}`);
  });
});
