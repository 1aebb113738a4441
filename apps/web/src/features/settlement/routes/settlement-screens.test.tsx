import type { TMeResponse } from '@tavolo/contract/auth';
import type { TSettlementAccount, TWalletTransaction } from '@tavolo/contract/wallet';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';
import { fakeSettlementAccount, fakeWalletTransaction } from '../../../testing/wallet-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;
const INTESA = fakeSettlementAccount({ bankName: 'Intesa', accountNumberMasked: '•••• 1234' });
const UNICREDIT = fakeSettlementAccount({
  bankName: 'UniCredit',
  accountName: 'Giulia Rossi',
  accountNumberMasked: '•••• 9876',
  isDefault: false,
});

type Request = { url: URL; method: string; body: unknown; headers: Record<string, string> };
type Handler = (request: Request) => Response | undefined;

function stubSettlementApi({
  me = ME,
  balanceMinor = 12_340,
  transactions = [],
  total,
  accounts = [INTESA, UNICREDIT],
  handle = () => undefined,
}: {
  me?: TMeResponse;
  balanceMinor?: number;
  transactions?: TWalletTransaction[];
  total?: number;
  accounts?: TSettlementAccount[];
  handle?: Handler;
} = {}) {
  const requests: Request[] = [];
  const fetch = stubFetch(({ url, method, init }) => {
    const request = {
      url,
      method,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const handled = handle(request);
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/wallet-transactions/${RID}` && method === 'GET')
      return jsonResponse(200, {
        balanceMinor,
        currency: 'EUR',
        items: transactions,
        total: total ?? transactions.length,
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: 20,
      });
    if (url.pathname === `/api/settlement-accounts/${RID}` && method === 'GET')
      return jsonResponse(200, { items: accounts });
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, requests };
}

/** The payout button, once the balance is in (it waits disabled while the wallet loads). */
async function payoutButton() {
  await screen.findByTestId('wallet-balance');
  return screen.getByRole('button', { name: 'Request payout' });
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the settlement screen', () => {
  it('shows the balance and the ledger: signed amounts, running balance, restaurant time', async () => {
    stubSettlementApi({
      transactions: [
        fakeWalletTransaction({
          type: 'debit',
          kind: 'fee',
          amountMinor: 38,
          balanceAfterMinor: 12_340,
          description: 'Sandbox fee for order #12',
          createdAt: '2025-03-14T18:30:00.000Z',
        }),
        fakeWalletTransaction({ amountMinor: 2_500, balanceAfterMinor: 12_378 }),
      ],
    });
    renderApp('/dashboard/settlement');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('€123.40');
    const rows = await screen.findAllByTestId('wallet-transaction');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Provider fee')).toBeTruthy();
    expect(within(rows[0]!).getByText('Sandbox fee for order #12')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('transaction-amount').textContent).toContain('\u2212€0.38');
    expect(within(rows[0]!).getByTestId('transaction-balance').textContent).toContain('€123.40');
    // 18:30 UTC is 19:30 in Rome.
    expect(rows[0]!.textContent).toMatch(/7:30\s?PM|19:30/);
    const credit = within(rows[1]!).getByTestId('transaction-amount');
    expect(credit.textContent).toContain('+€25.00');
    expect(credit.className).toContain('text-green-700');
    expect(screen.getByTestId('wallet-count').textContent).toBe('2 transactions, newest first');
  });

  it('says where online payments will show when the wallet is empty', async () => {
    stubSettlementApi({ balanceMinor: 0 });
    renderApp('/dashboard/settlement');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText(/Online payments will credit your wallet here/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by kind through the server and pages through the ledger', async () => {
    const { fetch } = stubSettlementApi({ transactions: [fakeWalletTransaction()], total: 45 });
    renderApp('/dashboard/settlement');
    await screen.findAllByTestId('wallet-transaction');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'payout' } });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('kind=payout'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) => String(url).includes('page=2') && String(url).includes('kind=payout'),
        ),
      ).toBe(true),
    );
  });

  it('offers to try again when the wallet does not load', async () => {
    let fail = true;
    stubSettlementApi({
      handle: ({ url }) =>
        url.pathname.startsWith('/api/wallet-transactions/') && fail
          ? errorResponse(503, 'UNAVAILABLE', 'The database is busy')
          : undefined,
    });
    renderApp('/dashboard/settlement');
    expect(await screen.findByText('Could not load the wallet')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('€123.40');
  });

  it('asks before paying out, then sends a payout with an Idempotency-Key and shows the new balance', async () => {
    let balance = 12_340;
    const posts: Request[] = [];
    stubSettlementApi({
      handle: (request) => {
        if (request.url.pathname === `/api/wallet-transactions/${RID}`)
          return jsonResponse(200, {
            balanceMinor: balance,
            currency: 'EUR',
            items: [],
            total: 0,
            page: 1,
            pageSize: 20,
          });
        if (request.url.pathname !== '/api/wallet-transactions' || request.method !== 'POST')
          return undefined;
        posts.push(request);
        balance -= 10_000;
        return jsonResponse(
          201,
          fakeWalletTransaction({
            type: 'debit',
            kind: 'payout',
            amountMinor: 10_000,
            balanceAfterMinor: balance,
          }),
        );
      },
    });
    renderApp('/dashboard/settlement');
    fireEvent.click(await payoutButton());
    const dialog = await screen.findByTestId('payout-dialog');
    const amount = (await within(dialog).findByLabelText('Amount (EUR)')) as HTMLInputElement;
    expect(amount.value).toBe('123.40');
    expect((within(dialog).getByLabelText('Pay out to') as HTMLSelectElement).value).toBe(INTESA.id);

    fill('Amount (EUR)', '200');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText(/Amount \(EUR\) must be at most €123.40, the wallet balance/),
    ).toBeTruthy();

    fill('Amount (EUR)', '100');
    fireEvent.change(within(dialog).getByLabelText('Pay out to'), { target: { value: UNICREDIT.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Pay out €100.00 to UniCredit •••• 9876?')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out €100.00' }));
    expect(await screen.findByText('€100.00 is on its way to UniCredit •••• 9876.')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      kind: 'payout',
      amountMinor: 10_000,
      settlementAccountId: UNICREDIT.id,
    });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('€23.40'));
  });

  it('explains a payout refused for insufficient funds and keeps the key for the same retry', async () => {
    const posts: Request[] = [];
    stubSettlementApi({
      handle: (request) => {
        if (request.url.pathname !== '/api/wallet-transactions' || request.method !== 'POST')
          return undefined;
        posts.push(request);
        return errorResponse(409, 'INSUFFICIENT_FUNDS', 'The wallet holds less than that');
      },
    });
    renderApp('/dashboard/settlement');
    fireEvent.click(await payoutButton());
    const dialog = await screen.findByTestId('payout-dialog');
    await within(dialog).findByLabelText('Amount (EUR)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay out €123.40' }));
    expect(await within(dialog).findByText(/The wallet does not hold €123.40 any more/)).toBeTruthy();
    expect(within(dialog).getByText('Amount (EUR) is more than the wallet holds now.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay out €123.40' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('sends to the add-account screen when there is no account to pay out to', async () => {
    stubSettlementApi({ accounts: [] });
    const { router } = renderApp('/dashboard/settlement');
    fireEvent.click(await payoutButton());
    const dialog = await screen.findByTestId('payout-dialog');
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Add a settlement account' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/settlement/accounts/add-account'),
    );
  });

  it('hides the payout button from those who may only look', async () => {
    stubSettlementApi({ me: staffSession(['wallet.view']) });
    renderApp('/dashboard/settlement');
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Settlement area' })).toBeNull();
  });
});

describe('the settlement accounts', () => {
  it('lists the accounts with the default marked, and makes another the default', async () => {
    const puts: Request[] = [];
    stubSettlementApi({
      handle: (request) => {
        if (request.url.pathname !== `/api/settlement-accounts/${UNICREDIT.id}` || request.method !== 'PUT')
          return undefined;
        puts.push(request);
        return jsonResponse(200, { ...UNICREDIT, isDefault: true });
      },
    });
    renderApp('/dashboard/settlement/accounts');
    const rows = await screen.findAllByTestId('settlement-account');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Default')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('•••• 1234');
    expect(within(rows[1]!).queryByText('Default')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: /Make .* the default/ })).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Make UniCredit •••• 9876 the default' }));
    expect(await screen.findByText('Payouts now go to UniCredit •••• 9876 by default.')).toBeTruthy();
    expect(puts.map((put) => put.body)).toEqual([{ isDefault: true }]);
  });

  it('removes an account only after asking, and says what happens to one with payouts', async () => {
    let deleted = false;
    stubSettlementApi({
      handle: ({ url, method }) => {
        if (url.pathname !== `/api/settlement-accounts/${UNICREDIT.id}` || method !== 'DELETE')
          return undefined;
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/dashboard/settlement/accounts');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove UniCredit •••• 9876' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove UniCredit •••• 9876?' });
    expect(dialog.textContent).toContain('it is archived instead of deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove UniCredit •••• 9876' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove UniCredit •••• 9876?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('UniCredit •••• 9876 was removed.')).toBeTruthy();
    expect(deleted).toBe(true);
  });

  it('invites to add the first account', async () => {
    stubSettlementApi({ accounts: [] });
    renderApp('/dashboard/settlement/accounts');
    expect(await screen.findByText('No settlement account yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add account' }).length).toBeGreaterThan(0);
  });

  it('opens the Settlement area on the accounts for those who manage them but may not see the wallet', async () => {
    stubSettlementApi({ me: staffSession(['settlement.manage']) });
    const { router } = renderApp('/dashboard/settlement');
    await screen.findAllByTestId('settlement-account');
    expect(router.state.location.pathname).toBe('/dashboard/settlement/accounts');
    expect(screen.getByRole('link', { name: 'Settlement' })).toBeTruthy();
  });

  it('is closed to those who may see the wallet but not manage the accounts', async () => {
    stubSettlementApi({ me: staffSession(['wallet.view']) });
    renderApp('/dashboard/settlement/accounts');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});

describe('adding a settlement account', () => {
  it('checks the fields with the contract, then adds the account and goes back to the list', async () => {
    const posts: unknown[] = [];
    stubSettlementApi({
      handle: ({ url, method, body }) => {
        if (url.pathname !== '/api/settlement-accounts' || method !== 'POST') return undefined;
        posts.push(body);
        return jsonResponse(
          201,
          fakeSettlementAccount({ bankName: 'Fineco', accountNumberMasked: '•••• 4321', isDefault: true }),
        );
      },
    });
    const { router } = renderApp('/dashboard/settlement/accounts/add-account');
    await screen.findByRole('form', { name: 'New settlement account' });
    fill('Account number or IBAN', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Bank name is required.')).toBeTruthy();
    expect(screen.getByText('Account holder is required.')).toBeTruthy();
    expect(screen.getByText('Account number or IBAN must have at least 4 letters or digits.')).toBeTruthy();
    expect(posts).toEqual([]);

    fill('Bank name', 'Fineco');
    fill('Account holder', 'Trattoria Giulia srl');
    fill('Account number or IBAN', 'it60 x054-2811 1010 0000 0123 4321');
    fireEvent.click(screen.getByLabelText('Make this the default account'));
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settlement/accounts'));
    expect(posts).toEqual([
      {
        bankName: 'Fineco',
        accountName: 'Trattoria Giulia srl',
        accountNumber: 'IT60X05428111010000001234321',
        isDefault: true,
      },
    ]);
    expect(await screen.findByText('Fineco •••• 4321 was added. Payouts go to it by default.')).toBeTruthy();
  });

  it("puts the server's complaints under the fields", async () => {
    stubSettlementApi({
      handle: ({ url, method }) =>
        url.pathname === '/api/settlement-accounts' && method === 'POST'
          ? errorResponse(400, 'VALIDATION_FAILED', 'Check the fields', { bankName: 'is not a bank we know' })
          : undefined,
    });
    renderApp('/dashboard/settlement/accounts/add-account');
    await screen.findByRole('form', { name: 'New settlement account' });
    fill('Bank name', 'Banca X');
    fill('Account holder', 'Giulia');
    fill('Account number or IBAN', '12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Bank name is not a bank we know.')).toBeTruthy();
  });
});
